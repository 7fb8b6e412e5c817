import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { reply as engineReply } from '@wings/assistant'
import { CHAT_TEXT_MAX, ChatMessages, newObjectId } from '@wings/contract'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { BuildOptions } from '../../app.ts'
import { createAttemptLimit } from '../../attempt-limit.ts'
import { type Config, loadConfig } from '../../config.ts'
import { createTransact, openDatabase } from '../../db/connection.ts'
import { anOp, type Cookies, opStatuses, pushOps, sendOps } from '../../testing/sync-ops.ts'
import { createTestApp, readDatabase, signedIn, type TestApp, validSignup } from '../../testing/test-app.ts'
import { GUEST_COOKIE } from './guest-cookie.ts'
import { SAFETY_INSTRUCTION } from './llm.ts'
import { createChatRepo } from './repo.ts'
import { createChatService } from './service.ts'

let t: TestApp
let fake: FakeLlm | undefined

const MEERA = { email: 'meera@example.in', password: validSignup.password }
const clientId = randomUUID()
const HEX24 = /^[0-9a-f]{24}$/
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const signedOut = { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' }
const notYours = { success: false, message: ChatMessages.notYours, code: 'FORBIDDEN' }
const invalid = (message: string) => ({ success: false, message, code: 'VALIDATION_ERROR' })

const get = (id: string, cookies: Cookies = {}) =>
  t.app.inject({ method: 'GET', url: `/api/${id}/chat/conversation/get`, cookies })
const send = (payload: object, cookies: Cookies = {}) =>
  t.app.inject({ method: 'POST', url: '/api/chat/message/send', payload, cookies })
const messagesOf = async (id: string, cookies: Cookies) => (await get(id, cookies)).json().data[0].messages
const guestCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === GUEST_COOKIE)

/** A new guest conversation: its id and the browser's cookies. */
async function newGuest(cookies: Cookies = {}): Promise<{ id: string; cookies: Cookies }> {
  const id = newObjectId()
  const res = await get(id, cookies)
  expect(res.statusCode).toBe(200)
  const cookie = guestCookieOf(res)
  return { id, cookies: cookie ? { ...cookies, [GUEST_COOKIE]: cookie.value } : cookies }
}

/** Saathi's answer to a new guest's first message `text`, which was taken (201). */
async function answerToNewGuest(text: string) {
  const guest = await newGuest()
  const res = await send({ userId: guest.id, text }, guest.cookies)
  expect(res.statusCode).toBe(201)
  return res.json().messages[1]
}

/** Reads the database file as another connection sees it. */
function query(sql: string, ...params: unknown[]): Record<string, unknown>[] {
  return readDatabase(t.dbFile, (db) => db.prepare(sql).all(...params) as Record<string, unknown>[])
}
const messageCount = () => query('SELECT count(*) AS n FROM chat_messages')[0]?.n

/** A test server with `chat` limited to `max` messages a minute per IP, closed after the test. */
async function start(overrides: Partial<Config> = {}, max = 100, options: BuildOptions = {}) {
  const { rateLimits } = loadConfig({})
  const app = await createTestApp(
    { rateLimits: { ...rateLimits, chat: { max, windowMs: 60_000 } }, ...overrides },
    options,
  )
  onTestFinished(() => app.close())
  t = app
  return app
}

