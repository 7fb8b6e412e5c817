import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, sendOps } from '../../testing/sync-ops.ts'
import { postRaw, signedIn, type TestApp, validSignup } from '../../testing/test-app.ts'

let t: TestApp

const defaults = loadConfig({}).rateLimits
const message = { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Is there a helpline in Pune?' }
const clientId = randomUUID()

const pushBody = (body: unknown, cookies: Cookies = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/sync/push', cookies, payload: body as object, remoteAddress })
const push = (ops: unknown[], cookies: Cookies = {}, client = clientId) =>
  sendOps(t.app, ops, { cookies, clientId: client })
const pull = (since: number | string, cookies: Cookies) =>
  t.app.inject({ url: `/api/sync/pull?since=${since}`, cookies })

function count(table: string): number {
  const db = new Database(t.dbFile, { readonly: true })
  try {
    return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
  } finally {
    db.close()
  }
}

const other = { email: 'meera@example.in', password: validSignup.password }

describe('POST /api/sync/push', () => {
  it('applies each op through the same code as its REST route', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const ops = [anOp('profile.update', { firstName: '  Ria ' }), anOp('contact.send', message)]
    const res = await push(ops, cookies)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      results: ops.map(({ opId }) => ({ opId, status: 'applied' })),
    })
    const profile = await t.app.inject({ url: '/api/profile', cookies })
    expect(profile.json().data.firstName).toBe('Ria')
    expect(count('contact_messages')).toBe(1)
    expect(count('applied_ops')).toBe(2)
  })

  it('answers a repeated op "duplicate", in one batch and across batches, and applies it once', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const send = anOp('contact.send', message)
    const first = await push([send, send], cookies)
    expect(first.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'duplicate'])
    const again = await push([send, anOp('profile.update', { age: 40 }, send.opId)], cookies)
    expect(again.json().results).toEqual([
      { opId: send.opId, status: 'duplicate' },
      { opId: send.opId, status: 'duplicate' },
    ])
    expect(count('contact_messages')).toBe(1)
    expect(count('applied_ops')).toBe(1)
    expect((await t.app.inject({ url: '/api/profile', cookies })).json().data.age).toBe(28)
  })

  it('applies ops in the order given: the last profile change wins', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await push(
      [anOp('profile.update', { firstName: 'Ria', age: 30 }), anOp('profile.update', { firstName: 'Tara' })],
      cookies,
    )
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied'])
    const changes = (await pull(0, cookies)).json().changes
    expect(changes).toHaveLength(1)
    expect(changes[0].data).toMatchObject({ firstName: 'Tara', age: 30 })
  })

  it('rejects bad ops one by one without blocking the ops after them', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const ops = [
      anOp('profile.delete', {}),
      anOp('constructor', {}),
      anOp('profile.update', { age: 200 }),
      anOp('profile.update', {}),
      anOp('contact.send', { ...message, emailId: 'nope' }),
      anOp('profile.update', { firstName: 'Ria' }),
    ]
    const res = await push(ops, cookies)
    expect(res.statusCode).toBe(200)
    expect(res.json().results).toEqual([
      { opId: ops[0]?.opId, status: 'rejected', code: 'UNKNOWN_OP', message: 'Unknown operation type' },
      { opId: ops[1]?.opId, status: 'rejected', code: 'UNKNOWN_OP', message: 'Unknown operation type' },
      {
        opId: ops[2]?.opId,
        status: 'rejected',
        code: 'VALIDATION_ERROR',
        message: 'Age must be a whole number from 13 to 120',
      },
      { opId: ops[3]?.opId, status: 'rejected', code: 'VALIDATION_ERROR', message: 'Nothing to update' },
      { opId: ops[4]?.opId, status: 'rejected', code: 'VALIDATION_ERROR', message: 'Invalid email format' },
      { opId: ops[5]?.opId, status: 'applied' },
    ])
    expect(count('applied_ops')).toBe(1)
    expect(count('contact_messages')).toBe(0)
  })

  it("never acts on another user's data: the user comes from the session, and an id in the payload is refused", async () => {
    t = await freshApp()
    const mine = await signedIn(t.app)
    const theirs = await signedIn(t.app, other)
    const theirId = (await t.app.inject({ url: '/api/profile', cookies: theirs })).json().data._id
    const attempt = anOp('profile.update', { userId: theirId, firstName: 'Hacked' })
    const res = await push([attempt], mine)
    expect(res.json().results).toEqual([
      { opId: attempt.opId, status: 'rejected', code: 'VALIDATION_ERROR', message: 'Unknown field: userId' },
    ])
    expect((await t.app.inject({ url: '/api/profile', cookies: theirs })).json().data.firstName).toBe('Asha')
  })

  it('refuses an op id another account already used, without touching anything', async () => {
    t = await freshApp()
    const mine = await signedIn(t.app)
    const theirs = await signedIn(t.app, other)
    const update = anOp('profile.update', { firstName: 'Ria' })
    await push([update], mine)
    const res = await push([{ ...update, payload: { firstName: 'Meera2' } }], theirs, randomUUID())
    expect(res.json().results).toEqual([
      {
        opId: update.opId,
        status: 'rejected',
        code: 'CONFLICT',
        message: 'This operation id belongs to another account',
      },
    ])
    expect((await t.app.inject({ url: '/api/profile', cookies: theirs })).json().data.firstName).toBe('Asha')
    expect(count('applied_ops')).toBe(1)
  })

  it('lets a guest send contact messages, stored without a user', async () => {
    t = await freshApp()
    const send = anOp('contact.send', message)
    const res = await push([send])
    expect(res.json().results).toEqual([{ opId: send.opId, status: 'applied' }])
    expect(count('contact_messages')).toBe(1)
    const db = new Database(t.dbFile, { readonly: true })
    expect(db.prepare('SELECT user_id, client_id, type FROM applied_ops').get()).toEqual({
      user_id: null,
      client_id: clientId,
      type: 'contact.send',
    })
    db.close()
  })

  it("knows a guest's op retried after signing in on the same device, but not from another device", async () => {
    t = await freshApp()
    const send = anOp('contact.send', message)
    await push([send])
    const cookies = await signedIn(t.app)
    expect((await push([send], cookies)).json().results[0].status).toBe('duplicate')
    expect((await push([send], {}, randomUUID())).json().results[0]).toMatchObject({
      status: 'rejected',
      code: 'CONFLICT',
    })
    expect(count('contact_messages')).toBe(1)
  })

  it.each([
    ['no session', {}],
    ['an unknown session', { wings_session: 'A'.repeat(43) }],
  ])('answers 401 and applies nothing when a batch needs a user and there is %s', async (_case, cookies) => {
    t = await freshApp()
    const res = await push([anOp('contact.send', message), anOp('profile.update', { firstName: 'Ria' })], cookies)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' })
    expect(count('contact_messages')).toBe(0)
    expect(count('applied_ops')).toBe(0)
  })

  it('counts contact ops against the per-IP contact limit shared with the form, op by op', async () => {
    t = await freshApp({ rateLimits: { ...defaults, contact: { max: 2, windowMs: 60_000 } } })
    const form = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message })
    expect(form.statusCode).toBe(201)
    const ops = [anOp('contact.send', message), anOp('contact.send', message), anOp('profile.delete', {})]
    const res = await push(ops)
    expect(res.json().results).toEqual([
      { opId: ops[0]?.opId, status: 'applied' },
      {
        opId: ops[1]?.opId,
        status: 'rejected',
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please try again later.',
      },
      { opId: ops[2]?.opId, status: 'rejected', code: 'UNKNOWN_OP', message: 'Unknown operation type' },
    ])
    expect(count('contact_messages')).toBe(2)
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: message })).statusCode).toBe(429)
  })

  it('limits pushes per IP', async () => {
    t = await freshApp({ rateLimits: { ...defaults, syncPush: { max: 2, windowMs: 60_000 } } })
    for (let i = 0; i < 2; i++) expect((await push([anOp('profile.delete', {})])).statusCode).toBe(200)
    const limited = await push([anOp('profile.delete', {})])
    expect(limited.statusCode).toBe(429)
    expect(limited.json().code).toBe('RATE_LIMITED')
  })

  it('takes a full batch of 200 ops and refuses 201 with 400', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const full = Array.from({ length: 200 }, (_, i) => anOp('profile.update', { age: 20 + (i % 50) }))
    const res = await push(full, cookies)
    expect(res.statusCode).toBe(200)
    expect(res.json().results.every((r: { status: string }) => r.status === 'applied')).toBe(true)
    const over = await push([...full, anOp('profile.update', { age: 30 })], cookies)
    expectInvalid(over, 'ops must hold at most 200 operations')
  })

  it('takes a batch larger than other bodies, up to 1 MiB', async () => {
    t = await freshApp()
    const long = { ...message, query: 'x'.repeat(4000) }
    const big = await push(Array.from({ length: 100 }, () => anOp('contact.send', long)))
    expect(big.statusCode).toBe(200)
    const tooBig = await push(Array.from({ length: 200 }, () => anOp('contact.send', 'x'.repeat(5300))))
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json().code).toBe('PAYLOAD_TOO_LARGE')
  })

  const good = anOp('contact.send', message)
  it.each([
    ['an empty batch', { clientId, ops: [] }, 'ops must not be empty'],
    ['no client id', { ops: [good] }, 'clientId is required'],
    ['a bad client id', { clientId: 'phone-1', ops: [good] }, 'clientId must be a lower-case UUID'],
    ['a bad op id', { clientId, ops: [{ ...good, opId: '42' }] }, 'opId must be a lower-case UUID'],
    [
      'an op without a payload',
      { clientId, ops: [{ opId: good.opId, type: good.type, createdAt: good.createdAt }] },
      'payload is required',
    ],
    ['a bad createdAt', { clientId, ops: [{ ...good, createdAt: 'yesterday' }] }, 'createdAt must be an ISO date-time'],
    ['an unknown op field', { clientId, ops: [{ ...good, userId: 'x' }] }, 'Unknown field: userId'],
    ['an unknown body field', { clientId, ops: [good], since: 0 }, 'Unknown field: since'],
    ['ops that are not a list', { clientId, ops: good }, 'ops must be array'],
    ['a body that is not an object', [good], 'Request body must be a JSON object'],
  ])('refuses %s with 400 and applies nothing', async (_case, body, text) => {
    t = await freshApp()
    expectInvalid(await pushBody(body), text)
    expect(count('applied_ops')).toBe(0)
  })

  it('refuses malformed JSON with 400', async () => {
    t = await freshApp()
    const res = await postRaw(t.app, '/api/sync/push', '{"clientId": ')
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })
})

