// For the layer's tests: the same database on either backend, as one or two servers would reach it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase } from '../testing/postgres.ts'
import { openDatabase } from './connection.ts'
import { migrate } from './migrate.ts'
import { migratePostgres } from './postgres-migrate.ts'
import { connectPostgres } from './postgres-sql.ts'
import type { Dialect, Sql } from './sql.ts'
import { createSqliteSql } from './sqlite-sql.ts'

export const DIALECTS: readonly Dialect[] = ['sqlite', 'postgres']

export interface TestBackend {
  dialect: Dialect
  /** One server's Sql. */
  sql: Sql
  /**
   * A second server's: another pool on PostgreSQL; on SQLite the same Sql, since one process serves a SQLite file
   * (its transactions take turns with the first's).
   */
  peer: Sql
  /** A connection of its own, for reading while a transaction of `sql` or `peer` is open (SQLite: a WAL reader). */
  reader: Sql
  /** A further connection of its own (PostgreSQL: a pool; SQLite: a connection to the same file). */
  connect(): Promise<Sql>
  close(): Promise<void>
}

/** An empty database (or, with `migrated`, one with every migration applied) on `dialect`. */
export async function openTestBackend(dialect: Dialect, options: { migrated?: boolean } = {}): Promise<TestBackend> {
  const opened: Sql[] = []
  let connect: () => Promise<Sql>
  let cleanup: () => Promise<void>
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'wings-sql-'))
    const file = join(dir, 'wings.db')
    if (options.migrated) {
      const db = openDatabase(file)
      migrate(db)
      db.close()
    }
    connect = async () => createSqliteSql(openDatabase(file))
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  } else {
    const database = await createTestDatabase()
    connect = () => connectPostgres(database.url, { retries: 0 })
    cleanup = () => database.drop()
  }
  const open = async () => {
    const sql = await connect()
    opened.push(sql)
    return sql
  }
  const sql = await open()
  if (options.migrated && dialect === 'postgres') await migratePostgres(sql)
  return {
    dialect,
    sql,
    peer: dialect === 'sqlite' ? sql : await open(),
    reader: await open(),
    connect: open,
    close: async () => {
      await Promise.all(opened.map((each) => each.close()))
      await cleanup()
    },
  }
}
