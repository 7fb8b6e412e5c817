/**
 * The signed-in user as the app shows it: the server's copy with her ops still waiting in the outbox (profile changes,
 * likes, saves: @wings/contract's op rules) applied on top in outbox order, so a change made offline shows at once and
 * survives a later server copy. Registers the 'user' entity with the sync engine.
 */
import { applyOpToUser, type ProfileUpdateBody, USER_OPS, type User } from '@wings/contract'
import type { Transaction } from 'dexie'
import { registerEntity, type Settled } from '../sync/registry.ts'
import { db, type OutboxRow, type UserRow } from './db.ts'

/** The server's copy with the user's pending ops (profile changes, likes, saves...) applied in order. */
export function rebase(server: User, pending: readonly OutboxRow[]): User {
  let user = server
  for (const op of pending) {
    if (op.userId === server._id) user = applyOpToUser(user, op)
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
  const user = applyOpToUser(row.user, { type: 'profile.update', payload: patch })
  await table.put({ ...row, user, server: row.server ?? row.user, savedAt: Date.now() })
}

/**
 * After a push answer: the ops the server applied are part of its copy now; a refused op that showed in her user
 * (a profile change, a like...) is taken out of what the app shows.
 */
async function settleUser({ applied, rejected }: Settled): Promise<void> {
  const me = await db.user.get('me')
  if (me) {
    let server = me.server ?? me.user
    for (const op of applied) if (op.userId === server._id) server = applyOpToUser(server, op)
    await db.user.put({ ...me, server })
  }
  if (rejected.some((op) => USER_OPS.has(op.type))) await recomputeUser()
}

registerEntity('user', {
  tables: [db.user, db.outbox],
  // Only her own account: a pull never carries anyone else's.
  async applyChange(userId, change) {
    if (change.id !== userId) return
    if (change.deleted) await db.user.delete('me')
    else if (change.data) await storeServerUser(change.data)
  },
  onSettled: settleUser,
})
