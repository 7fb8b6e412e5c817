/**
 * Every write of the blog: the local change in Dexie and its op in the outbox, in one transaction (queueOp). The
 * person sees it at once, online or not; the sync engine sends it when it can.
 */
import { ANONYMOUS_AUTHOR, applyOp, newObjectId, USER_OPS } from '@wings/contract'
import { db } from '../../db/db.ts'
import { forgetInLists, showPublished } from '../../db/stories.ts'
import { queueOp } from '../../sync/outbox.ts'
import { opForPress, type Press, type ReactionOp, reactionOf } from './reactions.ts'

/**
 * The local half of a story op, by the op rules (@wings/contract): the shown user's lists (her server copy is left as
 * it is until the op is pushed) and the story's cached counts. Runs inside queueOp's transaction.
 */
async function applyHere(type: string, storyId: string): Promise<void> {
  const row = await db.user.get('me')
  if (!row && USER_OPS.has(type)) throw new Error('No signed-in user')
  const story = await db.stories.get(storyId)
  const next = applyOp({ user: row?.user, story }, { type, payload: { _id: storyId } })
  if (row && next.user !== row.user) {
    await db.user.put({ ...row, user: next.user ?? row.user, server: row.server ?? row.user, savedAt: Date.now() })
  }
  if (next.story === null) await db.stories.delete(storyId)
  else if (next.story && next.story !== story) await db.stories.put(next.story)
}

/**
 * A press on Like or Dislike: the op follows the toggle rules from her lists as stored (not as rendered, so two
 * quick presses are two toggles), and the story's cached counts move with it. Answers the op sent.
 */
export async function react(storyId: string, which: Press): Promise<ReactionOp> {
  const me = await db.user.get('me')
  const op = opForPress(reactionOf(me?.user, { _id: storyId, likes: 0, dislikes: 0 }), which)
  await queueOp(op, { _id: storyId }, () => applyHere(op, storyId))
  return op
}

/** Save or unsave: answers whether the story is now saved. */
export async function toggleSave(storyId: string): Promise<boolean> {
  const me = await db.user.get('me')
  const saved = me?.user.savedPosts?.includes(storyId) ?? false
  const op = saved ? 'story.unsave' : 'story.save'
  await queueOp(op, { _id: storyId }, () => applyHere(op, storyId))
  return !saved
}

const today = () => new Date().toISOString().slice(0, 10)
export const viewedKey = (storyId: string) => `viewed:${storyId}`

/**
 * Opening a story counts a view: the server counts one per reader per story per day, so the phone sends at most
 * one view op per story per day (read offline, counted later) and shows it in the count at once.
 */
export async function registerView(storyId: string): Promise<boolean> {
  const seen = await db.meta.get(viewedKey(storyId))
  if (seen?.value === today()) return false
  await queueOp('story.view', { _id: storyId }, async () => {
    await db.meta.put({ key: viewedKey(storyId), value: today() })
    await applyHere('story.view', storyId)
  })
  return true
}

export async function reportStory(storyId: string, reason: string): Promise<void> {
  await queueOp('story.report', { _id: storyId, reason: reason.trim() })
}

export interface PostInput {
  title: string
  content: string
  anonymous?: boolean
}

/** Publishes a story with an id made here; publishing a draft (`draftId`) removes the draft. Answers the id. */
export async function createStory(input: PostInput, draftId?: string): Promise<string> {
  const _id = newObjectId()
  const title = input.title.trim()
  const content = input.content.trim()
  const anonymous = input.anonymous === true
  await queueOp('story.create', { _id, title, content, draftId, anonymous }, async () => {
    const row = await db.user.get('me')
    if (!row) throw new Error('No signed-in user')
    const me = row.user
    await db.stories.put({
      _id,
      title,
      content,
      author: anonymous ? ANONYMOUS_AUTHOR : `${me.firstName} ${me.lastName}`.trim(),
      authorId: me._id,
      anonymous,
      createdAt: new Date().toISOString(),
      likes: 0,
      dislikes: 0,
      views: 0,
    })
    await showPublished(_id)
    if (draftId) await db.drafts.delete(draftId)
  })
  return _id
}

export async function updateStory(storyId: string, input: { title: string; content: string }): Promise<void> {
  const title = input.title.trim()
  const content = input.content.trim()
  await queueOp('story.update', { _id: storyId, title, content }, async () => {
    const story = await db.stories.get(storyId)
    if (story) await db.stories.put({ ...story, title, content })
  })
}

export async function deleteStory(storyId: string): Promise<void> {
  await queueOp('story.delete', { _id: storyId }, async () => {
    await applyHere('story.delete', storyId)
    await forgetInLists(storyId)
  })
}

/** Saves a draft with her 'Post anonymously' choice (a new one gets an id made here); answers its id. */
export async function saveDraft(input: PostInput & { _id?: string }): Promise<string> {
  const _id = input._id ?? newObjectId()
  const title = input.title.trim()
  const content = input.content.trim()
  const anonymous = input.anonymous === true
  await queueOp('draft.save', { _id, title, content, anonymous }, async () => {
    const row = await db.user.get('me')
    await db.drafts.put({ _id, userId: row?.user._id, title, content, anonymous, updatedAt: Date.now() })
  })
  return _id
}

export async function deleteDraft(draftId: string): Promise<void> {
  await queueOp('draft.delete', { _id: draftId }, () => db.drafts.delete(draftId))
}
