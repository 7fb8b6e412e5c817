import type { Story } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { saveDraft } from '../features/stories/index.ts'
import { cursorKey, SyncEngine } from '../sync/engine.ts'
import { offContract } from '../test/api.ts'
import { testUser } from '../test/fixtures.ts'
import { clearDb, syncServer } from '../test/sync.ts'
import { db } from './db.ts'
import { applyDraftChange, cacheDrafts, cacheList, cacheMyStories, readList } from './stories.ts'
import { storeServerUser } from './user.ts'

const asha = testUser()
const mine = (n: number, over: Partial<Story> = {}): Story => ({
  _id: String(n).padStart(24, '0'),
  title: `Story ${n}`,
  content: 'Text',
  author: 'Anonymous',
  authorId: asha._id,
  anonymous: true,
  createdAt: new Date(2025, 0, n).toISOString(),
  likes: 0,
  dislikes: 0,
  views: 0,
  ...over,
})

describe('pull applies stories and drafts', () => {
  beforeEach(async () => {
    await clearDb()
    await storeServerUser(asha)
  })
  afterEach(() => vi.unstubAllGlobals())

  it('stores her pulled stories and drafts, and removes deleted ones', async () => {
    await db.stories.put({ ...mine(9), title: 'Old' })
    await db.drafts.put({ _id: 'd'.repeat(24), userId: asha._id, title: 'Gone', content: 'x', updatedAt: 1 })
    syncServer({
      // The last change is malformed: the phone skips it.
      pull: () =>
        offContract({
          success: true,
          cursor: 5,
          more: false,
          changes: [
            { seq: 1, entity: 'story', id: mine(1)._id, deleted: false, data: mine(1) },
            { seq: 2, entity: 'story', id: mine(9)._id, deleted: true },
            {
              seq: 3,
              entity: 'draft',
              id: 'e'.repeat(24),
              deleted: false,
              data: {
                _id: 'e'.repeat(24),
                title: 'Draft',
                content: 'Body',
                updatedAt: '2025-03-05T10:30:00.000Z',
                anonymous: true,
              },
            },
            { seq: 4, entity: 'draft', id: 'd'.repeat(24), deleted: true },
            { seq: 5, entity: 'story', id: 'x', deleted: false, data: {} },
          ],
        }),
    })
    await new SyncEngine({ useLocks: false, isOnline: () => true }).sync()
    expect(await db.stories.get(mine(1)._id)).toMatchObject({ title: 'Story 1', authorId: asha._id })
    expect(await db.stories.get(mine(9)._id)).toBeUndefined()
    expect(await db.drafts.get('e'.repeat(24))).toMatchObject({
      userId: asha._id,
      title: 'Draft',
      updatedAt: Date.parse('2025-03-05T10:30:00.000Z'),
      anonymous: true,
    })
    expect(await db.drafts.get('d'.repeat(24))).toBeUndefined()
    expect((await db.meta.get(cursorKey(asha._id)))?.value).toBe(5)
  })

  it('keeps a draft she changed offline over a pulled copy, until her save is pushed', async () => {
    const id = await saveDraft({ title: 'Offline title', content: 'Offline text' })
    const change = {
      seq: 1,
      entity: 'draft' as const,
      id,
      deleted: false,
      data: { _id: id, title: 'Server', content: 'S', anonymous: false },
    }
    await applyDraftChange(asha._id, change)
    expect((await db.drafts.get(id))?.title).toBe('Offline title')
    await db.outbox.clear()
    await applyDraftChange(asha._id, change)
    expect((await db.drafts.get(id))?.title).toBe('Server')
  })
})

describe('the story cache', () => {
  beforeEach(clearDb)

  it('keeps the author id of her anonymous story when a public list leaves it out', async () => {
    await cacheMyStories(asha._id, [mine(1)])
    const { authorId: _, ...publicCopy } = mine(1)
    await cacheList('feed:1', [publicCopy as Story], { totalPages: 3 })
    expect((await db.stories.get(mine(1)._id))?.authorId).toBe(asha._id)
    expect(await readList('feed:1')).toMatchObject({ totalPages: 3, stories: [{ _id: mine(1)._id }] })
    expect(await readList('feed:2')).toBeNull()
  })

  it('forgets her stories and drafts the server no longer lists', async () => {
    await cacheMyStories(asha._id, [mine(1), mine(2)])
    await cacheMyStories(asha._id, [mine(2)])
    expect(await db.stories.where('authorId').equals(asha._id).primaryKeys()).toEqual([mine(2)._id])
    await cacheDrafts(asha._id, [{ _id: 'e'.repeat(24), title: 'A', content: 'B', anonymous: true }])
    expect(await db.drafts.get('e'.repeat(24))).toMatchObject({ title: 'A', anonymous: true })
    await cacheDrafts(asha._id, [])
    expect(await db.drafts.count()).toBe(0)
  })
})
