import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import Database from 'better-sqlite3'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from './app.ts'
import { openDatabase } from './db/connection.ts'
import { readMigrations } from './db/migrate.ts'
import { DatabaseUnavailableError } from './db/serving-database.ts'
import { newId } from './ids.ts'
import { STORAGE_RETRY_AFTER_SECONDS } from './plugins/errors.ts'
import { anOp, sendOps } from './testing/sync-ops.ts'
import { createTestApp, signedIn, type TestApp, validSignup } from './testing/test-app.ts'

// A full disk at start (finding 6): SQLite cannot make WAL's shared-memory file, so opening the database for
// writing fails with SQLITE_IOERR_SHMSIZE. The open is made to fail that way; the read-only open that follows is real.

const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url))

const fullDisk = (): never => {
  throw new Database.SqliteError('disk I/O error', 'SQLITE_IOERR_SHMSIZE')
}

let dataDir: string
let dbFile: string
let t: TestApp | undefined
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-start-'))
  dbFile = join(dataDir, DATABASE_FILE)
})
afterEach(async () => {
  await t?.close()
  t = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

/** The server on `dataDir` with a full disk, and its log. */
async function startOnFullDisk() {
  const stream = new PassThrough()
  const started = { log: '' }
  stream.on('data', (chunk: Buffer) => {
    started.log += chunk.toString()
  })
  t = await createTestApp({ dataDir, logLevel: 'info' }, { logStream: stream, openDatabase: fullDisk })
  return started
}

function expectUnavailable(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503)
  expect(res.json()).toEqual({ success: false, message: ErrorMessages.storageUnavailable, code: ErrorCode.unavailable })
  expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS))
}

describe('a full disk at start, with a database', () => {
  it('starts read-only: says why and what to do, serves reads, answers writes 503, and health says degraded', async () => {
    const before = await createTestApp({ dataDir })
    const cookies = await signedIn(before.app)
    const story = { _id: newId(), title: 'Night bus', content: 'The 9 pm bus from the station is well lit.' }
    expect(
      (await before.app.inject({ method: 'POST', url: '/api/user/stories/create', cookies, payload: story }))
        .statusCode,
    ).toBe(201)
    await before.close()

    const started = await startOnFullDisk()
    const app = t?.app
    if (!app) throw new Error('no app')
    const [line] = started.log.split('\n').filter((l) => l.includes('cannot write its database'))
    expect(line).toBeDefined()
    const { msg, level } = JSON.parse(line ?? '{}')
    expect(level).toBe(50)
    expect(msg).toContain(dbFile)
    expect(msg).toContain('SQLITE_IOERR_SHMSIZE')
    expect(msg).toContain(`Free disk space in DATA_DIR (${dataDir})`)
    expect(started.log).not.toMatch(/"stack"/)

    const health = await app.inject({ url: '/api/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ ok: true, degraded: 'read-only' })
    const feed = await app.inject({ url: '/api/stories/all' })
    expect(feed.statusCode).toBe(200)
    expect(JSON.stringify(feed.json())).toContain('Night bus')
    expect((await app.inject({ url: `/api/stories/${story._id}` })).statusCode).toBe(200)
    // Her session from before still works for reading.
    expect((await app.inject({ url: '/api/profile', cookies })).statusCode).toBe(200)

    expectUnavailable(
      await app.inject({ method: 'POST', url: '/api/signup', payload: { ...validSignup, email: 'new@example.in' } }),
    )
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/user/stories/create',
        cookies,
        payload: { ...story, _id: newId() },
      }),
    )
    expectUnavailable(await sendOps(app, [anOp('story.like', { _id: story._id })], { clientId: randomUUID(), cookies }))
  })

  it('refuses to start when the database lacks a migration it cannot apply, naming it', async () => {
    const db = openDatabase(dbFile)
    db.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    )
    db.close()
    const [first] = readMigrations()
    await expect(startOnFullDisk()).rejects.toThrow(DatabaseUnavailableError)
    await expect(startOnFullDisk()).rejects.toThrow(new RegExp(`cannot update its database .*${first?.name}`))
  })
})

describe('a full disk at start, without a database', () => {
  it('refuses to start with what is wrong, the path and what to do', async () => {
    await expect(startOnFullDisk()).rejects.toThrow(DatabaseUnavailableError)
    try {
      await startOnFullDisk()
    } catch (error) {
      const { message } = error as Error
      expect(message).toBe(
        `Wings cannot open its database ${dbFile}: the disk is full (SQLITE_IOERR_SHMSIZE). ` +
          `Free disk space in DATA_DIR (${dataDir}) and check that the server may write there, then start the server again.`,
      )
    }
  })
})

describe('the server process', () => {
  it('exits with code 1 and the message, no stack trace, when the database cannot be opened at all', () => {
    // A folder where the database file should be: SQLite can open it neither to write nor to read.
    mkdirSync(dbFile)
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toBe(
      `Wings cannot open its database ${dbFile}: it cannot be opened, or its folder cannot be written (SQLITE_CANTOPEN). ` +
        `Free disk space in DATA_DIR (${dataDir}) and check that the server may write there, then start the server again.`,
    )
    expect(run.stdout).toBe('')
  }, 40_000)
})
