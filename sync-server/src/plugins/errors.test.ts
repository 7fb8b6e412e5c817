import { createServer } from 'node:net'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import Database from 'better-sqlite3'
import Fastify, { type FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PostgresFault } from '../db/postgres-faults.ts'
import { createPostgresSql } from '../db/postgres-sql.ts'
import type { Sql } from '../db/sql.ts'
import { sendRaw } from '../testing/raw-http.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import {
  answerErrorsAsJson,
  MAX_URL_LENGTH,
  POSTGRES_RETRY_AFTER_SECONDS,
  RETRYABLE_RETRY_AFTER_SECONDS,
  STORAGE_RETRY_AFTER_SECONDS,
} from './errors.ts'
import { PERMISSIONS_POLICY } from './security-headers.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t.close()
})

const TOKEN = 'Qm9vdHMtb24tdGhlLWdyb3VuZC1hdC1uaWdodC4xMjM'
const pad = (prefix: string, length: number) => `${prefix}${'a'.repeat(length - prefix.length)}`

/** The refusal's headers: the strictest, set with the answer because no hook may have run. */
function expectStrictHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['referrer-policy']).toBe('no-referrer')
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY)
}

describe('a URL over MAX_URL_LENGTH', () => {
  it.each([
    ['a page', 'GET', pad('/blog/', 20_000), { accept: 'text/html' }],
    ['an unknown API path', 'GET', pad('/api/', 20_000), {}],
    ['a share link, with its token', 'GET', pad(`/api/share/${TOKEN}?pad=`, 20_000), {}],
    ['a write from another site', 'POST', pad('/api/user/stories/create?', 20_000), { origin: 'https://evil.example' }],
    ['one character over', 'GET', pad('/api/healthz?', MAX_URL_LENGTH + 1), {}],
  ] as const)('answers 414 to %s, before any route or rule, without echoing it', async (_, method, url, headers) => {
    const res = await t.app.inject({ method, url, headers })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ success: false, message: ErrorMessages.badUrl, code: ErrorCode.validation })
    expect(res.body).not.toContain('aaaa')
    expectStrictHeaders(res.headers)
  })

  it('is not refused at MAX_URL_LENGTH itself', async () => {
    expect((await t.app.inject({ url: pad('/api/healthz?', MAX_URL_LENGTH) })).statusCode).toBe(200)
  })
})

describe('requests Node refuses before Fastify sees them', () => {
  it.each([
    ['a 10 kB URL', 10_000],
    ['a 20 kB URL', 20_000],
    ['a 100 kB URL', 100_000],
  ])('answers 414 to %s over HTTP, in the API shape, with the strict headers', async (_, length) => {
    const url = pad(`/api/share/${TOKEN}?pad=`, length)
    const res = await sendRaw(t.app, `GET ${url} HTTP/1.1\r\nHost: wings\r\nConnection: close\r\n\r\n`)
    expect(res.status).toBe(414)
    expect(JSON.parse(res.body)).toEqual({ success: false, message: ErrorMessages.badUrl, code: ErrorCode.validation })
    expect(res.body).not.toContain(TOKEN)
    expectStrictHeaders(res.headers)
  })

  it.each([
    ['headers over 16 kB', `X-Padding: ${'a'.repeat(20_000)}\r\n`, 431],
    ['a malformed header', 'Broken header line\r\n', 400],
  ])('answers %s in the API shape, with the strict headers', async (_, header, status) => {
    const res = await sendRaw(t.app, `GET /api/healthz HTTP/1.1\r\nHost: wings\r\n${header}\r\n`)
    expect(res.status).toBe(status)
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      message: ErrorMessages.badRequest,
      code: ErrorCode.validation,
    })
    expectStrictHeaders(res.headers)
  })
})

describe('storage faults', () => {
  let app: FastifyInstance
  let unreachable: Sql
  const deadlock = Object.assign(new pg.DatabaseError('deadlock detected', 0, 'error'), { code: '40P01' })
  const syntax = Object.assign(new pg.DatabaseError('syntax error at or near "SELEC"', 0, 'error'), { code: '42601' })
  const thrown: Record<string, () => unknown> = {
    deadlock: () => new PostgresFault('retryable', deadlock),
    ended: () => new Error('A statement in this transaction failed', { cause: new PostgresFault('unavailable', 'x') }),
    syntax: () => syntax,
    sqliteFull: () => new Database.SqliteError('database or disk is full', 'SQLITE_FULL'),
    sqliteConstraint: () => new Database.SqliteError('UNIQUE constraint failed', 'SQLITE_CONSTRAINT_UNIQUE'),
  }

  beforeAll(async () => {
    // A port nothing listens on: PostgreSQL refuses, as when it is down.
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise((resolve) => server.close(resolve))
    unreachable = createPostgresSql(new pg.Pool({ connectionString: `postgres://wings@127.0.0.1:${port}/wings` }))
    app = Fastify({ logger: false })
    answerErrorsAsJson(app)
    app.post('/down', async () => unreachable.transaction((tx) => tx.run('INSERT INTO notes VALUES (1)')))
    app.get('/:name', async (request) => {
      throw thrown[(request.params as { name: string }).name]?.()
    })
  })
  afterAll(async () => {
    await app.close()
    await unreachable.close()
  })

  const answer = async (method: 'GET' | 'POST', url: string) => {
    const res = await app.inject({ method, url })
    return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.json(), raw: res.body }
  }
  const unavailable = (message: string) => ({ success: false, message, code: ErrorCode.unavailable })

  it('answers PostgreSQL down 503 with Retry-After 5, in the API shape, without internals', async () => {
    const res = await answer('POST', '/down')
    expect(res).toMatchObject({ status: 503, retryAfter: String(POSTGRES_RETRY_AFTER_SECONDS) })
    expect(POSTGRES_RETRY_AFTER_SECONDS).toBe(5)
    expect(res.body).toEqual(unavailable(ErrorMessages.storageUnavailable))
    expect(res.raw).not.toMatch(/ECONNREFUSED|PostgreSQL|127\.0\.0\.1/)
  })

  it('answers a transaction ended by a fault the same way', async () => {
    expect(await answer('GET', '/ended')).toMatchObject({
      status: 503,
      retryAfter: String(POSTGRES_RETRY_AFTER_SECONDS),
      body: unavailable(ErrorMessages.storageUnavailable),
    })
  })

  it('answers a deadlock 503 with Retry-After 1', async () => {
    const res = await answer('GET', '/deadlock')
    expect(RETRYABLE_RETRY_AFTER_SECONDS).toBe(1)
    expect(res).toMatchObject({ status: 503, retryAfter: '1', body: unavailable(ErrorMessages.busy) })
    expect(res.raw).not.toMatch(/deadlock/)
  })

  it("keeps SQLite's answer: 503 with Retry-After 60", async () => {
    expect(await answer('GET', '/sqliteFull')).toMatchObject({
      status: 503,
      retryAfter: String(STORAGE_RETRY_AFTER_SECONDS),
      body: unavailable(ErrorMessages.storageUnavailable),
    })
    expect(STORAGE_RETRY_AFTER_SECONDS).toBe(60)
  })

  it.each(['syntax', 'sqliteConstraint'])('answers a mistake (%s) 500, not 503', async (name) => {
    const res = await answer('GET', `/${name}`)
    expect(res).toMatchObject({ status: 500, retryAfter: undefined })
    expect(res.body).toEqual({ success: false, message: ErrorMessages.internal, code: ErrorCode.internal })
  })
})
