import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { insertUserRow } from '../testing/user-rows.ts'
import { type Db, openDatabase } from './connection.ts'
import { migrate, readMigrations } from './migrate.ts'

let dir: string
let db: Db

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-db-'))
  db = openDatabase(join(dir, 'nested', 'wings.db'))
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('openDatabase', () => {
  it('creates the directory and turns on WAL and foreign keys', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000)
  })
})

describe('migrate', () => {
  it('applies every migration once and is idempotent', () => {
    const all = readMigrations().map((m) => m.name)
    expect(migrate(db)).toEqual(all)
    expect(migrate(db)).toEqual([])
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()
    expect(versions).toEqual(all.map((_, i) => i + 1))
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'contact_messages', 'applied_ops', 'changes']))
  })

  it('deletes sessions with their user', () => {
    migrate(db)
    const now = new Date().toISOString()
    insertUserRow(db, { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', at: now })
    db.prepare("INSERT INTO sessions VALUES ('t', 'aaaaaaaaaaaaaaaaaaaaaaaa', ?, ?, ?)").run(now, now, now)
    db.prepare('DELETE FROM users').run()
    expect(db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0)
  })

  it('rolls back a failing migration completely and records nothing', () => {
    const migrations = join(dir, 'migrations')
    mkdirSync(migrations)
    writeFileSync(join(migrations, '001-good.sql'), 'CREATE TABLE a (x INTEGER);')
    writeFileSync(join(migrations, '002-bad.sql'), 'CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);')
    expect(() => migrate(db, migrations)).toThrowError(/nowhere/)
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()
    expect(tables).toContain('a')
    expect(tables).not.toContain('b')
    expect(db.prepare('SELECT name FROM schema_migrations').pluck().all()).toEqual(['001-good.sql'])
  })

  it('refuses badly named or gapped migration files', () => {
    const migrations = join(dir, 'gapped')
    mkdirSync(migrations)
    writeFileSync(join(migrations, '001-a.sql'), '')
    writeFileSync(join(migrations, '003-c.sql'), '')
    expect(() => readMigrations(migrations)).toThrowError(/numbered/)
    writeFileSync(join(migrations, 'oops.sql'), '')
    expect(() => readMigrations(migrations)).toThrowError(/001-name\.sql/)
  })
})
