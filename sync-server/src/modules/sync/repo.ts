import type { Db } from '../../db/connection.ts'
import { hmacSha256 } from '../../db/sql-functions.ts'

export interface AppliedOp {
  opId: string
  /** null when a guest sent it. */
  userId: string | null
  clientId: string
  type: string
  appliedAt: string
}

/** Who sent an applied op: nobody is known for an anonymous op, by design. */
export type OpSender = { anonymous: true } | { anonymous: false; userId: string | null; clientId: string }

export function createAppliedOpsRepo(db: Db) {
  const find = db.prepare<[string], { user_id: string | null; client_id: string }>(
    'SELECT user_id, client_id FROM applied_ops WHERE op_id = ?',
  )
  const insert = db.prepare(`INSERT INTO applied_ops (op_id, user_id, client_id, type, applied_at)
    VALUES (@opId, @userId, @clientId, @type, @appliedAt)`)
  const { key } = db.prepare<[], { key: Buffer }>('SELECT key FROM anonymous_op_key').get() as { key: Buffer }
  const anonymousKey = (opId: string) => hmacSha256(key, opId)
  const findAnonymous = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM anonymous_ops WHERE op_key = ?')
  const insertAnonymous = db.prepare('INSERT INTO anonymous_ops (op_key) VALUES (?)')
  return {
    /** Who sent the op with this id, if it was applied. */
    findSender(opId: string): OpSender | undefined {
      const row = find.get(opId)
      if (row) return { anonymous: false, userId: row.user_id, clientId: row.client_id }
      return findAnonymous.get(anonymousKey(opId)) !== undefined ? { anonymous: true } : undefined
    },
    insert(op: AppliedOp): void {
      insert.run(op)
    },
    /** An anonymous op: only a keyed hash of its id is kept, nothing about who sent it or when. */
    insertAnonymous(opId: string): void {
      insertAnonymous.run(anonymousKey(opId))
    },
  }
}

export type AppliedOpsRepo = ReturnType<typeof createAppliedOpsRepo>