describe('GET /api/sync/pull', () => {
  it('answers 401 when signed out', async () => {
    t = await freshApp()
    const res = await pull(0, {})
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('UNAUTHENTICATED')
  })

  it('brings everything from 0, nothing new from its cursor, and a later change with a higher seq', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const first = (await pull(0, cookies)).json()
    expect(first).toEqual({
      success: true,
      cursor: expect.any(Number),
      more: false,
      changes: [
        {
          seq: first.cursor,
          entity: 'user',
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          deleted: false,
          data: expect.objectContaining({ firstName: 'Asha', email: 'asha@example.in' }),
        },
      ],
    })
    expect((await pull(first.cursor, cookies)).json()).toEqual({
      success: true,
      cursor: first.cursor,
      more: false,
      changes: [],
    })

    await push([anOp('profile.update', { lastName: 'Iyer' })], cookies)
    const second = (await pull(first.cursor, cookies)).json()
    expect(second.cursor).toBeGreaterThan(first.cursor)
    expect(second.changes).toEqual([expect.objectContaining({ seq: second.cursor, id: first.changes[0].id })])
    expect(second.changes[0].data.lastName).toBe('Iyer')
  })

  it('shows a change made through the REST route too', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const { cursor } = (await pull(0, cookies)).json()
    const rest = await t.app.inject({ method: 'PATCH', url: '/api/profile/update', cookies, payload: { age: 45 } })
    expect(rest.statusCode).toBe(200)
    const after = (await pull(cursor, cookies)).json()
    expect(after.changes).toHaveLength(1)
    expect(after.changes[0].data.age).toBe(45)
  })

  it("never shows another user's changes", async () => {
    t = await freshApp()
    const mine = await signedIn(t.app)
    const theirs = await signedIn(t.app, other)
    await push([anOp('profile.update', { firstName: 'Ria' })], mine)
    const res = (await pull(0, theirs)).json()
    expect(res.changes).toHaveLength(1)
    expect(res.changes[0].data).toMatchObject({ email: other.email, firstName: 'Asha' })
  })

  it.each(['-1', '1.5', 'abc', '', '1e3', '0x10', '9007199254740993', '01'])(
    'refuses since=%s with 400',
    async (since) => {
      t = await freshApp()
      const cookies = await signedIn(t.app)
      const res = await pull(since, cookies)
      expectInvalid(res, 'since must be a whole number of 0 or more')
    },
  )

  it('refuses a missing or repeated cursor with 400', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    expect((await t.app.inject({ url: '/api/sync/pull', cookies })).statusCode).toBe(400)
    expect((await t.app.inject({ url: '/api/sync/pull?since=1&since=2', cookies })).statusCode).toBe(400)
  })
})