describe('guests', () => {
  it('a first GET creates her conversation and sets the cookie; she then sends and reads it back', async () => {
    await start()
    const id = newObjectId()
    expect(id).toMatch(HEX24)
    const first = await get(id)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.json()).toEqual({ success: true, data: [{ _id: id, messages: [] }], guest: { _id: id } })
    const cookie = guestCookieOf(first)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // A session cookie: it ends with the browser session, like the id the app keeps.
    expect(cookie?.maxAge).toBeUndefined()
    expect(cookie?.expires).toBeUndefined()
    const cookies = { [GUEST_COOKIE]: cookie?.value ?? '' }

    const again = await get(id, cookies)
    expect(again.json()).toEqual({ success: true, data: [{ _id: id, messages: [] }] })
    expect(guestCookieOf(again)).toBeUndefined()

    const sent = await send({ userId: id, text: '  hello  ' }, cookies)
    expect(sent.statusCode).toBe(201)
    expect(sent.headers['cache-control']).toBe('no-store')
    const { messages } = sent.json()
    expect(sent.json()).toEqual({ success: true, messages })
    expect(messages).toEqual([
      { _id: expect.stringMatching(HEX24), sender: 'user', text: 'hello', createdAt: expect.stringMatching(ISO) },
      {
        _id: expect.stringMatching(HEX24),
        sender: 'bot',
        text: engineReply('hello').text,
        ...(engineReply('hello').actions.length > 0 ? { actions: engineReply('hello').actions } : {}),
        createdAt: expect.stringMatching(ISO),
      },
    ])
    expect(await messagesOf(id, cookies)).toEqual(messages)

    // The database keeps only the cookie's SHA-256.
    expect(query('SELECT kind, user_id, guest_secret_hash FROM conversations')).toEqual([
      { kind: 'guest', user_id: null, guest_secret_hash: sha256(cookies[GUEST_COOKIE]) },
    ])
    expect(JSON.stringify(query('SELECT * FROM conversations'))).not.toContain(cookies[GUEST_COOKIE])
  })

  it('refuses another browser (no cookie, or another guest cookie) with 403: the id alone is not enough', async () => {
    await start()
    const asha = await newGuest()
    await send({ userId: asha.id, text: 'hello' }, asha.cookies)
    const other = await newGuest()
    for (const cookies of [{}, other.cookies, { [GUEST_COOKIE]: 'A'.repeat(43) }, { [GUEST_COOKIE]: 'short' }]) {
      for (const res of [await get(asha.id, cookies), await send({ userId: asha.id, text: 'hi' }, cookies)]) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual(notYours)
        expect(guestCookieOf(res)).toBeUndefined()
      }
    }
    expect(await messagesOf(asha.id, asha.cookies)).toHaveLength(2)
    // A signed-in user is no one's guest either.
    expect((await get(asha.id, await signedIn(t.app))).json()).toEqual(notYours)
  })

  it("binds every guest conversation of one browser to its one cookie, so a second tab keeps the first's", async () => {
    await start()
    const first = await newGuest()
    const second = await newGuest(first.cookies)
    expect(second.cookies).toEqual(first.cookies)
    expect((await get(first.id, first.cookies)).statusCode).toBe(200)
    expect((await get(second.id, first.cookies)).statusCode).toBe(200)
  })

  it('creates the conversation on a first send too, setting the cookie', async () => {
    await start()
    const id = newObjectId()
    const res = await send({ userId: id, text: 'hello' })
    expect(res.statusCode).toBe(201)
    const cookie = guestCookieOf(res)
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await messagesOf(id, { [GUEST_COOKIE]: cookie?.value ?? '' })).toHaveLength(2)
  })
})

describe('signed-in users', () => {
  it('use their own _id; another user or a guest gets 403, and signed out 401', async () => {
    await start()
    const asha = await signedIn(t.app)
    const ashaId = (await t.app.inject({ method: 'GET', url: '/api/profile', cookies: asha })).json().data._id
    expect(ashaId).toMatch(HEX24)

    // No conversation row before her first message, and no guest field or cookie.
    const empty = await get(ashaId, asha)
    expect(empty.json()).toEqual({ success: true, data: [{ _id: ashaId, messages: [] }] })
    expect(guestCookieOf(empty)).toBeUndefined()
    expect(query('SELECT count(*) AS n FROM conversations')).toEqual([{ n: 0 }])

    const sent = await send({ userId: ashaId, text: 'hello Saathi' }, asha)
    expect(sent.statusCode).toBe(201)
    expect(await messagesOf(ashaId, asha)).toEqual(sent.json().messages)
    expect(query('SELECT id, kind, user_id, guest_secret_hash FROM conversations')).toEqual([
      { id: ashaId, kind: 'user', user_id: ashaId, guest_secret_hash: null },
    ])

    const meera = await signedIn(t.app, MEERA)
    for (const res of [await get(ashaId, meera), await send({ userId: ashaId, text: 'hi' }, meera)]) {
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual(notYours)
    }
    // A guest (even one holding a guest cookie) with her id: signed out, so 401, before and after her first message.
    const guest = await newGuest()
    const meeraId = (await t.app.inject({ method: 'GET', url: '/api/profile', cookies: meera })).json().data._id
    for (const id of [ashaId, meeraId]) {
      for (const res of [await get(id, guest.cookies), await send({ userId: id, text: 'hi' }, guest.cookies)]) {
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual(signedOut)
      }
    }
    expect(await messagesOf(ashaId, asha)).toHaveLength(2)
    expect(await messagesOf(meeraId, meera)).toEqual([])
  })
})

