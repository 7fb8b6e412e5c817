import type { Db } from '../../db/connection.ts'

export function createHealthRepo(db: Db) {
  const ping = db.prepare('SELECT 1 AS ok')
  return {
    /** The database answers a query. */
    ping: (): boolean => ping.get() !== undefined,
  }
}

export type HealthRepo = ReturnType<typeof createHealthRepo>
