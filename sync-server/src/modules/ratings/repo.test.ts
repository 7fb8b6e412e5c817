import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { createRatingsRepo, type RatingsRepo } from './repo.ts'

let dir: string
let db: Db
let ratings: RatingsRepo

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-ratings-repo-'))
  db = openDatabase(join(dir, 'wings.db'))
  migrate(db)
  ratings = createRatingsRepo(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('edge ratings', () => {
  it("adds each rating to its edges' sums, per import", () => {
    ratings.addToEdges('import-a', [1, 2], 0.5)
    ratings.addToEdges('import-a', [2, 3], -1)
    ratings.addToEdges('import-b', [2], 1)
    const byEdge = (region: string) => ratings.edgeSums(region).sort((a, b) => a.edge - b.edge)
    expect(byEdge('import-a')).toEqual([
      { edge: 1, feedbackSum: 0.5, ratings: 1 },
      { edge: 2, feedbackSum: -0.5, ratings: 2 },
      { edge: 3, feedbackSum: -1, ratings: 1 },
    ])
    expect(byEdge('import-b')).toEqual([{ edge: 2, feedbackSum: 1, ratings: 1 }])
  })
})
