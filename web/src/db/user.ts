/**
 * The signed-in user as the app shows it: the server's copy with the profile changes still waiting in the outbox
 * applied on top (in outbox order), so a change made offline shows at once and survives a later server copy.
 */
import type { ProfileUpdateBody, User } from '@wings/contract'
import type { Transaction } from 'dexie'
import { db, type OutboxRow, type UserRow } from './db.ts'

export const PROFILE_UPDATE = 'profile.update'

/** `base` with `patch`'s fields set (undefined fields left alone). */
export function withProfile(base: User, patch: ProfileUpdateBody): User {
  const next = { ...base }
  if (patch.firstName !== undefined) next.firstName = patch.firstName
  if (patch.lastName !== undefined) next.lastName = patch.lastName
  if (patch.age !== undefined) next.age = patch.age
  if (patch.gender !== undefined) next.gender = patch.gender
  return next
}

/** Story ops that change the user's own lists (likedPosts, dislikedPosts, savedPosts). */
export const USER_LIST_OPS = new Set([
  'story.like',
  'story.unlike',
  'story.dislike',
  'story.undislike',
  'story.save',
  'story.unsave',
  'story.delete',
])

/** Ops whose effect shows in the shown user: a rejected one means the user must be recomputed. */
export function changesUser(type: string): boolean {
  return type === PROFILE_UPDATE || USER_LIST_OPS.has(type)
}

const without = (list: readonly string[] | undefined, id: string) => (list ?? []).filter((x) => x !== id)

/**
 * `user` with a story op's effect on her lists, as the server applies it: a like replaces a dislike and the
 * reverse; repeating changes nothing; deleting a story takes it out of every list.
 */
export function withStoryOp(user: User, type: string, storyId: string): User {
  const liked = user.likedPosts.includes(storyId)
  const disliked = user.dislikedPosts.includes(storyId)
  switch (type) {
    case 'story.like':
      return {
        ...user,
        likedPosts: liked ? user.likedPosts : [...user.likedPosts, storyId],
        dislikedPosts: without(user.dislikedPosts, storyId),
      }
    case 'story.unlike':
      return { ...user, likedPosts: without(user.likedPosts, storyId) }
    case 'story.dislike':
      return {
        ...user,
        dislikedPosts: disliked ? user.dislikedPosts : [...user.dislikedPosts, storyId],
        likedPosts: without(user.likedPosts, storyId),
      }
    case 'story.undislike':
      return { ...user, dislikedPosts: without(user.dislikedPosts, storyId) }
    case 'story.save':
      return { ...user, savedPosts: [storyId, ...without(user.savedPosts, storyId)] }
    case 'story.unsave':
      return { ...user, savedPosts: without(user.savedPosts, storyId) }
    case 'story.delete':
      return {
        ...user,
        likedPosts: without(user.likedPosts, storyId),
        dislikedPosts: without(user.dislikedPosts, storyId),
        savedPosts: without(user.savedPosts, storyId),
      }
    default:
      return user
  }
}

/** `user` with one op's effect (a profile change or a story op on her lists); other ops leave her as she is. */
export function withOp(user: User, op: Pick<OutboxRow, 'type' | 'payload'>): User {
  if (op.type === PROFILE_UPDATE) return withProfile(user, op.payload as ProfileUpdateBody)
  if (USER_LIST_OPS.has(op.type)) {
    const id = (op.payload as { _id?: unknown } | null)?._id
    if (typeof id === 'string') return withStoryOp(user, op.type, id)
  }
  return user
}

/** The server's copy with the user's pending ops (profile changes, likes, saves...) applied in order. */
export function rebase(server: User, pending: readonly OutboxRow[]): User {
  let user = server
  for (const op of pending) {
    if (op.userId === server._id) user = withOp(user, op)
  }
  return user
}

async function pendingOf(userId: string): Promise<OutboxRow[]> {
  return (await db.outbox.where('userId').equals(userId).toArray()).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
}

/** Stores a copy of the user the server just sent (sign-in, profile read, pull). Call inside a rw transaction or alone. */
export async function storeServerUser(server: User): Promise<void> {
  await db.transaction('rw', db.user, db.outbox, async () => {
    const user = rebase(server, await pendingOf(server._id))
    await db.user.put({ key: 'me', user, server, savedAt: Date.now() })
  })
}

/** Recomputes the shown user from the server copy and what is still pending (after an op was rejected). */
export async function recomputeUser(): Promise<void> {
  await db.transaction('rw', db.user, db.outbox, async () => {
    const row = await db.user.get('me')
    if (!row) return
    const server = row.server ?? row.user
    await db.user.put({ ...row, user: rebase(server, await pendingOf(server._id)), server })
  })
}

/** The optimistic local half of a profile.update op: runs inside queueOp's transaction. */
export async function applyLocalProfile(tx: Transaction, patch: ProfileUpdateBody): Promise<void> {
  const table = tx.table<UserRow, 'me'>('user')
  const row = await table.get('me')
  if (!row) throw new Error('No signed-in user to update')
  await table.put({ ...row, user: withProfile(row.user, patch), server: row.server ?? row.user, savedAt: Date.now() })
}
