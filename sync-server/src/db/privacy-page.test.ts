import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
// The Privacy page's own data: a new table fails here, where whoever adds it runs the tests, until the page names it.
import { namedServerTables } from '../../../web/src/features/privacy/stored-data.ts'
import type { Db } from './connection.ts'
import { migrate, readMigrations } from './migrate.ts'

const MIGRATIONS = fileURLToPath(new URL('./migrations/', import.meta.url))

/** The tables the migrations create, virtual ones included; SQLite's own and a virtual table's shadow tables left out. */
function createdTables(db: Db): string[] {
  return db
    .prepare(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')
      AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`)
    .pluck()
    .all() as string[]
}

/** A fresh database with every migration in `dir` applied. */
function migrated(dir = MIGRATIONS): Db {
  const db = new Database(':memory:')
  migrate(db, dir)
  return db
}

let opened: Db | undefined
let tempDir: string | undefined
afterEach(() => {
  opened?.close()
  opened = undefined
  if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  tempDir = undefined
})

describe('the Privacy page (web/src/features/privacy/stored-data.ts)', () => {
  it('names every table the server creates', () => {
    opened = migrated()
    const named = namedServerTables()
    const unnamed = createdTables(opened).filter((table) => !named.has(table))
    expect(unnamed, 'say on the Privacy page what these hold: web/src/features/privacy/stored-data.ts').toEqual([])
  })

  it('names no table the server does not create', () => {
    opened = migrated()
    const created = new Set(createdTables(opened))
    const gone = [...namedServerTables()].filter((table) => !created.has(table))
    expect(gone, 'the Privacy page names tables that no longer exist').toEqual([])
  })

  it('catches a table a new migration adds, and counts virtual tables but not their shadow tables', () => {
    tempDir = mkdtempSync(join(tmpdir(), 'wings-privacy-'))
    cpSync(MIGRATIONS, tempDir, { recursive: true })
    const next = String(readMigrations().length + 1).padStart(3, '0')
    writeFileSync(
      join(tempDir, `${next}-forgotten.sql`),
      `CREATE TABLE visits (user_id TEXT, ip TEXT);
       CREATE VIRTUAL TABLE visit_search USING fts5(ip);`,
    )
    opened = migrated(tempDir)
    const named = namedServerTables()
    const tables = createdTables(opened)
    expect(tables.filter((table) => !named.has(table))).toEqual(['visit_search', 'visits'])
    expect(tables).toContain('places_fts')
    expect(tables).not.toContain('places_fts_data')
  })
})
