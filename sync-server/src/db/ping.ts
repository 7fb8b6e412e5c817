// Whether the database answers now, for health checks: on either backend, and within a bound even when PostgreSQL's
// pool is waiting (5 s) for a connection that will not come.
import type { Sql } from './sql.ts'

export type Ping = { up: true } | { up: false; reason: string }

/** A health check's default bound: a load balancer's check must not hang on a database that does not answer. */
export const PING_TIMEOUT_MS = 1000

/**
 * Runs `SELECT 1` on `sql` (outside any transaction) and answers within `timeoutMs`: down with the reason when it
 * fails or takes longer. A statement still waiting when the time is up goes on in the pool and is ignored.
 */
export async function ping(sql: Sql, timeoutMs = PING_TIMEOUT_MS): Promise<Ping> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<Ping>((resolve) => {
    timer = setTimeout(() => resolve({ up: false, reason: `no answer within ${timeoutMs} ms` }), timeoutMs)
  })
  const answer = sql.get<{ ok: number }>('SELECT 1 AS ok').then(
    (row): Ping => (row?.ok === 1 ? { up: true } : { up: false, reason: 'SELECT 1 did not answer 1' }),
    (error: unknown): Ping => ({ up: false, reason: String((error as Error)?.message ?? error).split('\n')[0] ?? '' }),
  )
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}