describe('validation', () => {
  const ID = 'abcdefabcdefabcdefabcdef'
  it.each([
    [{ userId: ID, text: '' }, ChatMessages.textRequired],
    [{ userId: ID, text: ' \n\t ' }, ChatMessages.textRequired],
    [{ userId: ID, text: 'x'.repeat(CHAT_TEXT_MAX + 1) }, ChatMessages.textTooLong],
    [{ userId: ID }, 'Message is required'],
    [{ userId: ID, text: 42 }, 'Message must be string'],
    [{ text: 'hi' }, 'userId is required'],
    [{ userId: 'ABCDEFABCDEFABCDEFABCDEF', text: 'hi' }, 'Id must be 24 hexadecimal characters'],
    [{ userId: 'guest', text: 'hi' }, 'Id must be 24 hexadecimal characters'],
    [{ userId: ID, text: 'hi', clientMessageId: 'nope' }, ChatMessages.clientMessageId],
    [{ userId: ID, text: 'hi', clientMessageId: randomUUID().toUpperCase() }, ChatMessages.clientMessageId],
    [{ userId: ID, text: 'hi', sender: 'bot' }, 'Unknown field: sender'],
  ])('POST %j: 400 %s', async (payload, message) => {
    await start()
    const res = await send(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(invalid(message))
    expect(messageCount()).toBe(0)
    expect(query('SELECT count(*) AS n FROM conversations')).toEqual([{ n: 0 }])
  })

  it.each(['guest', 'ABCDEFABCDEFABCDEFABCDEF', `${ID}0`, 'abcdefabcdefabcdefabcde%20'])(
    'GET /api/%s/chat/conversation/get: 400',
    async (id) => {
      await start()
      const res = await get(id)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(invalid('Id must be 24 hexadecimal characters'))
    },
  )

  it('accepts exactly 1 and CHAT_TEXT_MAX characters (code points)', async () => {
    await start()
    const guest = await newGuest()
    for (const text of ['x', 'é'.repeat(CHAT_TEXT_MAX), '😀'.repeat(CHAT_TEXT_MAX)]) {
      expect((await send({ userId: guest.id, text }, guest.cookies)).statusCode).toBe(201)
    }
  })
})

describe('danger', () => {
  it.each([
    'bachao',
    'someone is following me',
    'Help! koi mera peecha kar raha hai',
    'कोणीतरी माझा पाठलाग करतोय मला भीती वाटतेय',
    'i took all my sleeping pills',
  ])('%j: the answer leads with SOS and 112', async (text) => {
    await start()
    const bot = await answerToNewGuest(text)
    expect(bot.sender).toBe('bot')
    expect(bot.actions[0]).toMatchObject({ type: 'sos' })
    expect(bot.actions).toContainEqual(expect.objectContaining({ type: 'call', number: '112' }))
    expect(bot.text).toContain('112')
  })

  it('answers in Hindi or Marathi, with the situation’s numbers, when she writes in it', async () => {
    await start()
    const guest = await newGuest()
    const marathi = (await send({ userId: guest.id, text: 'नवरा मला मारतोय आणि खोलीत कोंडलंय' }, guest.cookies)).json()
    expect(marathi.messages[1].text.startsWith('तुम्ही आत्ता धोक्यात असाल तर')).toBe(true)
    expect(marathi.messages[1].actions.slice(0, 2)).toEqual([
      { type: 'sos', label: 'SOS पाठवा' },
      { type: 'call', label: '112 ला कॉल करा', number: '112' },
    ])
    expect(marathi.messages[1].actions).toContainEqual({ type: 'call', label: '181 ला कॉल करा', number: '181' })
  })
})

describe('bad input that is still a message', () => {
  it.each([
    [
      'a long account (over 1,000 characters)',
      `${'He shouted at me again today and I am so tired. '.repeat(40)}please help`,
    ],
    ['emoji only', '😭😭😭🙏'],
    ['zero-width characters around a word', '\u200bhelp\u200d'],
    ['only zero-width characters', '\u200b\u200c\u200d'],
    ['mixed scripts', 'मुझे help চাই please காப்பாத்துங்க'],
  ])('%s: a calm answer that offers SOS and the helplines, never an error', async (_, text) => {
    await start()
    const bot = await answerToNewGuest(text)
    expect(bot.text).toContain('112')
    expect(bot.actions).toContainEqual(expect.objectContaining({ type: 'sos' }))
  })
})

describe('idempotent sends', () => {
  it('a repeated clientMessageId answers the messages stored the first time, with 200', async () => {
    await start()
    const guest = await newGuest()
    const clientMessageId = randomUUID()
    const first = await send({ userId: guest.id, text: 'hello', clientMessageId }, guest.cookies)
    expect(first.statusCode).toBe(201)
    expect(first.json().messages[0]).toMatchObject({ sender: 'user', clientMessageId })
    expect(first.json().messages[1]).not.toHaveProperty('clientMessageId')
    const again = await send({ userId: guest.id, text: 'hello', clientMessageId }, guest.cookies)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    expect(await messagesOf(guest.id, guest.cookies)).toEqual(first.json().messages)
    // The same id in another conversation is another message.
    const other = await newGuest(guest.cookies)
    expect((await send({ userId: other.id, text: 'hello', clientMessageId }, guest.cookies)).statusCode).toBe(201)
    expect(messageCount()).toBe(4)
  })
})

describe('rate limit', () => {
  it('answers 429 after `chat` messages a minute per IP, REST and ops together; a retry is not counted', async () => {
    await start({}, 4)
    const guest = await newGuest() // 1: a new guest conversation counts as one
    const clientMessageId = randomUUID()
    expect((await send({ userId: guest.id, text: 'one', clientMessageId }, guest.cookies)).statusCode).toBe(201)
    expect((await send({ userId: guest.id, text: 'one', clientMessageId }, guest.cookies)).statusCode).toBe(200)
    expect((await send({ userId: guest.id, text: 'two' }, guest.cookies)).statusCode).toBe(201)
    const op = anOp('chat.send', { userId: guest.id, text: 'three', clientMessageId: randomUUID() })
    expect(opStatuses(await pushOps(t.app, [op], { clientId, cookies: guest.cookies }))).toEqual(['applied'])

    const limited = await send({ userId: guest.id, text: 'four' }, guest.cookies)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ success: false, message: ChatMessages.tooMany, code: 'RATE_LIMITED' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    const late = anOp('chat.send', { userId: guest.id, text: 'five', clientMessageId: randomUUID() })
    expect(opStatuses(await pushOps(t.app, [late], { clientId, cookies: guest.cookies }))).toEqual(['RATE_LIMITED'])
    // Reading is not limited by it.
    expect(await messagesOf(guest.id, guest.cookies)).toHaveLength(6)
  })
})

describe("the 'chat.send' op", () => {
  it('stores her offline message and the engine answer once, for a repeated opId or clientMessageId', async () => {
    await start()
    const asha = await signedIn(t.app)
    const ashaId = (await t.app.inject({ method: 'GET', url: '/api/profile', cookies: asha })).json().data._id
    const clientMessageId = randomUUID()
    const sentAt = '2025-03-08T18:00:00.000Z'
    const op = anOp('chat.send', {
      userId: ashaId,
      text: ' where is the nearest police station ',
      clientMessageId,
      createdAt: sentAt,
    })
    const push = (ops: unknown[]) => pushOps(t.app, ops, { clientId, cookies: asha })
    expect(opStatuses(await push([op]))).toEqual(['applied'])
    expect(opStatuses(await push([op]))).toEqual(['duplicate'])
    // The same message again under a new opId (queued twice, or sent online first): applied, nothing added.
    expect(opStatuses(await push([{ ...op, opId: randomUUID() }]))).toEqual(['applied'])
    expect((await send({ userId: ashaId, text: 'where', clientMessageId }, asha)).statusCode).toBe(200)

    const text = 'where is the nearest police station'
    const answer = engineReply(text)
    expect(await messagesOf(ashaId, asha)).toEqual([
      { _id: expect.stringMatching(HEX24), sender: 'user', text, clientMessageId, createdAt: sentAt },
      {
        _id: expect.stringMatching(HEX24),
        sender: 'bot',
        text: answer.text,
        ...(answer.actions.length > 0 ? { actions: answer.actions } : {}),
        createdAt: sentAt,
      },
    ])
  })

  it('takes a future createdAt as now', async () => {
    await start()
    const guest = await newGuest()
    const op = anOp('chat.send', {
      userId: guest.id,
      text: 'hello',
      clientMessageId: randomUUID(),
      createdAt: '2999-01-01T00:00:00.000Z',
    })
    await pushOps(t.app, [op], { clientId, cookies: guest.cookies })
    const [hers] = await messagesOf(guest.id, guest.cookies)
    expect(Date.parse(hers.createdAt)).toBeLessThanOrEqual(Date.now())
  })

  it("needs the guest conversation's cookie, her session for her id, and starts a guest conversation if new", async () => {
    await start()
    const guest = await newGuest()
    const asha = await signedIn(t.app)
    const ashaId = (await t.app.inject({ method: 'GET', url: '/api/profile', cookies: asha })).json().data._id
    const op = (userId: string) => anOp('chat.send', { userId, text: 'hello', clientMessageId: randomUUID() })

    const refused = await pushOps(t.app, [op(guest.id), op(ashaId)], { clientId, cookies: {} })
    expect(opStatuses(refused)).toEqual(['FORBIDDEN', 'UNAUTHENTICATED'])
    const meera = await signedIn(t.app, MEERA)
    expect(opStatuses(await pushOps(t.app, [op(ashaId)], { clientId, cookies: meera }))).toEqual(['FORBIDDEN'])
    expect(messageCount()).toBe(0)

    // Chatting offline before the conversation existed: the push starts it and gives the browser its cookie.
    const fresh = newObjectId()
    const res = await sendOps(t.app, [op(fresh), op(fresh)], { clientId, cookies: {} })
    expect(opStatuses(res.json().results)).toEqual(['applied', 'applied'])
    const cookie = guestCookieOf(res)
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' })
    expect(await messagesOf(fresh, { [GUEST_COOKIE]: cookie?.value ?? '' })).toHaveLength(4)
    expect((await get(fresh)).statusCode).toBe(403)
  })

  it('answers the same validation messages as the REST route', async () => {
    await start()
    const guest = await newGuest()
    const results = await pushOps(
      t.app,
      [
        anOp('chat.send', { userId: guest.id, text: 'hi' }),
        anOp('chat.send', { userId: guest.id, text: '', clientMessageId: randomUUID() }),
        anOp('chat.send', { userId: guest.id, text: 'hi', clientMessageId: randomUUID(), createdAt: 'soon' }),
      ],
      { clientId, cookies: guest.cookies },
    )
    expect(results.map((r) => r.message)).toEqual([
      'clientMessageId is required',
      ChatMessages.textRequired,
      ChatMessages.createdAt,
    ])
  })
})

describe('the guest sweeper', () => {
  it('deletes guest conversations and their messages 30 days after they were created, never a user’s', async () => {
    const T0 = Date.parse('2025-03-08T18:00:00.000Z')
    let clock = new Date(T0)
    await start({}, 100, { now: () => clock })
    const old = await newGuest()
    await send({ userId: old.id, text: 'hello' }, old.cookies)
    const asha = await signedIn(t.app)
    const ashaId = (await t.app.inject({ method: 'GET', url: '/api/profile', cookies: asha })).json().data._id
    await send({ userId: ashaId, text: 'hello' }, asha)
    clock = new Date(T0 + 20 * 86_400_000)
    const recent = await newGuest()

    const sweep = (at: number) => {
      const db = openDatabase(t.dbFile)
      try {
        const chat = createChatService({
          repo: createChatRepo(db),
          transact: createTransact(db),
          limit: createAttemptLimit({ max: 1, windowMs: 1 }),
          llm: null,
          now: () => new Date(at),
        })
        return chat.sweep()
      } finally {
        db.close()
      }
    }
    expect(sweep(T0 + 30 * 86_400_000)).toBe(0)
    expect(sweep(T0 + 30 * 86_400_000 + 1)).toBe(1)
    expect(query('SELECT id FROM conversations ORDER BY kind')).toEqual([{ id: recent.id }, { id: ashaId }])
    expect(messageCount()).toBe(2)
    // The old id is now a new guest conversation for whoever asks.
    expect((await get(old.id)).json().guest).toEqual({ _id: old.id })
  })
})

/** A local OpenAI-compatible endpoint: answers with `handler`, records what it was sent. */
interface FakeLlm {
  url: string
  requests: { headers: IncomingMessage['headers']; body: unknown }[]
  close(): Promise<void>
}

async function fakeLlm(handler: (res: ServerResponse) => void): Promise<FakeLlm> {
  const requests: FakeLlm['requests'] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString()
    })
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(raw) })
      handler(res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      // Closing a closed server calls back with an error: closed is closed.
      server.close(() => resolve())
    })
  onTestFinished(close)
  return { url: `http://127.0.0.1:${port}/v1/chat/completions`, requests, close }
}

