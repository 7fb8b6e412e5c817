import Database from 'better-sqlite3'

/**
 * SQLite result codes (and their extended codes, e.g. SQLITE_IOERR_WRITE) saying the database cannot write now:
 * disk full, read-only file or mount, I/O error, lock held elsewhere past busy_timeout, file not openable.
 */
const STORAGE_FAULT = /^SQLITE_(FULL|READONLY|IOERR|BUSY|LOCKED|CANTOPEN)(_|$)/

/** A database write failed for want of storage, not because of the request: it may succeed when sent again. */
export function isStorageFault(error: unknown): boolean {
  return error instanceof Database.SqliteError && STORAGE_FAULT.test(error.code)
}

/** Runs a write that is only housekeeping: when storage fails it is skipped, so the read around it still answers. */
export function unlessStorageFails(write: () => void): void {
  try {
    write()
  } catch (error) {
    if (!isStorageFault(error)) throw error
  }
}
