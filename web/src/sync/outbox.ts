/**
 * The outbox: every write the server must hear about is stored as an op, in the same Dexie transaction as its
 * local change (docs/sync.md, Client). The sync engine (engine.ts) pushes the ops.
 */
import type { OpPayload, OpType } from '@wings/contract'
import type { OpProblem } from '@wings/contract/validate'
import type { Transaction } from 'dexie'
import { db, type OutboxRow, type UserRow } from '../db/db.ts'
import { t } from './messages.ts'

/** The op's payload fails its contract schema: it is never queued. */
export class OpPayloadError extends Error {
  readonly code: OpProblem['code']
  constructor(problem: OpProblem) {
    super(problem.message)
    this.name = 'OpPayloadError'
    this.code = problem.code
  }
}

/** A user-scoped op was made with nobody signed in; its message is shown to her, in her language. */
export class NotSignedInError extends Error {
  constructor() {
    super(t('signedOut'))
    this.name = 'NotSignedInError'
  }
}

/** The local half of an op: writes to Dexie through `tx` (which spans every table). */
export type LocalChange = (tx: Transaction) => Promise<void> | void

export interface QueueOptions {
  /** What the op changes; ops of one entity are pushed in order. Default: per type (see ENTITY_OF). */
  entity?: string
}

/** The entity an op type changes: ops of one entity never overtake each other. Types not listed stand alone. */
const story = (payload: { _id: string }) => `story:${payload._id}`
const draft = (payload: { _id: string }) => `draft:${payload._id}`
const route = (payload: { _id: string }) => `route:${payload._id}`
const trusted = (payload: { _id: string }) => `trusted:${payload._id}`
const ENTITY_OF: { [T in OpType]?: (payload: OpPayload<T>, userId: string | null) => string } = {
  'profile.update': (_payload, userId) => `user:${userId}`,
  // A story's ops (create, edit, like then unlike...) and a draft's saves reach the server in the order made.
  'story.create': story,
  'story.update': story,
  'story.delete': story,
  'story.like': story,
  'story.unlike': story,
  'story.dislike': story,
  'story.undislike': story,
  'story.save': story,
  'story.unsave': story,
  // A view or report of a story written offline must not reach the server before the story does.
  'story.view': story,
  'story.report': story,
  'draft.save': draft,
  'draft.delete': draft,
  // A saved route's delete never reaches the server before its save.
  'route.save': route,
  'route.delete': route,
  // A trusted contact's saves and delete reach the server in the order made.
  'trusted.save': trusted,
  'trusted.delete': trusted,
  // Her messages to Saathi reach the server in the order she sent them.
  'chat.send': (payload) => `chat:${payload.userId}`,
}

type Listener = (op: OutboxRow) => void
const listeners = new Set<Listener>()

/** Called after each op is committed (the engine starts a push). Answers an unsubscribe function. */
export function onOpQueued(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The payload as it will travel (JSON): undefined fields dropped, so what is checked is what is sent. */
function asSent(payload: unknown): unknown {
  return payload === undefined ? undefined : JSON.parse(JSON.stringify(payload))
}

/**
 * Validates the op, then writes `localChange` and the op in one rw transaction: both are stored or neither.
 * Throws OpPayloadError for a bad payload, NotSignedInError for a user op with nobody signed in, and whatever the
 * transaction throws (a full disk: see db/storage.ts).
 */
export async function queueOp<T extends OpType>(
  type: T,
  payload: OpPayload<T>,
  localChange?: LocalChange,
  options: QueueOptions = {},
): Promise<OutboxRow> {
  const sent = asSent(payload)
  // The validator is loaded on first use: most of TypeBox's size, and not needed to show the app.
  const { opNeedsUser, opPayloadProblem } = await import('@wings/contract/validate')
  const problem = opPayloadProblem(type, sent)
  if (problem) throw new OpPayloadError(problem)
  const op = await db.transaction('rw', db.tables, async (tx) => {
    let userId: string | null = null
    if (opNeedsUser(type)) {
      const me = await tx.table<UserRow, 'me'>('user').get('me')
      if (!me) throw new NotSignedInError()
      userId = me.user._id
    }
    if (localChange) await localChange(tx)
    const opId = crypto.randomUUID()
    const entityOf = ENTITY_OF[type] as ((p: unknown, u: string | null) => string) | undefined
    const row: OutboxRow = {
      opId,
      type,
      payload: sent,
      createdAt: new Date().toISOString(),
      userId,
      entity: options.entity ?? entityOf?.(sent, userId) ?? `op:${opId}`,
    }
    row.seq = await tx.table<OutboxRow, number>('outbox').add(row)
    return row
  })
  for (const listener of listeners) listener(op)
  return op
}
