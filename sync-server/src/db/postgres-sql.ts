// The query layer (sql.ts) over a `pg` pool: rows shaped as better-sqlite3 gives them, errors with their SQLSTATE,
// and the faults of postgres-faults.ts (PostgreSQL unreachable or unable to serve) as PostgresFault.
import pg from 'pg'
import { asPostgresFault, faultsWrapped, postgresFaultKind } from './postgres-faults.ts'
import { toPostgresQuery } from './postgres-placeholders.ts'
import type { Params, Sql } from './sql.ts'
import { type Connection, createSql } from './sql-transactions.ts'

const INT8 = 20
const NUMERIC = 1700
const BOOL = 16

function safeInteger(text: string): number {
  const value = Number(text)
  if (!Number.isSafeInteger(value))
    throw new RangeError(`PostgreSQL answered ${text}, beyond JavaScript's safe integers`)
  return value
}

/**
 * Set on our pools only (never on pg's global types): BIGINT (counts, epoch millis) as a number, since our values stay
 * far below 2^53 (a larger one throws rather than being rounded); NUMERIC (sum and avg of BIGINTs) as a number;
 * booleans (EXISTS, comparisons) as 1 and 0, like SQLite's. BYTEA is a Buffer and DOUBLE PRECISION a number already.
 */
const PARSERS = new Map<number, (text: string) => unknown>([
  [INT8, safeInteger],
  [NUMERIC, Number],
  [BOOL, (text) => (text === 't' ? 1 : 0)],
])

export const ROW_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PARSERS.get(oid) ?? pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

function connectionOf(queryable: pg.Pool | pg.PoolClient): Connection {
  const query = (text: string, params: Params | undefined) => {
    const { text: postgresText, values } = toPostgresQuery(text, params)
    return faultsWrapped(() => queryable.query(postgresText, values))
  }
  return {
    all: async (text, params) => (await query(text, params)).rows,
    get: async (text, params) => (await query(text, params)).rows[0],
    run: async (text, params) => ({ changes: (await query(text, params)).rowCount ?? 0 }),
    exec: async (text) => {
      await faultsWrapped(() => queryable.query(text))
    },
  }
}

/** The connection was lost while lent to a transaction: its next statement fails (a fault), so nothing to do here. */
const whileLent = () => {}

/** The Sql of `pool` (made with ROW_TYPES): each transaction takes one client of it until it ends. */
export function createPostgresSql(pool: pg.Pool): Sql {
  return createSql({
    dialect: 'postgres',
    connection: connectionOf(pool),
    oneConnection: false,
    async begin(kind) {
      const client = await faultsWrapped(() => pool.connect())
      // pg emits a lent client's connection errors as events: unheard, one would end the process.
      client.on('error', whileLent)
      const release = (error?: Error) => {
        client.off('error', whileLent)
        client.release(error)
      }
      try {
        await client.query(kind === 'write' ? 'BEGIN' : 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY')
      } catch (error) {
        release(error as Error)
        throw asPostgresFault(error)
      }
      return {
        connection: connectionOf(client),
        async end(commit) {
          try {
            await client.query(commit ? 'COMMIT' : 'ROLLBACK')
          } catch (error) {
            // The connection may be gone or in an unknown state: the pool drops it rather than lending it again. A
            // COMMIT lost with its connection may or may not have been applied: a fault, as the retry is exact.
            release(error as Error)
            throw asPostgresFault(error)
          }
          release()
        },
      }
    },
    close: () => pool.end(),
  })
}

/** PostgreSQL could not be reached (after the retries) or refused us; the message says which, without a password. */
export class PostgresUnavailableError extends Error {
  override name = 'PostgresUnavailableError'
}

export interface ConnectOptions {
  /** Attempts after the first one while PostgreSQL is down (default 10). */
  retries?: number
  /** Milliseconds between attempts (default 2000). */
  delay?: number
  /** One line per failed attempt and per connection lost later; no stack traces. */
  log?: (line: string) => void
  /** Connections in the pool (default 10). */
  max?: number
}

/** Where the URL points, for messages: host, port and database, never the user's password. */
function describe(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new PostgresUnavailableError('The PostgreSQL URL is not a URL: postgres://user:password@host:5432/database')
  }
  const where = `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new PostgresUnavailableError(
      `The PostgreSQL URL must start with postgres:// or postgresql:// (it starts with ${parsed.protocol}//)`,
    )
  return where
}

/**
 * At start only, where the one statement is `SELECT 1`: an error that is not PostgreSQL's own (no SQLSTATE) can only be
 * the connection failing, so it means PostgreSQL is not up (yet), as do the SQLSTATEs of a fault. At run time such an
 * error may be a bug: statements there go by postgresFaultKind alone.
 */
function isDownAtStart(error: unknown): boolean {
  return !(error instanceof pg.DatabaseError) || postgresFaultKind(error) === 'unavailable'
}

const reasonOf = (error: unknown): string => {
  const { code, message } = error as { code?: unknown; message?: unknown }
  const first = String(message ?? error).split('\n')[0] ?? ''
  return typeof code === 'string' && !first.includes(code) ? `${code}: ${first}` : first
}

/**
 * A pool on `url`, once PostgreSQL answers: while it is down (refused, unreachable, starting up) tries again every
 * `delay` ms, `retries` times, logging one line each time, then gives up with PostgresUnavailableError. A URL that is
 * not a PostgreSQL URL, a refused login or a missing database fail at once.
 */
export async function connectPostgres(url: string, options: ConnectOptions = {}): Promise<Sql> {
  const { retries = 10, delay = 2000, log = () => {}, max = 10 } = options
  const where = describe(url)
  let pool: pg.Pool
  try {
    pool = new pg.Pool({ connectionString: url, types: ROW_TYPES, max, connectionTimeoutMillis: 5000 })
  } catch (error) {
    throw new PostgresUnavailableError(`The PostgreSQL URL for ${where} cannot be used: ${reasonOf(error)}`)
  }
  // Without a listener an idle connection's error (the server restarting) would end the process.
  pool.on('error', (error) => log(`PostgreSQL at ${where}: a connection was lost (${reasonOf(error)})`))
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('SELECT 1')
      return createPostgresSql(pool)
    } catch (error) {
      const reason = reasonOf(error)
      if (!isDownAtStart(error)) {
        await pool.end()
        throw new PostgresUnavailableError(`PostgreSQL at ${where} refused the connection: ${reason}`)
      }
      if (attempt > retries) {
        await pool.end()
        throw new PostgresUnavailableError(
          `PostgreSQL at ${where} did not answer after ${attempt} attempts (${reason}): start it, or check the URL`,
        )
      }
      log(
        `PostgreSQL at ${where} is not answering (${reason}): attempt ${attempt} of ${retries + 1}, trying again in ${delay / 1000} s`,
      )
      await new Promise((resolve) => setTimeout(resolve, delay))
    }
  }
}
