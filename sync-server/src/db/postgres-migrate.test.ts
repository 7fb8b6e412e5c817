import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/postgres.ts'
import { migrate, readMigrations } from './migrate.ts'
import { migratePostgres, REGION_TABLES } from './postgres-migrate.ts'
import { connectPostgres } from './postgres-sql.ts'
import type { Sql } from './sql.ts'
import { createSqliteSql } from './sqlite-sql.ts'

/**
 * Tables only PostgreSQL has: its migrations' bookkeeping, the change log's counter and the counts instances share
 * (SQLite counts in memory).
 */
const POSTGRES_ONLY = new Set(['schema_migrations', 'change_seq', 'limit_counts'])

const MIGRATIONS = readMigrations(fileURLToPath(new URL('./postgres-migrations/', import.meta.url))).map((m) => m.name)

/** What each SQLite declared type becomes in PostgreSQL (docs/storage.md). */
const TYPE_IN_POSTGRES: Record<string, string> = {
  INTEGER: 'bigint',
  REAL: 'double precision',
  'DOUBLE PRECISION': 'double precision',
  TEXT: 'text',
  BLOB: 'bytea',
}

type Columns = Record<string, string>

describe('PostgreSQL migrations', () => {
  const databases: TestDatabase[] = []
  const pools: Sql[] = []
  const fresh = async () => {
    const database = await createTestDatabase()
    databases.push(database)
    return database
  }
  const connect = async (url: string) => {
    const sql = await connectPostgres(url, { retries: 0 })
    pools.push(sql)
    return sql
  }
  afterAll(async () => {
    await Promise.all(pools.map((sql) => sql.close()))
    await Promise.all(databases.map((database) => database.drop()))
  })

  it('migrates once when two instances start at once: the second waits for the lock, then finds nothing to do', async () => {
    const { url } = await fresh()
    const [first, second] = [await connect(url), await connect(url)]
    const results = await Promise.all([migratePostgres(first), migratePostgres(second)])
    expect(results.map((done) => done.length).sort()).toEqual([0, MIGRATIONS.length])
    expect(results.flat()).toEqual(MIGRATIONS)
    expect(MIGRATIONS[0]).toBe('001-schema.sql')
    expect(await first.all('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual(
      MIGRATIONS.map((name, index) => ({ version: index + 1, name })),
    )
    expect(await migratePostgres(second)).toEqual([])
  })

  it('applies nothing of a run where one migration fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wings-pg-migrations-'))
    try {
      writeFileSync(join(dir, '001-good.sql'), 'CREATE TABLE good (id TEXT PRIMARY KEY);')
      writeFileSync(join(dir, '002-bad.sql'), 'CREATE TABLE bad (id TEXT PRIMARY KEY;')
      const sql = await connect((await fresh()).url)
      await expect(migratePostgres(sql, dir)).rejects.toThrow(/syntax error/)
      const tables = await sql.all("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")
      expect(tables).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a SQLite database', async () => {
    const sqlite = createSqliteSql(new Database(':memory:'))
    await expect(migratePostgres(sqlite)).rejects.toThrow(/PostgreSQL/)
    await sqlite.close()
  })

  describe('parity with SQLite', () => {
    let sqlite: Record<string, Columns>
    let postgres: Record<string, Columns>

    beforeAll(async () => {
      const db = new Database(':memory:')
      migrate(db)
      const schema = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all() as {
        name: string
        sql: string
      }[]
      const virtual = schema.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name)
      const regionOrShadow = (name: string) =>
        (REGION_TABLES as readonly string[]).includes(name) || virtual.some((table) => name.startsWith(`${table}_`))
      sqlite = {}
      for (const { name } of schema) {
        if (name.startsWith('sqlite_') || name === 'schema_migrations' || regionOrShadow(name)) continue
        const columns = db.prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?)').all(name) as {
          name: string
          type: string
          notnull: number
          pk: number
        }[]
        sqlite[name] = Object.fromEntries(
          columns.map((column) => [
            column.name,
            `${TYPE_IN_POSTGRES[column.type] ?? `unmapped ${column.type}`}${column.notnull || column.pk ? ' not null' : ''}`,
          ]),
        )
      }
      db.close()

      const sql = await connect((await fresh()).url)
      await migratePostgres(sql)
      const rows = await sql.all<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
        `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable FROM information_schema.columns c
          JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
      )
      postgres = {}
      for (const row of rows) {
        if (POSTGRES_ONLY.has(row.table_name)) continue
        postgres[row.table_name] ??= {}
        ;(postgres[row.table_name] as Columns)[row.column_name] =
          `${row.data_type}${row.is_nullable === 'NO' ? ' not null' : ''}`
      }
    })

    it('has every table SQLite has, but the region, and no other', () => {
      expect(Object.keys(postgres).sort()).toEqual(Object.keys(sqlite).sort())
      expect(Object.keys(postgres)).toContain('changes')
      expect(Object.keys(postgres)).not.toContain('places')
    })

    it('has the same columns in each, with the mapped type and NOT NULL', () => {
      expect(postgres).toEqual(sqlite)
    })
  })
})
