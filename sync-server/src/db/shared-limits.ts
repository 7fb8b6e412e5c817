// Attempt and request counts shared by every Wings instance on one database (limit_counts), so that a limit holds for
// the whole service rather than per process. attempt-limit.ts keeps the per-process Map that SQLite serves with.
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHmac } from 'node:crypto'
import type { RateLimit } from '../config.ts'
import type { Sql } from './sql.ts'

export interface Window {
  /** Hits in the current window, this one included. */
  count: number
  /** When the window ends, in epoch milliseconds. */
  resetAt: number
}

export interface SharedCounts {
  /** Counts a hit on `key` in a fixed window of `windowMs` that starts at its first hit. */
  hit(key: string, windowMs: number, now: number): Promise<Window>
  /** The window open on `key` at `now`, without counting; undefined when none is. */
  read(key: string, now: number): Promise<Window | undefined>
  /** Forgets `key`'s window. */
  clear(key: string): Promise<void>
  /** Deletes the windows ended by `now`; returns how many. */
  sweep(now: number): Promise<number>
}

/** A key shorter than this would make the stored HMACs guessable. */
const MIN_SECRET_BYTES = 32

// One statement, so concurrent hits from any number of instances serialise on the row: none is lost. Every SET
// expression reads the row as it was before this hit.
const HIT = `INSERT INTO limit_counts (key, count, reset_at) VALUES (@key, 1, @resetAt)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN limit_counts.reset_at <= @now THEN 1 ELSE limit_counts.count + 1 END,
    reset_at = CASE WHEN limit_counts.reset_at <= @now THEN @resetAt ELSE limit_counts.reset_at END
  RETURNING count, reset_at AS "resetAt"`

/**
 * Counts on `sql`'s limit_counts table, each key stored as HMAC-SHA256(secret, key): no IP or e-mail is stored, and
 * without the secret a key cannot be guessed from its row. Every instance must be given the same secret.
 *
 * `sql` must be a connection of its own, made at start (on PostgreSQL a small pool:
 * `connectPostgres(DATABASE_URL, { max: 2 })`): a count is never part of a caller's transaction and never rolled back
 * with it. Statements run in the async context of this call, so even a transaction open around a later `hit` is not
 * joined. On SQLite, where the service keeps its per-process Map, a hit made while another connection holds the write
 * lock waits for it: use this store there only outside write transactions (as the tests do).
 */
export function createSharedCounts(sql: Sql, secret: Buffer): SharedCounts {
  if (secret.length < MIN_SECRET_BYTES) throw new RangeError(`The limits' secret must have ${MIN_SECRET_BYTES} bytes`)
  const outside = AsyncLocalStorage.snapshot()
  const stored = (key: string) => createHmac('sha256', secret).update(key).digest()

  return {
    async hit(key, windowMs, now) {
      const row = await outside(() => sql.get<Window>(HIT, { key: stored(key), resetAt: now + windowMs, now }))
      if (!row) throw new Error('limit_counts answered no row')
      return row
    },
    read: (key, now) =>
      outside(() =>
        sql.get<Window>('SELECT count, reset_at AS "resetAt" FROM limit_counts WHERE key = ? AND reset_at > ?', [
          stored(key),
          now,
        ]),
      ),
    async clear(key) {
      await outside(() => sql.run('DELETE FROM limit_counts WHERE key = ?', [stored(key)]))
    },
    async sweep(now) {
      return (await outside(() => sql.run('DELETE FROM limit_counts WHERE reset_at <= ?', [now]))).changes
    },
  }
}

/** attempt-limit.ts's AttemptLimit, answering through promises. */
export interface SharedAttemptLimit {
  /** Records an attempt; the seconds to wait when the limit is exceeded, else 0. */
  attempt(key: string): Promise<number>
  /** The seconds to wait when the key is over the limit now, else 0 (counts nothing). */
  wait(key: string): Promise<number>
  /** Starts the key's count again (a successful login). */
  succeeded(key: string): Promise<void>
}

const secondsUntil = (resetAt: number, at: number) => Math.ceil((resetAt - at) / 1000)

/**
 * createAttemptLimit's semantics on shared counts. `name` (for example 'login') keeps each limit's keys apart, as each
 * limit's own Map does in one process.
 */
export function createSharedAttemptLimit(
  counts: SharedCounts,
  name: string,
  limit: RateLimit,
  now: () => number = Date.now,
): SharedAttemptLimit {
  const keyOf = (key: string) => `attempt:${name}:${key}`
  return {
    async attempt(key) {
      const at = now()
      const window = await counts.hit(keyOf(key), limit.windowMs, at)
      return window.count > limit.max ? secondsUntil(window.resetAt, at) : 0
    },
    async wait(key) {
      const at = now()
      const window = await counts.read(keyOf(key), at)
      return window && window.count > limit.max ? secondsUntil(window.resetAt, at) : 0
    },
    succeeded: (key) => counts.clear(keyOf(key)),
  }
}
