import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { migrate } from '../../db/migrate.ts'
import { interleaved } from '../../testing/interleaved-db.ts'
import { insertUserRow } from '../../testing/user-rows.ts'
import { createStoriesRepo, type StoriesRepo } from './repo.ts'

let dir: string
let db: Db
let stories: StoriesRepo
const AT = '2026-11-25T12:00:00.000Z'
const LATER = '2026-11-25T12:05:00.000Z'

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-stories-repo-'))
  db = openDatabase(join(dir, 'wings.db'))
  migrate(db)
  for (const id of ['author', 'r1', 'r2', 'r3', 'r4']) insertUserRow(db, { id, email: `${id}@b.in` })
  stories = createStoriesRepo(db)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const story = (id: string) =>
  stories.insert({ id, authorId: 'author', anonymous: false, title: 'T', content: 'C', createdAt: AT })

describe('the review queue', () => {
  it("orders a story's reports by time, then by what they show: never by who made them or when they were written", () => {
    story('s1')
    // Written in this order, three of them in the same millisecond.
    stories.flag('s1', 'r4', 'later', LATER, 0.25)
    stories.flag('s1', 'r1', 'b reason', AT, 1)
    stories.flag('s1', 'r2', 'a reason', AT, 1)
    stories.flag('s1', 'r3', 'z reason', AT, 0.5)
    expect(stories.reportsOf('s1')).toEqual([
      { reason: 'z reason', createdAt: AT, weight: 0.5 },
      { reason: 'a reason', createdAt: AT, weight: 1 },
      { reason: 'b reason', createdAt: AT, weight: 1 },
      { reason: 'later', createdAt: LATER, weight: 0.25 },
    ])
  })

  it('lists a story hidden without counting reports first, then the others by their newest report', () => {
    for (const id of ['s1', 's2', 's3']) story(id)
    stories.flag('s1', 'r1', 'x', LATER, 1)
    stories.flag('s2', 'r1', 'x', AT, 1)
    for (const id of ['s1', 's2', 's3']) stories.hide(id)
    expect(stories.inReview().map((s) => s.id)).toEqual(['s3', 's2', 's1'])
    expect(stories.countVisible()).toBe(0)
  })

  it('counts a deleted story out of the visible ones once, even when it was put in review meanwhile', () => {
    story('s1')
    story('s2')
    const other = createStoriesRepo(db)
    // Another server puts s1 in review just before this one deletes it.
    const mine = createStoriesRepo(interleaved(db, 'DELETE FROM stories', () => other.hide('s1')))
    mine.delete('s1')
    expect(stories.exists('s1')).toBe(false)
    expect(stories.countVisible()).toBe(1)
    mine.delete('s1')
    expect(stories.countVisible()).toBe(1)
  })

  it('reads single values: existence, reactions, audience, account age', () => {
    story('s1')
    expect(stories.exists('s1')).toBe(true)
    expect(stories.exists('nope')).toBe(false)
    expect(stories.countVisible()).toBe(1)
    stories.setReaction('r1', 's1', 'like', AT)
    stories.save('r2', 's1', AT)
    stories.save('r1', 's1', AT)
    expect(stories.reactionOf('r1', 's1')).toBe('like')
    expect(stories.reactionOf('r2', 's1')).toBeUndefined()
    expect(stories.audienceOf('s1').sort()).toEqual(['r1', 'r2'])
    expect(stories.accountCreatedAt('nobody')).toBeUndefined()
    expect(stories.accountCreatedAt('r1')).toEqual(expect.any(String))
    stories.delete('s1')
    expect(stories.countVisible()).toBe(0)
  })
})
