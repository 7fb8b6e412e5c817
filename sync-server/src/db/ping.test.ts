import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from './connection.ts'
import { ping } from './ping.ts'
import { createPostgresSql, ROW_TYPES } from './postgres-sql.ts'
import { DIALECTS, openTestBackend, type TestBackend } from './sql-test-backends.ts'
import { createSqliteSql } from './sqlite-sql.ts'

describe.each(DIALECTS)('ping on %s', (dialect) => {
  let backend: TestBackend
  beforeAll(async () => {
    backend = await openTestBackend(dialect)
  })
  afterAll(async () => {
    await backend.close()
  })

  it('answers up while the database answers', async () => {
    expect(await ping(backend.sql, 1000)).toEqual({ up: true })
  })
})

describe('ping on a database that cannot answer', () => {
  it('answers down with the reason on a SQLite connection that was closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wings-ping-'))
    try {
      const sql = createSqliteSql(openDatabase(join(dir, 'wings.db')))
      await sql.close()
      expect(await ping(sql, 1000)).toEqual({ up: false, reason: 'The database connection is not open' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers down with the reason when PostgreSQL refuses connections', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise((resolve) => server.close(resolve))
    const sql = createPostgresSql(new pg.Pool({ connectionString: `postgres://wings@127.0.0.1:${port}/wings` }))
    const answer = await ping(sql, 1000)
    await sql.close()
    expect(answer).toEqual({ up: false, reason: `PostgreSQL is unavailable: connect ECONNREFUSED 127.0.0.1:${port}` })
  })
})

describe('ping on a pool waiting to connect', () => {
  let server: Server
  const sockets: Socket[] = []
  beforeAll(async () => {
    // Accepts connections and never answers: like a host that is up while its PostgreSQL hangs.
    server = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  })

  it("answers down within its bound, not after the pool's 5 s", async () => {
    const { port } = server.address() as { port: number }
    const pool = new pg.Pool({
      connectionString: `postgres://wings@127.0.0.1:${port}/wings`,
      types: ROW_TYPES,
      connectionTimeoutMillis: 5000,
    })
    const sql = createPostgresSql(pool)
    const started = Date.now()
    expect(await ping(sql, 200)).toEqual({ up: false, reason: 'no answer within 200 ms' })
    expect(Date.now() - started).toBeLessThan(2000)
    for (const socket of sockets) socket.destroy()
    await sql.close()
  })
})
