import Database from 'better-sqlite3'
import { PostgresFault } from './postgres-faults.ts'

/**
 * SQLite result codes (and their extended codes, e.g. SQLITE_IOERR_WRITE) saying the database cannot write now:
 * disk full, read-only file or mount, I/O error, lock held elsewhere past busy_timeout, file not openable.
 */
const STORAGE_FAULT = /^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN)(_|$)/

/** How deep to look through errors' `cause` for a PostgresFault (a transaction ended by one is one). */
const CAUSE_DEPTH = 4

/**
 * Why storage failed a request that may succeed when sent again: SQLite cannot write (`sqlite`), PostgreSQL is
 * unreachable or cannot serve (`postgres`), or PostgreSQL rolled back a deadlock or serialization failure (`retryable`).
 */
export type StorageFaultKind = 'sqlite' | 'postgres' | 'retryable'

/** The kind of storage fault `error` is, or null when it is none (the request's mistake, or a bug). */
export function storageFaultKind(error: unknown): StorageFaultKind | null {
  if (error instanceof Database.SqliteError) return STORAGE_FAULT.test(error.code) ? 'sqlite' : null
  let cause = error
  for (let depth = 0; depth <= CAUSE_DEPTH && cause instanceof Error; depth++, cause = cause.cause) {
    if (cause instanceof PostgresFault) return cause.retryable ? 'retryable' : 'postgres'
  }
  return null
}

/** A database write failed for want of storage, not because of the request: it may succeed when sent again. */
export function isStorageFault(error: unknown): boolean {
  return storageFaultKind(error) !== null
}

/** Runs a write that is only housekeeping: when storage fails it is skipped, so the read around it still answers. */
export function unlessStorageFails(write: () => void): void {
  try {
    write()
  } catch (error) {
    if (!isStorageFault(error)) throw error
  }
}
