import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'

export type Db = Database.Database

export function openDatabase(file: string): Db {
  mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  // WAL lets readers run beside the one writer; NORMAL is durable enough in WAL mode and much faster.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}

/** Runs `fn` in a write transaction (BEGIN IMMEDIATE), or in a savepoint when one is already open. */
export type Transact = <T>(fn: () => T) => T

export function createTransact(db: Db): Transact {
  // IMMEDIATE takes the write lock up front, so a read-then-write inside cannot fail halfway with SQLITE_BUSY.
  const run = db.transaction((fn: () => unknown) => fn())
  return <T>(fn: () => T) => run.immediate(fn) as T
}

/** Runs `fn` in a read transaction: every query in it sees the same committed state, whatever commits meanwhile. */
export function createReadSnapshot(db: Db): Transact {
  const run = db.transaction((fn: () => unknown) => fn())
  return <T>(fn: () => T) => run.deferred(fn) as T
}
