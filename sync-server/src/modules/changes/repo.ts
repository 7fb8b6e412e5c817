import type { Entity } from '@wings/contract'
import type { Db } from '../../db/connection.ts'

export interface ChangeRow {
  seq: number
  entity: Entity
  entity_id: string
}

/** The change log pulls read: the newest change of each entity a user sees, numbered by `seq`. */
export function createChangesRepo(db: Db) {
  // One row per entity, moved to a new seq: excluded.seq is the next AUTOINCREMENT value in SQLite (next_change_seq()
  // in PostgreSQL), so each entity is listed once, at its newest seq (docs/storage.md, The change log).
  const record = db.prepare(`INSERT INTO changes (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at`)
  const since = db.prepare<[string, number, number], ChangeRow>(
    'SELECT seq, entity, entity_id FROM changes WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  )
  return {
    /** Call inside the transaction that changes the entity, so the change commits with the data or not at all. */
    record(userId: string, entity: Entity, entityId: string, at: string): void {
      record.run(userId, entity, entityId, at)
    },
    since: (userId: string, after: number, limit: number): ChangeRow[] => since.all(userId, after, limit),
  }
}

export type ChangesRepo = ReturnType<typeof createChangesRepo>
