import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

export function openDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true })
  return configured(new Database(file), (db) => {
    // WAL lets readers run beside the one writer; NORMAL is durable enough in WAL mode and much faster.
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    // Deleted rows are overwritten with zeros rather than left in free pages, where a copy of the file would still
    // show them (a queued report next to the writes that came with it, rows a migration stripped of a link).
    db.pragma('secure_delete = ON')
  })
}

/**
 * Copies the WAL into the database and empties it, if no reader holds it: the WAL keeps each transaction's pages
 * together, so until then a report sits next to the other writes of the push that brought it (docs/community-signals.md).
 */
export function truncateWal(db: Db): void {
  db.pragma('wal_checkpoint(TRUNCATE)')
}

/**
 * The existing database for reading only, for when it cannot be opened to write (serving-database.ts).
 * EXCLUSIVE locking before the first read keeps WAL's index in this process's memory, so no -shm file has to be made
 * or grown: that is what a full disk refuses (SQLITE_IOERR_SHMSIZE). query_only refuses every write with
 * SQLITE_READONLY, which the API answers 503 like any storage fault. No other process can open the database
 * meanwhile.
 */
export function openDatabaseReadOnly(file: string): Db {
  return configured(new Database(file, { fileMustExist: true }), (db) => {
    db.pragma('locking_mode = EXCLUSIVE')
    db.pragma('query_only = 1')
    db.pragma('foreign_keys = ON')
    // The first read takes the lock and opens the WAL: a failure shows now, not at the first request.
    db.prepare('SELECT count(*) FROM sqlite_schema').get()
  })
}

/** `db` after `configure`, or closed when that fails, so that no lock or open file is left behind for a retry. */
function configured(db: Db, configure: (db: Db) => void): Db {
  try {
    configure(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** Runs `fn` in a write transaction (BEGIN IMMEDIATE), or in a savepoint when one is already open. */
export type Transact = <T>(fn: () => T) => T

export function createTransact(db: Db): Transact {
  // IMMEDIATE takes the write lock up front, so a read-then-write inside cannot fail halfway with SQLITE_BUSY.
  const run = db.transaction((fn: () => unknown) => fn())
  return guarded(db, (fn) => run.immediate(fn))
}

/** Runs `fn` in a read transaction: every query in it sees the same committed state, whatever commits meanwhile. */
export function createReadSnapshot(db: Db): Transact {
  const run = db.transaction((fn: () => unknown) => fn())
  return guarded(db, (fn) => run.deferred(fn))
}

export const FOREIGN_TRANSACTION =
  'A transaction not opened by transact or readSnapshot is open on this connection (an Sql transaction or snapshot ' +
  'held across an await, or a stray BEGIN): this one would run inside it, so it is refused (docs/storage.md, plan 1)'

/** How many transact/readSnapshot calls are running on each connection, whichever of them made the call. */
const depths = new WeakMap<Db, number>()

/**
 * `run`, refused at the outermost call when the connection is already inside a transaction: better-sqlite3 would
 * silently make it a savepoint of that one, to commit or roll back with it. Nested calls stay savepoints.
 */
function guarded(db: Db, run: (fn: () => unknown) => unknown): Transact {
  return <T>(fn: () => T) => {
    const depth = depths.get(db) ?? 0
    if (depth === 0 && db.inTransaction) throw new Error(FOREIGN_TRANSACTION)
    depths.set(db, depth + 1)
    try {
      return run(fn) as T
    } finally {
      depths.set(db, depth)
    }
  }
}
