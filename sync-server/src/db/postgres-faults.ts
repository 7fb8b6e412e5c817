// Which PostgreSQL errors are faults (the database cannot serve now; the same request may succeed later) rather than
// the request's or the code's mistake. postgres-sql.ts wraps them in PostgresFault; storage-fault.ts answers them 503.
import pg from 'pg'

/**
 * SQLSTATEs meaning PostgreSQL cannot serve now: a connection exception (class 08), shutting down or starting up
 * (57P01-57P03), too many connections (53300), disk full (53100), out of memory (53200), and a read-only transaction
 * (25006: the URL reaches a standby, as after a failover).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53[123]00|25006)$/

/** Serialization failure and deadlock: PostgreSQL rolled the transaction back; sent again, it may well succeed. */
const RETRYABLE_STATES = new Set(['40001', '40P01'])

/** Node's errors of a socket that cannot reach PostgreSQL, or lost it. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/** pg's own errors (no code) for a connection that could not be made or was lost, and for a pool with none free. */
const LOST_CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
])

export type PostgresFaultKind = 'unavailable' | 'retryable'

/**
 * What `error` (from pg) says about PostgreSQL, or null when it is not a fault: a syntax error, a missing column, a
 * broken constraint, a bad parameter or a bug stays what it is.
 */
export function postgresFaultKind(error: unknown): PostgresFaultKind | null {
  if (error instanceof pg.DatabaseError) {
    const state = error.code ?? ''
    if (RETRYABLE_STATES.has(state)) return 'retryable'
    return UNAVAILABLE_STATES.test(state) ? 'unavailable' : null
  }
  if (!(error instanceof Error)) return null
  const { code } = error as { code?: unknown }
  if (typeof code === 'string') return NETWORK_CODES.has(code) ? 'unavailable' : null
  return LOST_CONNECTION_MESSAGES.has(error.message) ? 'unavailable' : null
}

/**
 * PostgreSQL could not serve a statement, a BEGIN or a COMMIT: unreachable, down, full, a standby, or (`retryable`) a
 * transaction it rolled back for a deadlock or a serialization failure. Nothing of the transaction was written, except
 * for a COMMIT whose connection died, whose outcome is unknown: a client sends the same op again and `applied_ops`
 * answers `duplicate` if it was written. `cause` is pg's error; `code` its SQLSTATE or Node's error code.
 */
export class PostgresFault extends Error {
  override name = 'PostgresFault'
  readonly code: string | undefined
  readonly retryable: boolean

  constructor(kind: PostgresFaultKind, cause: unknown) {
    const reason = String((cause as { message?: unknown })?.message ?? cause).split('\n')[0]
    super(`PostgreSQL ${kind === 'retryable' ? 'rolled the transaction back' : 'is unavailable'}: ${reason}`, { cause })
    const code = (cause as { code?: unknown } | null)?.code
    this.code = typeof code === 'string' ? code : undefined
    this.retryable = kind === 'retryable'
  }
}

/** `error` as a PostgresFault when it is one, else `error` itself. */
export function asPostgresFault(error: unknown): unknown {
  if (error instanceof PostgresFault) return error
  const kind = postgresFaultKind(error)
  return kind === null ? error : new PostgresFault(kind, error)
}

/** Runs `work` and rethrows its faults as PostgresFault. */
export async function faultsWrapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw asPostgresFault(error)
  }
}
