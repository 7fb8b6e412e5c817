import type { Db } from '../../db/connection.ts'

export interface AppliedOp {
  opId: string
  /** null when a guest sent it. */
  userId: string | null
  clientId: string
  type: string
  appliedAt: string
}

export function createAppliedOpsRepo(db: Db) {
  const find = db.prepare<[string], { user_id: string | null; client_id: string }>(
    'SELECT user_id, client_id FROM applied_ops WHERE op_id = ?',
  )
  const insert = db.prepare(`INSERT INTO applied_ops (op_id, user_id, client_id, type, applied_at)
    VALUES (@opId, @userId, @clientId, @type, @appliedAt)`)
  return {
    /** Who sent the op with this id, if it was applied. */
    findSender(opId: string): { userId: string | null; clientId: string } | undefined {
      const row = find.get(opId)
      return row && { userId: row.user_id, clientId: row.client_id }
    },
    insert(op: AppliedOp): void {
      insert.run(op)
    },
  }
}

export type AppliedOpsRepo = ReturnType<typeof createAppliedOpsRepo>
