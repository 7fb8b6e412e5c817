import { join } from 'node:path'
import type { Config } from '../config.ts'
import type { Db } from './connection.ts'
import { openServingDatabase } from './serving-database.ts'
import type { Sql } from './sql.ts'
import { createSqliteSql } from './sqlite-sql.ts'

export const DATABASE_FILE = 'wings.db'

/** What the server stores its data in: today one SQLite file, later PostgreSQL for the shared data (docs/storage.md). */
export interface Storage {
  /** The SQLite connection: the repos not yet on `sql`, and the region's. */
  db: Db
  /** The query layer over the same connection, for the repos as they move onto it. */
  sql: Sql
  /** Why writes are refused (logged at start), or null when the database writes. */
  readOnly: string | null
  /** Closes the connection; later calls wait for the first. */
  close(): Promise<void>
}

export interface StorageOptions {
  /** Opens the database file (db/connection.ts openDatabase): lets tests make it fail like a full disk. */
  openDatabase?: (file: string) => Db
}

/**
 * Opens and migrates the server's storage. Read-only when the disk is full or the file cannot be written; throws
 * DatabaseUnavailableError when it cannot be opened even to read (db/serving-database.ts).
 */
export async function openStorage(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  options: StorageOptions = {},
): Promise<Storage> {
  // Where PostgreSQL will be chosen (phase 3). Until then running on SQLite with DATABASE_URL set would split the data.
  if (config.databaseUrl !== null) throw new Error('DATABASE_URL is set, but PostgreSQL storage is not wired in yet')
  const { db, readOnly } = openServingDatabase(join(config.dataDir, DATABASE_FILE), options.openDatabase)
  const sql = createSqliteSql(db)
  let closed: Promise<void> | undefined
  return {
    db,
    sql,
    readOnly,
    close() {
      closed ??= sql.close()
      return closed
    },
  }
}