const completion = (content: string) => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] })
const json = (status: number, body: string) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

/** A question the engine answers from its entries (so the model is asked), and not a danger. */
const QUESTION = 'what are the women helpline numbers'

describe('the optional language model', () => {
  async function withLlm(handler: (res: ServerResponse) => void, llm: Partial<Config['assistantLlm']> = {}) {
    fake = await fakeLlm(handler)
    await start({
      // Generous: a loaded machine must not turn a model that answers into a fallback.
      assistantLlm: { url: fake.url, model: 'saathi-small', key: 'sk-test', timeoutMs: 5000, ...llm },
      logLevel: 'silent',
    })
    return newGuest()
  }

  it('phrases the answer from the retrieved entries and a safety instruction; the engine’s buttons stay', async () => {
    const guest = await withLlm(json(200, completion(`  ${'Phrased. '.repeat(400)}  `)))
    const engine = engineReply(QUESTION)
    expect(engine.danger).toBe(false)
    expect(engine.entries.length).toBeGreaterThan(0)

    const res = await send({ userId: guest.id, text: ` ${QUESTION} ` }, guest.cookies)
    expect(res.statusCode).toBe(201)
    const bot = res.json().messages[1]
    expect(bot.text.startsWith('Phrased. Phrased.')).toBe(true)
    expect(bot.text.length).toBeLessThanOrEqual(1500)
    expect(bot.actions ?? []).toEqual(engine.actions)
    expect(await messagesOf(guest.id, guest.cookies)).toEqual(res.json().messages)

    expect(fake?.requests).toHaveLength(1)
    const [request] = fake?.requests ?? []
    expect(request?.headers.authorization).toBe('Bearer sk-test')
    const body = request?.body as { model: string; messages: { role: string; content: string }[] }
    expect(body.model).toBe('saathi-small')
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user'])
    expect(body.messages[0]?.content.startsWith(SAFETY_INSTRUCTION)).toBe(true)
    for (const entry of engine.entries) expect(body.messages[0]?.content).toContain(entry.text)
    expect(body.messages[1]?.content).toBe(QUESTION)
  })

  it('sends no model or key when none is set', async () => {
    const guest = await withLlm(json(200, completion('Phrased')), { model: null, key: null })
    await send({ userId: guest.id, text: QUESTION }, guest.cookies)
    const [request] = fake?.requests ?? []
    expect(request?.headers.authorization).toBeUndefined()
    expect(request?.body).not.toHaveProperty('model')
  })

  it.each([
    [
      'slower than the timeout',
      (res: ServerResponse) => setTimeout(() => json(200, completion('Too late'))(res), 1000),
    ],
    ['a 500', json(500, '{"error":"overloaded"}')],
    ['bad JSON', json(200, '{"choices": [')],
    ['no text', json(200, completion('   '))],
    ['another shape', json(200, '{"output":"hi"}')],
  ])('falls back to the embedded answer on %s', async (_name, handler) => {
    const guest = await withLlm(handler, { timeoutMs: 200 })
    const started = Date.now()
    const res = await send({ userId: guest.id, text: QUESTION }, guest.cookies)
    expect(Date.now() - started).toBeLessThan(900)
    expect(res.statusCode).toBe(201)
    expect(res.json().messages[1].text).toBe(engineReply(QUESTION).text)
    expect(fake?.requests).toHaveLength(1)
  })

  it('falls back when the endpoint cannot be reached', async () => {
    fake = await fakeLlm(json(200, completion('Phrased')))
    const url = fake.url
    await fake.close()
    fake = undefined
    await start({ assistantLlm: { url, model: null, key: null, timeoutMs: 200 } })
    const guest = await newGuest()
    const res = await send({ userId: guest.id, text: QUESTION }, guest.cookies)
    expect(res.json().messages[1].text).toBe(engineReply(QUESTION).text)
  })

  it('never asks it about a danger message, a greeting or thanks, nor for an offline op', async () => {
    const guest = await withLlm(json(200, completion('Phrased')))
    const res = await send({ userId: guest.id, text: 'bachao' }, guest.cookies)
    expect(res.json().messages[1].text).toBe(engineReply('bachao').text)
    for (const text of ['hello', 'thank you']) {
      expect(engineReply(text).intent).toMatch(/^(greeting|thanks)$/)
      await send({ userId: guest.id, text }, guest.cookies)
    }
    const op = anOp('chat.send', { userId: guest.id, text: QUESTION, clientMessageId: randomUUID() })
    await pushOps(t.app, [op], { clientId, cookies: guest.cookies })
    expect((await messagesOf(guest.id, guest.cookies))[7].text).toBe(engineReply(QUESTION).text)
    expect(fake?.requests).toEqual([])
  })
})

