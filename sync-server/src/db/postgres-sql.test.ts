import { createServer, connect as netConnect, type Server } from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/postgres.ts'
import { connectPostgres, PostgresUnavailableError } from './postgres-sql.ts'
import type { Sql } from './sql.ts'

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A TCP relay on `port` to the test cluster: PostgreSQL "comes up" there when it starts listening. */
function relay(port: number, to: URL): Promise<Server> {
  const server = createServer((socket) => {
    const upstream = netConnect(Number(to.port), to.hostname)
    socket.pipe(upstream).pipe(socket)
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

const urlAt = (database: TestDatabase, port: number, password = '') => {
  const url = new URL(database.url)
  url.port = String(port)
  url.password = password
  return url.href
}

describe('connectPostgres', () => {
  let database: TestDatabase
  const opened: Sql[] = []
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await Promise.all(opened.map((sql) => sql.close()))
    await database.drop()
  })

  it('fails at once on a URL that is not a PostgreSQL URL, without repeating it', async () => {
    const lines: string[] = []
    const log = (line: string) => lines.push(line)
    await expect(connectPostgres('not a url with secret', { log })).rejects.toThrow(PostgresUnavailableError)
    await expect(connectPostgres('not a url with secret', { log })).rejects.not.toThrow(/secret/)
    await expect(connectPostgres('mysql://me:secret@127.0.0.1/wings', { log })).rejects.toThrow(
      /must start with postgres:\/\/ or postgresql:\/\/ \(it starts with mysql:\/\/\)$/,
    )
    expect(lines).toEqual([])
  })

  it('tries again while PostgreSQL is down, one line per attempt, and connects once it is up', async () => {
    const port = await freePort()
    const lines: string[] = []
    let server: Promise<Server> | undefined
    const sql = await connectPostgres(urlAt(database, port, 'hunter2'), {
      retries: 20,
      delay: 20,
      log: (line) => {
        lines.push(line)
        // Up after the second failed attempt.
        if (lines.length === 2) server = relay(port, new URL(database.url))
      },
    })
    opened.push(sql)
    expect(await sql.get('SELECT 1 AS one')).toEqual({ one: 1 })
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines[0]).toBe(
      `PostgreSQL at 127.0.0.1:${port}${new URL(database.url).pathname} is not answering (connect ECONNREFUSED 127.0.0.1:${port}): attempt 1 of 21, trying again in 0.02 s`,
    )
    for (const line of lines) {
      expect(line).not.toMatch(/\n|hunter2| {4}at /)
    }
    await sql.close()
    opened.pop()
    const started = await server
    await new Promise((resolve) => started?.close(resolve))
  })

  it('gives up with a clear error after the retries', async () => {
    const port = await freePort()
    const lines: string[] = []
    const failure = await connectPostgres(urlAt(database, port, 'hunter2'), {
      retries: 2,
      delay: 1,
      log: (line) => lines.push(line),
    }).catch((error) => error)
    expect(failure).toBeInstanceOf(PostgresUnavailableError)
    expect(failure.message).toMatch(
      /^PostgreSQL at 127\.0\.0\.1:\d+\/\w+ did not answer after 3 attempts \(connect ECONNREFUSED .+\): start it, or check the URL$/,
    )
    expect(failure.message).not.toMatch(/hunter2/)
    expect(lines).toHaveLength(2)
  })

  it('does not retry what retrying cannot mend: a database that does not exist', async () => {
    const url = new URL(database.url)
    url.pathname = '/no_such_database'
    const lines: string[] = []
    await expect(connectPostgres(url.href, { retries: 5, delay: 1, log: (line) => lines.push(line) })).rejects.toThrow(
      /refused the connection: 3D000: database "no_such_database" does not exist/,
    )
    expect(lines).toEqual([])
  })

  it('sets its type parsers on its own pool only', async () => {
    const sql = await connectPostgres(database.url, { retries: 0 })
    opened.push(sql)
    expect(await sql.get('SELECT count(*) AS n, true AS yes')).toEqual({ n: 1, yes: 1 })
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const { rows } = await client.query('SELECT count(*) AS n, true AS yes')
    await client.end()
    expect(rows).toEqual([{ n: '1', yes: true }])
  })

  it('refuses a BIGINT beyond the safe integers rather than rounding it', async () => {
    const sql = await connectPostgres(database.url, { retries: 0 })
    opened.push(sql)
    expect(await sql.get('SELECT 9007199254740991::bigint AS top')).toEqual({ top: Number.MAX_SAFE_INTEGER })
    await expect(sql.get('SELECT 9007199254740993::bigint AS big')).rejects.toThrow(RangeError)
    // The pool's connection is still good.
    expect(await sql.get('SELECT 2 AS two')).toEqual({ two: 2 })
  })

  it('logs a connection lost while idle, and answers again with a new one', async () => {
    const lines: string[] = []
    const sql = await connectPostgres(database.url, { retries: 0, log: (line) => lines.push(line) })
    opened.push(sql)
    const { pid } = (await sql.get<{ pid: number }>('SELECT pg_backend_pid() AS pid')) as { pid: number }
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    await admin.query('SELECT pg_terminate_backend($1)', [pid])
    await admin.end()
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1)
    expect(lines[0]).toMatch(/^PostgreSQL at .+: a connection was lost \(/)
    expect(await sql.get('SELECT 3 AS three')).toEqual({ three: 3 })
  })
})
