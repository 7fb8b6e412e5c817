// What the crash-load clients sent and what the database must hold: the record of writes the load fills in and the
// checks after a restart read, with the snapshot of the database they are compared against.
import type { anOp } from './sync-ops.ts'
import { readDatabase } from './test-app.ts'

export interface Account {
  email: string
  userId: string
  cookie: string
}

/** The database as read through a connection of its own. */
export interface Snapshot {
  integrity: string
  foreignKeyProblems: number
  emails: Set<string>
  appliedOps: Set<string>
  /** Story id to its like count. */
  stories: Map<string, number>
  drafts: Set<string>
  /** `${userId}:${storyId}` of every like reaction. */
  likes: Set<string>
}

export function snapshot(dbFile: string): Snapshot {
  return readDatabase(dbFile, (db) => {
    const column = (sql: string) => new Set((db.prepare(sql).all() as { value: string }[]).map((row) => row.value))
    const stories = db.prepare('SELECT id, likes FROM stories').all() as { id: string; likes: number }[]
    return {
      integrity: (db.pragma('integrity_check') as { integrity_check: string }[])
        .map((row) => row.integrity_check)
        .join('; '),
      foreignKeyProblems: (db.pragma('foreign_key_check') as unknown[]).length,
      emails: column('SELECT email AS value FROM users'),
      appliedOps: column('SELECT op_id AS value FROM applied_ops'),
      stories: new Map(stories.map((s) => [s.id, s.likes])),
      drafts: column('SELECT id AS value FROM drafts'),
      likes: column(`SELECT user_id || ':' || story_id AS value FROM story_reactions WHERE kind = 'like'`),
    }
  })
}

export type Op = ReturnType<typeof anOp>

/** A signup, a like over REST, or one of the op types the pushers send. */
export type WriteKind = 'signup' | 'rest.like' | 'story.create' | 'draft.save' | 'story.like'
export const isOp = (kind: WriteKind) => kind !== 'signup' && kind !== 'rest.like'
export const count = (writes: Write[], test: (kind: WriteKind) => boolean) => writes.filter((w) => test(w.kind)).length

/** One write a client sent: acknowledged once the server answered it with success. */
export interface Write {
  kind: WriteKind
  /** E-mail, opId, or `${userId}:${storyId}` for a like over REST. */
  key: string
  cycle: number
  acked: boolean
  /** Its effect is in the database. */
  present(db: Snapshot): boolean
}

export interface Pusher {
  account: Account
  clientId: string
  /** The ops sent this cycle, acknowledged or not, in order: what the phone pushes again after the crash. */
  outbox: { op: Op; write: Write }[]
  liked: Set<string>
}

export interface Liker {
  account: Account
  liked: Set<string>
}

export interface World {
  dataDir: string
  dbFile: string
  writes: Write[]
  pushers: Pusher[]
  likers: Liker[]
  setupEmails: string[]
  seeds: string[]
  /** Stories whose creation was acknowledged: what likes may point at. */
  likeable: string[]
  problems: string[]
}

export function opWrite(op: Op, userId: string, cycle: number): Write {
  const id = (op.payload as { _id: string })._id
  const kind = op.type as WriteKind
  const effect: Record<string, (db: Snapshot) => boolean> = {
    'story.create': (db) => db.stories.has(id),
    'draft.save': (db) => db.drafts.has(id),
    'story.like': (db) => db.likes.has(`${userId}:${id}`),
  }
  return {
    kind,
    key: op.opId,
    cycle,
    acked: false,
    present: (db) => db.appliedOps.has(op.opId) && (effect[kind]?.(db) ?? false),
  }
}

export const signupWrite = (email: string, cycle: number): Write => ({
  kind: 'signup',
  key: email,
  cycle,
  acked: false,
  present: (db) => db.emails.has(email),
})

export const likeWrite = (userId: string, storyId: string, cycle: number): Write => ({
  kind: 'rest.like',
  key: `${userId}:${storyId}`,
  cycle,
  acked: false,
  present: (db) => db.likes.has(`${userId}:${storyId}`),
})
