// The SQLite database a copy to PostgreSQL reads (copy-to-postgres.ts): opened read-only and checked to be a Wings
// database with every migration applied.
import { existsSync } from 'node:fs'
import Database from 'better-sqlite3'
import type { Db } from './connection.ts'
import { pendingMigrations, readMigrations } from './migrate.ts'
import { REGION_TABLES } from './postgres-migrate.ts'

/** The SQLite file is missing, not SQLite, not Wings', or of another schema version; the message says what to do. */
export class CopySourceError extends Error {
  override name = 'CopySourceError'
}

/**
 * `file` for reading only. A read-only connection cannot checkpoint, so neither the file nor its WAL changes (a
 * read-write one would copy the WAL into the file when it closes, being the last connection). SQLite may make an empty
 * WAL and its index beside a file that had none; they hold no data.
 */
export function openCopySource(file: string): Db {
  if (!existsSync(file)) throw new CopySourceError(`No SQLite database at ${file}`)
  let db: Db
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    db.prepare('SELECT count(*) FROM sqlite_schema').get()
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '')
    throw new CopySourceError(
      code === 'SQLITE_NOTADB'
        ? `${file} is not a SQLite database`
        : `Cannot read ${file}: ${(error as Error).message.split('\n')[0]}`,
    )
  }
  try {
    checkSchema(db, file)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

function checkSchema(db: Db, file: string): void {
  const has = (table: string) =>
    db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table) !== undefined
  if (!has('schema_migrations') || !has('users'))
    throw new CopySourceError(`${file} is not a Wings database (it has no schema_migrations or users table)`)
  const missing = pendingMigrations(db)
  if (missing.length > 0)
    throw new CopySourceError(
      `${file} lacks migrations ${missing.join(', ')}: start the Wings server on it once (it migrates at start), stop it, then run this again`,
    )
  const known = readMigrations().length
  const newer = db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as { version: number }
  if (newer.version > known)
    throw new CopySourceError(
      `${file} was migrated by a newer Wings (migration ${newer.version}; this one knows ${known}): run this command from that version`,
    )
}

/**
 * The tables PostgreSQL shares between instances, by name: every table of `db` but SQLite's own, schema_migrations
 * (each backend keeps its own) and the imported region with its virtual tables' shadow tables (REGION_TABLES).
 */
export function sharedTables(db: Db): string[] {
  const tables = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as {
    name: string
    sql: string
  }[]
  const virtual = tables.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name)
  const region = new Set<string>(REGION_TABLES)
  return tables
    .map((table) => table.name)
    .filter(
      (name) =>
        !name.startsWith('sqlite_') &&
        name !== 'schema_migrations' &&
        !region.has(name) &&
        !virtual.some((table) => name.startsWith(`${table}_`)),
    )
}

/** Column names of `table` in SQLite, in order. */
export function sqliteColumns(db: Db, table: string): string[] {
  return (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((c) => c.name)
}

/** What SQLite's AUTOINCREMENT handed out last for `table` (it never hands a number out twice), or 0. */
export function lastAutoincrement(db: Db, table: string): number {
  const tracked = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_sequence'").get()
  if (!tracked) return 0
  const row = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(table) as { seq: number } | undefined
  return row?.seq ?? 0
}
