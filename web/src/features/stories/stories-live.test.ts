/**
 * A change of hers shows on every blog screen at once and does not jump back once the server has it: the stored lists
 * follow her new and deleted stories, and a server read sent before an op landed cannot overwrite what the op did.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { cacheList, cacheMyStories, cacheStories, onStoriesSent, pendingOps, readList } from '../../db/stories.ts'
import { storeServerUser } from '../../db/user.ts'
import { SyncEngine } from '../../sync/engine.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb, syncServer } from '../../test/sync.ts'
import { createStory, deleteStory, react, toggleSave, updateStory } from './ops.ts'
import { aStory } from './testing.ts'

const asha = testUser()
const theirs = aStory({ authorId: 'c'.repeat(24) })

const push = () => new SyncEngine({ useLocks: false, isOnline: () => true }).sync()
const idsOf = async (key: string) => (await readList(key))?.stories.map((s) => s._id)

describe('a change of hers on every screen at once', () => {
  beforeEach(async () => {
    await clearDb()
    await storeServerUser(asha)
    await cacheList('feed:1', [theirs], { totalPages: 1 })
    await cacheList('recent', [theirs])
    await cacheList('trending', [theirs])
  })

  it('puts a story she publishes at the head of the stored first page and Recent posts, and keeps it there once sent', async () => {
    syncServer()
    const since = Date.now()
    const id = await createStory({ title: 'Home before dark', content: 'Took the main road.' })
    expect((await db.storyLists.get('feed:1'))?.ids).toEqual([id, theirs._id])
    expect((await db.storyLists.get('recent'))?.ids).toEqual([id, theirs._id])
    expect((await db.storyLists.get('trending'))?.ids).toEqual([theirs._id])

    await push()
    expect(await db.outbox.count()).toBe(0)
    expect(await idsOf('feed:1')).toEqual([id, theirs._id])
    expect(await idsOf('recent')).toEqual([id, theirs._id])
    // Lists the server answered to reads sent before it had the story: she still sees it, once.
    await cacheList('feed:1', [theirs], { totalPages: 1 }, since)
    await cacheList('recent', [theirs], {}, since)
    expect(await idsOf('feed:1')).toEqual([id, theirs._id])
    expect(await idsOf('recent')).toEqual([id, theirs._id])
    // Her own list read before it too: the story is not forgotten.
    await cacheMyStories(asha._id, [], since)
    expect(await db.stories.get(id)).toMatchObject({ title: 'Home before dark' })
    // A read sent after: the server's list is taken as it is.
    const later = Date.now() + 1
    await cacheList(
      'feed:1',
      [{ ...theirs, _id: id, title: 'Home before dark', authorId: asha._id }, theirs],
      {},
      later,
    )
    expect(await idsOf('feed:1')).toEqual([id, theirs._id])
    await cacheList('recent', [theirs], {}, later)
    expect(await idsOf('recent')).toEqual([theirs._id])
  })

  it('a story published offline heads the first page even before it was ever listed, and only once', async () => {
    await db.storyLists.clear()
    const id = await createStory({ title: 'On the train', content: 'No signal.' })
    expect(await idsOf('feed:1')).toEqual([id])
    await cacheList('feed:1', [theirs], { totalPages: 1 })
    expect(await idsOf('feed:1')).toEqual([id, theirs._id])
  })

  it('takes a story she deletes out of every stored list at once, and a read sent before the delete landed does not bring it back', async () => {
    await db.storyLists.put({ key: `saved:${asha._id}`, ids: [theirs._id], titles: {}, savedAt: 1 })
    await cacheMyStories(asha._id, [{ ...theirs, authorId: asha._id }])
    const since = Date.now()
    await deleteStory(theirs._id)
    for (const key of ['feed:1', 'recent', 'trending', `saved:${asha._id}`]) {
      expect((await db.storyLists.get(key))?.ids).toEqual([])
    }
    syncServer()
    await push()
    await cacheList('feed:1', [theirs], { totalPages: 1 }, since)
    await cacheList('trending', [theirs], {}, since)
    expect(await db.stories.get(theirs._id)).toBeUndefined()
    expect(await idsOf('feed:1')).toEqual([])
    expect(await idsOf('trending')).toEqual([])
  })

  it('keeps her like, save and edit over a server copy read before they landed, and takes one read after', async () => {
    await cacheMyStories(asha._id, [{ ...theirs, authorId: asha._id }])
    const since = Date.now()
    await react(theirs._id, 'like')
    await toggleSave(theirs._id)
    await updateStory(theirs._id, { title: 'Walking home, later', content: 'It was late.' })
    syncServer()
    await push()
    expect(await db.outbox.count()).toBe(0)
    await cacheStories([theirs], await pendingOps(since))
    expect(await db.stories.get(theirs._id)).toMatchObject({ likes: 4, title: 'Walking home, later' })
    const fresh = { ...theirs, likes: 4, title: 'Walking home, later' }
    await cacheStories([{ ...fresh, likes: 5 }], await pendingOps(Date.now() + 1))
    expect(await db.stories.get(theirs._id)).toMatchObject({ likes: 5 })
  })

  it('tells the screens when the server has her story ops, not for other ops', async () => {
    const told = vi.fn()
    const stop = onStoriesSent(told)
    try {
      syncServer()
      await react(theirs._id, 'like')
      await push()
      await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(1))
      await db.outbox.add({
        opId: crypto.randomUUID(),
        type: 'contact.send',
        payload: { fullName: 'A', emailId: 'a@example.in', query: 'Hi' },
        createdAt: new Date().toISOString(),
        userId: null,
        entity: 'op:x',
      })
      await push()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(told).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })
})
