import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { DATABASE_FILE, openStorage, type Storage } from './open-storage.ts'
import { DatabaseUnavailableError } from './serving-database.ts'

const fullDisk = (): never => {
  throw new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_SHMSIZE')
}

let dataDir: string
let storage: Storage | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-storage-'))
})
afterEach(async () => {
  await storage?.close()
  storage = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

const config = (databaseUrl: string | null = null) => ({ dataDir, databaseUrl })

describe('openStorage on SQLite', () => {
  it('opens and migrates DATA_DIR/wings.db, with `sql` on the same connection as `db`', async () => {
    storage = await openStorage(config())
    expect(storage.readOnly).toBeNull()
    expect(storage.sql.dialect).toBe('sqlite')
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(true)
    const { db, sql } = storage
    await sql.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)')
    // Inside an Sql transaction the better-sqlite3 connection is in it too, and sees its uncommitted row.
    await sql.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (text) VALUES (?)', ['through sql'])
      expect(db.inTransaction).toBe(true)
      expect(db.prepare('SELECT text FROM notes').all()).toEqual([{ text: 'through sql' }])
    })
    db.prepare('INSERT INTO notes (text) VALUES (?)').run('through db')
    expect(await sql.all('SELECT text FROM notes ORDER BY id')).toEqual([
      { text: 'through sql' },
      { text: 'through db' },
    ])
    expect(await sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 0 })
  })

  it('falls back to reading only on a full disk, through both db and sql', async () => {
    await (await openStorage(config())).close()
    storage = await openStorage(config(), { openDatabase: fullDisk })
    expect(storage.readOnly).toContain('Wings cannot write its database')
    expect(storage.readOnly).toContain('SQLITE_IOERR_SHMSIZE')
    expect(await storage.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 0 })
    await expect(storage.sql.run("DELETE FROM users WHERE id = 'x'")).rejects.toMatchObject({
      code: expect.stringMatching(/^SQLITE_READONLY/),
    })
  })

  it('refuses with DatabaseUnavailableError when even reading is impossible', async () => {
    await expect(openStorage(config(), { openDatabase: fullDisk })).rejects.toThrow(DatabaseUnavailableError)
  })

  it('closes the connection once, however often it is asked', async () => {
    storage = await openStorage(config())
    const { db, sql } = storage
    const first = storage.close()
    const second = storage.close()
    expect(second).toBe(first)
    await Promise.all([first, second])
    expect(db.open).toBe(false)
    await expect(sql.get('SELECT 1')).rejects.toThrow()
  })
})

describe('openStorage with DATABASE_URL', () => {
  it('refuses while PostgreSQL is not wired in, and touches no SQLite file', async () => {
    const url = 'postgres://wings:s3cret@127.0.0.1:5432/wings'
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url)
    await expect(openStorage(config(url))).rejects.toThrow('DATABASE_URL is set')
    expect(readdirSync(dataDir)).toEqual([])
  })
})
