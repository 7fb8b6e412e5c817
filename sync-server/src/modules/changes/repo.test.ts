import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { insertUserRow } from '../../testing/user-rows.ts'
import { type ChangesRepo, createChangesRepo } from './repo.ts'

let dir: string
let db: Db
let changes: ChangesRepo
const AT = '2026-11-25T12:00:00.000Z'

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-changes-'))
  db = openDatabase(join(dir, 'wings.db'))
  migrate(db)
  insertUserRow(db, { id: 'u1' })
  insertUserRow(db, { id: 'u2', email: 'c@d.in' })
  changes = createChangesRepo(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the change log', () => {
  it('lists each entity once, at the seq of its newest change, after every older change', () => {
    changes.record('u1', 'story', 'a', AT)
    changes.record('u1', 'story', 'b', AT)
    changes.record('u1', 'story', 'a', AT)
    expect(changes.since('u1', 0, 10)).toEqual([
      { seq: 2, entity: 'story', entity_id: 'b' },
      { seq: 3, entity: 'story', entity_id: 'a' },
    ])
    expect(changes.since('u1', 2, 10)).toEqual([{ seq: 3, entity: 'story', entity_id: 'a' }])
  })

  it('gives the newest entity a new seq when it changes again, never its own number back', () => {
    changes.record('u1', 'story', 'a', AT)
    changes.record('u1', 'story', 'a', AT)
    changes.record('u1', 'story', 'a', '2026-11-25T12:00:01.000Z')
    expect(changes.since('u1', 0, 10)).toEqual([{ seq: 3, entity: 'story', entity_id: 'a' }])
    expect(db.prepare('SELECT changed_at FROM changes').all()).toEqual([{ changed_at: '2026-11-25T12:00:01.000Z' }])
    // A phone whose cursor is at 2 sees the third change.
    expect(changes.since('u1', 2, 10)).toHaveLength(1)
  })

  it("keeps users' changes apart and numbers them in one sequence", () => {
    changes.record('u1', 'story', 'a', AT)
    changes.record('u2', 'story', 'a', AT)
    changes.record('u1', 'draft', 'a', AT)
    expect(changes.since('u1', 0, 10)).toEqual([
      { seq: 1, entity: 'story', entity_id: 'a' },
      { seq: 3, entity: 'draft', entity_id: 'a' },
    ])
    expect(changes.since('u2', 0, 10)).toEqual([{ seq: 2, entity: 'story', entity_id: 'a' }])
    expect(changes.since('u1', 0, 1)).toHaveLength(1)
  })
})
