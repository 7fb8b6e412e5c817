import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type StoryRow } from '../../db/db.ts'
import { cacheStories, readList } from '../../db/stories.ts'
import { storeServerUser } from '../../db/user.ts'
import { SyncEngine } from '../../sync/engine.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb, json, syncServer } from '../../test/sync.ts'
import { createStory, deleteStory, react, registerView, saveDraft, toggleSave, updateStory } from './ops.ts'
import { aStory } from './testing.ts'

const asha = testUser()
const id = 'b'.repeat(24)
const story = aStory({ authorId: 'c'.repeat(24), dislikes: 2, views: 10 })

const shown = async () => (await db.user.get('me'))?.user
const ops = async () => (await db.outbox.orderBy('seq').toArray()).map((o) => ({ type: o.type, payload: o.payload }))

describe('blog writes through the outbox', () => {
  beforeEach(async () => {
    await clearDb()
    await storeServerUser(asha)
    await cacheStories([story])
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('a like queues story.like and updates her lists and the story counts in the same transaction', async () => {
    const transaction = vi.spyOn(db, 'transaction')
    expect(await react(id, 'like')).toBe('story.like')
    // queueOp opens exactly one rw transaction over every table, holding the local change and the op.
    expect(transaction).toHaveBeenCalledTimes(1)
    expect(transaction.mock.calls[0]?.[0]).toBe('rw')
    expect(await ops()).toEqual([{ type: 'story.like', payload: { _id: id } }])
    const row = await db.outbox.toCollection().first()
    expect(row).toMatchObject({ userId: asha._id, entity: `story:${id}` })
    expect((await shown())?.likedPosts).toEqual([id])
    expect(await db.stories.get(id)).toMatchObject({ likes: 4, dislikes: 2 })
    // The server copy is untouched until the op is pushed.
    expect((await db.user.get('me'))?.server?.likedPosts).toEqual([])
  })

  it('writes neither the change nor the op when the transaction fails', async () => {
    const fail = () => {
      throw new Error('disk full')
    }
    db.outbox.hook('creating', fail)
    try {
      await expect(react(id, 'like')).rejects.toThrow()
    } finally {
      db.outbox.hook('creating').unsubscribe(fail)
    }
    expect(await db.outbox.count()).toBe(0)
    expect((await shown())?.likedPosts).toEqual([])
    expect((await db.stories.get(id))?.likes).toBe(3)
  })

  it('follows the toggle rules: like, like again (undo), dislike, like (dislike undone)', async () => {
    await react(id, 'like')
    expect(await react(id, 'like')).toBe('story.unlike')
    expect(await db.stories.get(id)).toMatchObject({ likes: 3, dislikes: 2 })
    expect(await react(id, 'dislike')).toBe('story.dislike')
    expect(await db.stories.get(id)).toMatchObject({ likes: 3, dislikes: 3 })
    expect(await react(id, 'like')).toBe('story.like')
    expect(await db.stories.get(id)).toMatchObject({ likes: 4, dislikes: 2 })
    expect(await shown()).toMatchObject({ likedPosts: [id], dislikedPosts: [] })
    expect((await ops()).map((o) => o.type)).toEqual(['story.like', 'story.unlike', 'story.dislike', 'story.like'])
  })

  it('keeps a waiting like over a later server copy of her and of the story', async () => {
    await react(id, 'like')
    await storeServerUser({ ...asha, firstName: 'Asha P' })
    expect(await shown()).toMatchObject({ firstName: 'Asha P', likedPosts: [id] })
    await cacheStories([{ ...story, title: 'Walking home (edited)', likes: 3 }])
    expect(await db.stories.get(id)).toMatchObject({ title: 'Walking home (edited)', likes: 4 })
  })

  it('folds an applied like into her server copy, and undoes a rejected one', async () => {
    await react(id, 'like')
    await toggleSave(id)
    syncServer({
      push: (body) =>
        json(200, {
          success: true,
          results: body.ops.map((op) =>
            op.type === 'story.save'
              ? { opId: op.opId, status: 'rejected', code: 'NOT_FOUND', message: 'Post not found' }
              : { opId: op.opId, status: 'applied' },
          ),
        }),
    })
    await new SyncEngine({ useLocks: false, isOnline: () => true }).sync()
    const me = await db.user.get('me')
    expect(me?.server?.likedPosts).toEqual([id])
    expect(me?.user.likedPosts).toEqual([id])
    expect(me?.user.savedPosts ?? []).toEqual([])
  })

  it('saves and unsaves', async () => {
    expect(await toggleSave(id)).toBe(true)
    expect((await shown())?.savedPosts).toEqual([id])
    expect(await toggleSave(id)).toBe(false)
    expect((await shown())?.savedPosts).toEqual([])
    expect((await ops()).map((o) => o.type)).toEqual(['story.save', 'story.unsave'])
  })

  it('counts one view per story per day, shown at once', async () => {
    expect(await registerView(id)).toBe(true)
    expect(await registerView(id)).toBe(false)
    expect(await ops()).toEqual([{ type: 'story.view', payload: { _id: id } }])
    expect((await db.outbox.toCollection().first())?.userId).toBeNull()
    expect((await db.stories.get(id))?.views).toBe(11)
  })

  it('publishes a draft with a client id: the story shows at once on the first feed page and the draft goes', async () => {
    const draftId = await saveDraft({ title: ' My draft ', content: 'Line one\nLine two' })
    expect(draftId).toMatch(/^[0-9a-f]{24}$/)
    expect(await db.drafts.get(draftId)).toMatchObject({ title: 'My draft', userId: asha._id })
    const storyId = await createStory({ title: 'My draft', content: 'Line one\nLine two', anonymous: true }, draftId)
    expect(await db.drafts.get(draftId)).toBeUndefined()
    const created = (await db.stories.get(storyId)) as StoryRow
    expect(created).toMatchObject({ author: 'Anonymous', authorId: asha._id, anonymous: true, likes: 0 })
    expect(await ops()).toEqual([
      {
        type: 'draft.save',
        payload: { _id: draftId, title: 'My draft', content: 'Line one\nLine two', anonymous: false },
      },
      {
        type: 'story.create',
        payload: { _id: storyId, title: 'My draft', content: 'Line one\nLine two', draftId, anonymous: true },
      },
    ])
    expect((await readList('feed:1'))?.stories.map((s) => s._id)).toEqual([storyId])
  })

  it('edits and deletes: a deleted story is not brought back by an older server copy', async () => {
    await updateStory(id, { title: 'New title', content: 'New text' })
    await cacheStories([story])
    expect(await db.stories.get(id)).toMatchObject({ title: 'New title', content: 'New text' })
    await toggleSave(id)
    await deleteStory(id)
    expect(await db.stories.get(id)).toBeUndefined()
    expect((await shown())?.savedPosts).toEqual([])
    await cacheStories([story])
    expect(await db.stories.get(id)).toBeUndefined()
    expect((await ops()).map((o) => o.type)).toEqual(['story.update', 'story.save', 'story.delete'])
  })
})
