import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './connection.ts'
import { registerSqlFunctions } from './sql-functions.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
const FILE_NAME = /^(\d{3})-[a-z0-9-]+\.sql$/

interface Migration {
  version: number
  name: string
  sql: string
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => {
      const match = FILE_NAME.exec(name)
      if (!match) throw new Error(`Migration file name must look like 001-name.sql: ${name}`)
      return { version: Number(match[1]), name, sql: readFileSync(join(dir, name), 'utf8') }
    })
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migrations must be numbered 1, 2, 3...: ${migration.name}`)
  })
  return migrations
}

/** Applies every migration not applied yet, each in its own transaction; returns the names applied. */
export function migrate(db: Db, dir = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  registerSqlFunctions(db)
  const applied = appliedVersions(db)
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  const done: string[] = []
  for (const migration of readMigrations(dir)) {
    if (applied.has(migration.version)) continue
    db.transaction(() => {
      db.exec(migration.sql)
      record.run(migration.version, migration.name, new Date().toISOString())
    })()
    done.push(migration.name)
  }
  return done
}

/** The migrations not applied to `db` yet, by name, found without writing (a read-only database has no table yet). */
export function pendingMigrations(db: Db, dir = MIGRATIONS_DIR): string[] {
  const tracked = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'").get()
  const applied = tracked ? appliedVersions(db) : new Set<number>()
  return readMigrations(dir)
    .filter((migration) => !applied.has(migration.version))
    .map((migration) => migration.name)
}

function appliedVersions(db: Db): Set<number> {
  return new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  )
}
