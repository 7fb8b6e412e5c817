import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { insertUserRow } from '../../testing/user-rows.ts'
import { createSessionsRepo } from './repo.ts'
import { createSessions, SESSION_TTL_MS } from './sessions.ts'

const HOUR = 60 * 60 * 1000
let dir: string
let db: Db
let clock: number
let sessions: ReturnType<typeof createSessions>
const USER = 'aaaaaaaaaaaaaaaaaaaaaaaa'

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-sessions-'))
  db = openDatabase(join(dir, 'wings.db'))
  migrate(db)
  insertUserRow(db, { id: USER })
  clock = Date.parse('2026-01-01T00:00:00Z')
  sessions = createSessions(createSessionsRepo(db), () => clock)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('sessions', () => {
  it('resolves a fresh token to its user without writing', () => {
    const token = sessions.start(USER)
    expect(sessions.resolve(token)).toEqual({ userId: USER, refreshed: false })
  })

  it('refuses malformed and unknown tokens', () => {
    sessions.start(USER)
    expect(sessions.resolve('not-a-token')).toBeNull()
    expect(sessions.resolve('A'.repeat(43))).toBeNull()
  })

  it('slides the expiry forward when used, at most hourly', () => {
    const token = sessions.start(USER)
    clock += SESSION_TTL_MS - HOUR
    expect(sessions.resolve(token)).toEqual({ userId: USER, refreshed: true })
    clock += SESSION_TTL_MS - HOUR
    expect(sessions.resolve(token)?.userId).toBe(USER)
  })

  it('expires after 30 days without use and removes the row', () => {
    const token = sessions.start(USER)
    clock += SESSION_TTL_MS
    expect(sessions.resolve(token)).toBeNull()
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0)
  })

  it('sweeps expired sessions when a new one starts', () => {
    sessions.start(USER)
    clock += SESSION_TTL_MS + 1
    sessions.start(USER)
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1)
  })

  it('keeps her signed in on a read-only disk, and refreshes once writes work again', () => {
    const token = sessions.start(USER)
    clock += 2 * HOUR
    db.pragma('query_only = 1')
    expect(sessions.resolve(token)).toEqual({ userId: USER, refreshed: false })
    clock += SESSION_TTL_MS
    expect(sessions.resolve(token)).toBeNull()
    db.pragma('query_only = 0')
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(1)
  })
})