describe('configuration', () => {
  it('reads ASSISTANT_LLM_URL, _MODEL and _KEY, and refuses a bad URL or a model or key without one', () => {
    expect(loadConfig({}).assistantLlm).toBeNull()
    expect(loadConfig({}).rateLimits.chat).toEqual({ max: 30, windowMs: 60_000 })
    expect(
      loadConfig({
        ASSISTANT_LLM_URL: 'http://127.0.0.1:8081/v1/chat/completions',
        ASSISTANT_LLM_MODEL: 'llama3.2',
        ASSISTANT_LLM_KEY: 'sk-secret',
      }).assistantLlm,
    ).toEqual({
      url: 'http://127.0.0.1:8081/v1/chat/completions',
      model: 'llama3.2',
      key: 'sk-secret',
      timeoutMs: 8000,
    })
    expect(loadConfig({ ASSISTANT_LLM_URL: 'https://llm.example/v1/chat/completions' }).assistantLlm).toMatchObject({
      model: null,
      key: null,
    })
    expect(() => loadConfig({ ASSISTANT_LLM_URL: 'ftp://x' })).toThrow(/ASSISTANT_LLM_URL="ftp:\/\/x": must be an http/)
    expect(() => loadConfig({ ASSISTANT_LLM_KEY: 'sk-secret' })).toThrow(
      /ASSISTANT_LLM_KEY is set but ASSISTANT_LLM_URL is not/,
    )
    try {
      loadConfig({ ASSISTANT_LLM_KEY: 'sk-secret', ASSISTANT_LLM_MODEL: 'm' })
    } catch (error) {
      expect((error as Error).message).toMatch(/ASSISTANT_LLM_MODEL is set/)
      expect((error as Error).message).not.toContain('sk-secret')
    }
  })
})
