// Migrations for PostgreSQL (postgres-migrations/NNN-name.sql), safe when several instances start at once.
import { fileURLToPath } from 'node:url'
import { readMigrations } from './migrate.ts'
import type { Sql } from './sql.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./postgres-migrations/', import.meta.url))

/** The advisory lock every Wings instance takes to migrate: any constant, the same in all of them. */
export const MIGRATION_LOCK = 7_274_610_029

/**
 * The tables that stay in each instance's SQLite file: the imported region, which every instance imports for itself
 * and serves read-only (with their FTS5 and R*Tree shadow tables, named `<table>_...`). Every other table of
 * db/migrations is in PostgreSQL when DATABASE_URL is set.
 */
export const REGION_TABLES = [
  'region',
  'places',
  'places_fts',
  'place_words',
  'place_boxes',
  'places_elsewhere',
  'geocode_region',
  'nearby_places',
] as const

/**
 * Applies every migration not applied yet, in one transaction holding a transaction-level advisory lock: an instance
 * that starts meanwhile waits for the lock, then finds them applied. Returns the names applied.
 */
export async function migratePostgres(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  if (sql.dialect !== 'postgres') throw new Error('migratePostgres migrates a PostgreSQL database')
  const migrations = readMigrations(dir)
  return sql.transaction(async (tx) => {
    // Before anything else, even CREATE TABLE IF NOT EXISTS, which fails when two sessions run it at once.
    await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version BIGINT PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`)
    const rows = await tx.all<{ version: number }>('SELECT version FROM schema_migrations')
    const applied = new Set(rows.map((row) => row.version))
    const done: string[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      await tx.exec(migration.sql)
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ])
      done.push(migration.name)
    }
    return done
  })
}
