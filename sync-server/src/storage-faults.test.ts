import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import type { Db } from './db/connection.ts'
import { newId } from './ids.ts'
import { STORAGE_RETRY_AFTER_SECONDS } from './plugins/errors.ts'
import { anOp, type Cookies, opStatuses, pushOps, sendOps } from './testing/sync-ops.ts'
import { createTestApp, readDatabase, signedIn, type TestApp, validSignup } from './testing/test-app.ts'

// Real SQLite faults on the app's own connection, not mocks: max_page_count at the current size makes any write
// needing a new page fail with SQLITE_FULL (a full disk), query_only makes every write fail with SQLITE_READONLY.

let t: TestApp
let db: Db
let log: string

beforeEach(async () => {
  const stream = new PassThrough()
  log = ''
  stream.on('data', (chunk: Buffer) => {
    log += chunk.toString()
  })
  // Filling the disk takes dozens of signups; the per-IP signup limit is not what these tests are about.
  const rateLimits = { ...loadConfig({}).rateLimits, signup: { max: 1000, windowMs: 60_000 } }
  t = await createTestApp(
    { logLevel: 'error', rateLimits },
    {
      logStream: stream,
      database: (opened) => {
        db = opened
      },
    },
  )
})
afterEach(async () => {
  await t.close()
})

/** Like a full disk: the database may not grow past the pages it has now. Answers the undo. */
function fillDisk(): () => void {
  const before = db.pragma('max_page_count', { simple: true })
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`)
  return () => db.pragma(`max_page_count = ${before}`)
}

/** Like a read-only file or mount. Answers the undo. */
function makeReadOnly(): () => void {
  db.pragma('query_only = 1')
  return () => db.pragma('query_only = 0')
}

const longText = (n: number) => 'A safe walk home along the lit road. '.repeat(n).slice(0, 19_000)
const story = (title = 'Night bus') => ({ _id: newId(), title, content: longText(600) })

const createStory = (cookies: Cookies, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/stories/create', cookies, payload: body })
const like = (cookies: Cookies, id: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/stories/${id}/like/increment`, cookies })
const signup = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/signup', payload: { ...validSignup, email } })

/** The storage fault answer: 503 with a message and Retry-After, logged with its SQLite code, nothing internal. */
function expectUnavailable(res: LightMyRequestResponse, sqliteCode: string) {
  expect(res.statusCode).toBe(503)
  expect(res.json()).toEqual({ success: false, message: ErrorMessages.storageUnavailable, code: ErrorCode.unavailable })
  expect(res.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS))
  expect(res.body).not.toMatch(/SQLITE|sqlite/)
  expect(log).toContain(`"code":"${sqliteCode}`)
}

/** Reads go on while writes cannot. */
async function expectReadsWork() {
  expect((await t.app.inject({ url: '/api/stories/all' })).statusCode).toBe(200)
  expect((await t.app.inject({ url: '/api/healthz' })).statusCode).toBe(200)
}

const count = (sql: string, ...params: unknown[]) =>
  readDatabase(t.dbFile, (read) =>
    read
      .prepare(sql)
      .pluck()
      .get(...params),
  )

describe('a full disk', () => {
  it('answers 503 to a story create, and the same create succeeds once there is space', async () => {
    const cookies = await signedIn(t.app)
    const freeDisk = fillDisk()
    const body = story()
    expectUnavailable(await createStory(cookies, body), 'SQLITE_FULL')
    await expectReadsWork()
    freeDisk()
    expect((await createStory(cookies, body)).statusCode).toBe(201)
    expect(count('SELECT count(*) FROM stories')).toBe(1)
  })

  it('answers 503 to the signup that needs a new page, and that signup succeeds once there is space', async () => {
    const freeDisk = fillDisk()
    let res = await signup('first@example.in')
    let n = 1
    for (; res.statusCode === 201 && n < 200; n++) res = await signup(`user${n}@example.in`)
    const failedEmail = `user${n - 1}@example.in`
    expectUnavailable(res, 'SQLITE_FULL')
    await expectReadsWork()
    freeDisk()
    expect((await signup(failedEmail)).statusCode).toBe(201)
    expect(count('SELECT count(*) FROM users')).toBe(n)
  })

  it('answers 503 to a push whose op needs space, applying none of the batch, and the re-push applies all', async () => {
    const cookies = await signedIn(t.app)
    const liked = (await createStory(cookies, { title: 'Short', content: 'Short' })).json().story._id
    const freeDisk = fillDisk()
    const draft = { _id: newId(), title: 'Later', content: 'Later' }
    const ops = [anOp('story.like', { _id: liked }), anOp('story.create', story()), anOp('draft.save', draft)]
    const push = { clientId: randomUUID(), cookies }
    // The fault comes inside the second op (BEGIN succeeded): the op before it is rolled back with it, and the
    // one after is not answered 'rejected'. The client keeps the whole batch and sends it again.
    expectUnavailable(await sendOps(t.app, ops, push), 'SQLITE_FULL')
    expect(count('SELECT count(*) FROM applied_ops')).toBe(0)
    expect(count('SELECT likes FROM stories WHERE id = ?', liked)).toBe(0)
    freeDisk()
    expect(opStatuses(await pushOps(t.app, ops, push))).toEqual(['applied', 'applied', 'applied'])
    expect(count('SELECT count(*) FROM stories')).toBe(2)
    expect(count('SELECT likes FROM stories WHERE id = ?', liked)).toBe(1)
    expect(count('SELECT count(*) FROM drafts')).toBe(1)
  })
})

describe('a read-only database', () => {
  it('answers 503 to a signup, and the same signup succeeds once writable', async () => {
    const writable = makeReadOnly()
    expectUnavailable(await signup('asha@example.in'), 'SQLITE_READONLY')
    await expectReadsWork()
    writable()
    expect((await signup('asha@example.in')).statusCode).toBe(201)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'asha@example.in', password: validSignup.password },
    })
    expect(login.statusCode).toBe(200)
  })

  it('answers 503 to a story create and a like, which succeed once writable', async () => {
    const cookies = await signedIn(t.app)
    const liked = (await createStory(cookies, { title: 'Short', content: 'Short' })).json().story._id
    const writable = makeReadOnly()
    const body = story()
    expectUnavailable(await createStory(cookies, body), 'SQLITE_READONLY')
    expectUnavailable(await like(cookies, liked), 'SQLITE_READONLY')
    await expectReadsWork()
    writable()
    expect((await createStory(cookies, body)).statusCode).toBe(201)
    const liking = await like(cookies, liked)
    expect(liking.statusCode).toBe(200)
    expect(liking.json()).toMatchObject({ likes: 1, liked: true })
  })

  it('answers 503 to a push rather than rejecting its ops, and the re-push applies them once', async () => {
    const cookies = await signedIn(t.app)
    const liked = (await createStory(cookies, { title: 'Short', content: 'Short' })).json().story._id
    const writable = makeReadOnly()
    const ops = [anOp('story.create', story()), anOp('story.like', { _id: liked })]
    const push = { clientId: randomUUID(), cookies }
    // Here the batch's BEGIN IMMEDIATE itself fails.
    expectUnavailable(await sendOps(t.app, ops, push), 'SQLITE_READONLY')
    await expectReadsWork()
    writable()
    expect(opStatuses(await pushOps(t.app, ops, push))).toEqual(['applied', 'applied'])
    expect(opStatuses(await pushOps(t.app, ops, push))).toEqual(['duplicate', 'duplicate'])
    expect(count('SELECT count(*) FROM stories')).toBe(2)
    expect(count('SELECT likes FROM stories WHERE id = ?', liked)).toBe(1)
  })
})
