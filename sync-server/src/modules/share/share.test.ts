import { createHash } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { ShareMessages } from '@wings/contract'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/connection.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { type createTestApp, readDatabase, signedIn, type TestApp, validSignup } from '../../testing/test-app.ts'
import { createSharesRepo } from './repo.ts'
import { sweepShares } from './service.ts'

let t: TestApp

const MINUTE = 60_000
const DAY = 86_400_000
const T0 = Date.parse('2025-03-08T18:00:00.000Z')
let clock = new Date(T0)
const at = (ms: number) => new Date(ms).toISOString()
const setClock = (ms: number) => {
  clock = new Date(ms)
}

/** A server whose share clock is `clock` (starting at T0). */
async function start(
  overrides: Parameters<typeof createTestApp>[0] = {},
  options: Parameters<typeof createTestApp>[1] = {},
) {
  setClock(T0)
  t = await freshApp(overrides, { now: () => clock, ...options })
  return t
}

const SECRET = /^[A-Za-z0-9_-]{43}$/
/** Well formed, but no share has it. */
const UNKNOWN = 'A'.repeat(43)
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload })
const create = (payload: object = { durationMinutes: 60 }) => post('/api/share', payload)
const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/share/${token}` })
const position = (token: string, writeKey: string, extra: object = {}) =>
  post(`/api/share/${token}/position`, { writeKey, lat: 18.9402, lon: 72.8356, accuracy: 12, ...extra })

async function newShare(payload: object = { durationMinutes: 60 }) {
  const res = await create(payload)
  expect(res.statusCode).toBe(201)
  return res.json() as { token: string; writeKey: string; url: string; expiresAt: string }
}

/** Reads the database file as another connection sees it. */
function query(sql: string, ...params: unknown[]): Record<string, unknown>[] {
  return readDatabase(t.dbFile, (db) => db.prepare(sql).all(...params) as Record<string, unknown>[])
}
const rowOf = (token: string) => query('SELECT * FROM shares WHERE token_hash = ?', sha256(token))[0]

/** Runs the sweeper on its own connection, as of `now`. */
function sweep(now: number) {
  const db = openDatabase(t.dbFile)
  try {
    return sweepShares(createSharesRepo(db), new Date(now))
  } finally {
    db.close()
  }
}

const gone = { success: false, message: ShareMessages.ended, code: 'GONE' }
const notFound = { success: false, message: ShareMessages.notFound, code: 'NOT_FOUND' }
const wrongKey = { success: false, message: ShareMessages.wrongKey, code: 'FORBIDDEN' }
const invalid = (message: string) => ({ success: false, message, code: 'VALIDATION_ERROR' })

describe('POST /api/share and GET /api/share/:token', () => {
  it('creates an anonymous share; her position sent with the write key is what a viewer sees', async () => {
    await start()
    const res = await create({ durationMinutes: 60 })
    expect(res.statusCode).toBe(201)
    expect(res.headers['cache-control']).toBe('no-store')
    const share = res.json()
    expect(share).toEqual({
      success: true,
      token: expect.stringMatching(SECRET),
      writeKey: expect.stringMatching(SECRET),
      url: `/s/${share.token}`,
      expiresAt: at(T0 + 60 * MINUTE),
    })
    expect(share.writeKey).not.toBe(share.token)

    // Before the first position: only the share's end.
    const before = await view(share.token)
    expect(before.statusCode).toBe(200)
    expect(before.headers['cache-control']).toBe('no-store')
    expect(before.json()).toEqual({ expiresAt: at(T0 + 60 * MINUTE), active: true })

    setClock(T0 + 20_000)
    const sent = await position(share.token, share.writeKey)
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual({ success: true })
    expect(sent.headers['cache-control']).toBe('no-store')
    expect((await view(share.token)).json()).toEqual({
      lat: 18.9402,
      lon: 72.8356,
      accuracy: 12,
      updatedAt: at(T0 + 20_000),
      expiresAt: at(T0 + 60 * MINUTE),
      active: true,
    })

    // A newer position replaces it.
    setClock(T0 + 35_000)
    await position(share.token, share.writeKey, { lat: 18.941, lon: 72.836, accuracy: 0 })
    expect((await view(share.token)).json()).toMatchObject({ lat: 18.941, lon: 72.836, accuracy: 0 })
  })

  it.each([15, 60, 240])('runs a %i-minute share for exactly that long', async (minutes) => {
    await start()
    const share = await newShare({ durationMinutes: minutes })
    expect(share.expiresAt).toBe(at(T0 + minutes * MINUTE))
    setClock(T0 + minutes * MINUTE - 1)
    expect((await view(share.token)).statusCode).toBe(200)
    setClock(T0 + minutes * MINUTE)
    expect((await view(share.token)).json()).toEqual(gone)
  })

  it('gives every share a new 256-bit token and write key, and stores neither, only their SHA-256', async () => {
    await start()
    const shares = []
    for (let i = 0; i < 20; i += 1) shares.push(await newShare())
    const secrets = shares.flatMap((s) => [s.token, s.writeKey])
    for (const secret of secrets) {
      expect(secret).toMatch(SECRET)
      // 43 base64url characters carry 258 bits; 32 random bytes fill them, so 256 bits are random.
      expect(Buffer.from(secret, 'base64url').length).toBe(32)
    }
    expect(new Set(secrets).size).toBe(secrets.length)

    const [first] = shares
    if (!first) throw new Error('no share')
    await position(first.token, first.writeKey)
    await post(`/api/share/${first.token}/checkin`, { writeKey: first.writeKey, deadline: at(T0 + 30 * MINUTE) })
    const dump = JSON.stringify(query('SELECT * FROM shares'))
    for (const secret of secrets) expect(dump).not.toContain(secret)
    expect(rowOf(first.token)).toMatchObject({ write_key_hash: sha256(first.writeKey), lat: 18.9402 })
    // Started signed out: no account, no IP, nothing in the table could tie the share to her.
    expect(rowOf(first.token)).toMatchObject({ user_id: null, token_sealed: null })
    expect(Object.keys(rowOf(first.token) ?? {}).sort()).toEqual(
      [
        'id',
        'token_hash',
        'write_key_hash',
        'created_at',
        'expires_at',
        'stopped_at',
        'lat',
        'lon',
        'accuracy',
        'updated_at',
        'check_in_deadline',
        'check_in_destination',
        'safe_at',
        'user_id',
        'token_sealed',
        'check_in_alerted',
        'check_in_set_at',
        'safe_on_arrival',
      ].sort(),
    )
  })

  it('belongs to her account when she starts it signed in, with its token sealed until it ends', async () => {
    await start()
    const cookies = await signedIn(t.app)
    const res = await t.app.inject({ method: 'POST', url: '/api/share', payload: { durationMinutes: 60 }, cookies })
    expect(res.statusCode).toBe(201)
    const share = res.json() as { token: string; writeKey: string }
    const [user] = query('SELECT id FROM users')
    const row = rowOf(share.token)
    expect(row).toMatchObject({ user_id: user?.id, token_sealed: expect.any(String) })
    expect(JSON.stringify(query('SELECT * FROM shares'))).not.toContain(share.token)
    await post(`/api/share/${share.token}/stop`, { writeKey: share.writeKey })
    expect(rowOf(share.token)).toMatchObject({ user_id: user?.id, token_sealed: null })
  })

  it('answers 404 for a well-formed token no share has, on every route', async () => {
    await start()
    const key = { writeKey: 'B'.repeat(43) }
    for (const res of [
      await view(UNKNOWN),
      await position(UNKNOWN, key.writeKey),
      await post(`/api/share/${UNKNOWN}/stop`, key),
      await post(`/api/share/${UNKNOWN}/safe`, key),
      await post(`/api/share/${UNKNOWN}/checkin`, { ...key, deadline: at(T0 + MINUTE) }),
    ]) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(notFound)
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('keeps share tokens out of the request log', async () => {
    const stream = new PassThrough()
    let log = ''
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString()
    })
    await start({ logLevel: 'info' }, { logStream: stream })
    const share = await newShare()
    await position(share.token, share.writeKey)
    await view(share.token)
    await t.app.inject({ method: 'GET', url: `/s/${share.token}`, headers: { accept: 'text/html' } })
    expect(log).toContain('/api/share/<token>/position')
    expect(log).toContain('/s/<token>')
    expect(log).not.toContain(share.token)
    expect(log).not.toContain(share.writeKey)
  })
})

describe('the write key', () => {
  it('refuses a wrong key with 403 on every write, and changes nothing', async () => {
    await start()
    const share = await newShare({ durationMinutes: 60, checkIn: { deadline: at(T0 + 30 * MINUTE) } })
    const other = await newShare()
    await position(share.token, share.writeKey)
    const before = rowOf(share.token)
    for (const writeKey of [other.writeKey, share.token, 'C'.repeat(43)]) {
      for (const res of [
        await position(share.token, writeKey, { lat: 1, lon: 2 }),
        await post(`/api/share/${share.token}/stop`, { writeKey }),
        await post(`/api/share/${share.token}/safe`, { writeKey }),
        await post(`/api/share/${share.token}/checkin`, { writeKey, deadline: at(T0 + 40 * MINUTE) }),
      ]) {
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual(wrongKey)
      }
    }
    expect(rowOf(share.token)).toEqual(before)
    expect((await view(share.token)).json()).toMatchObject({ lat: 18.9402, checkIn: { missed: false } })
  })
})

describe('validation', () => {
  const TOKEN = 'D'.repeat(43)
  const KEY = 'E'.repeat(43)
  it.each([
    ['POST', '/api/share', { durationMinutes: 30 }, ShareMessages.duration],
    ['POST', '/api/share', { durationMinutes: '60' }, ShareMessages.duration],
    ['POST', '/api/share', {}, 'durationMinutes is required'],
    ['POST', '/api/share', { durationMinutes: 60, userId: 'x' }, 'Unknown field: userId'],
    ['POST', '/api/share', { durationMinutes: 60, deviceId: 'short' }, ShareMessages.deviceId],
    ['POST', '/api/share', { durationMinutes: 60, deviceId: `${'d'.repeat(21)}/` }, ShareMessages.deviceId],
    ['POST', '/api/share', { durationMinutes: 60, sos: 'yes' }, ShareMessages.sos],
    ['POST', '/api/share', { durationMinutes: 60, checkIn: { deadline: 'soon' } }, ShareMessages.deadline],
    ['POST', '/api/share', { durationMinutes: 60, checkIn: {} }, 'deadline is required'],
    [
      'POST',
      '/api/share',
      { durationMinutes: 60, checkIn: { deadline: at(T0 + MINUTE), destination: '  ' } },
      'Destination is required',
    ],
    [
      'POST',
      '/api/share',
      { durationMinutes: 60, checkIn: { deadline: at(T0 + MINUTE), destination: 'x'.repeat(201) } },
      'Destination must be at most 200 characters',
    ],
    ['POST', `/api/share/${TOKEN}/position`, { lat: 1, lon: 2, accuracy: 3 }, 'writeKey is required'],
    [
      'POST',
      `/api/share/${TOKEN}/position`,
      { writeKey: 'short', lat: 1, lon: 2, accuracy: 3 },
      ShareMessages.writeKey,
    ],
    ['POST', `/api/share/${TOKEN}/position`, { writeKey: KEY, lat: 90.5, lon: 2, accuracy: 3 }, ShareMessages.lat],
    ['POST', `/api/share/${TOKEN}/position`, { writeKey: KEY, lat: 1, lon: -181, accuracy: 3 }, ShareMessages.lon],
    ['POST', `/api/share/${TOKEN}/position`, { writeKey: KEY, lat: 1, lon: 2, accuracy: -1 }, ShareMessages.accuracy],
    ['POST', `/api/share/${TOKEN}/position`, { writeKey: KEY, lat: 1, lon: 2 }, 'accuracy is required'],
    [
      'POST',
      `/api/share/${TOKEN}/position`,
      { writeKey: KEY, lat: 1, lon: 2, accuracy: 3, speed: 4 },
      'Unknown field: speed',
    ],
    ['POST', `/api/share/${TOKEN}/stop`, {}, 'writeKey is required'],
    ['POST', `/api/share/${TOKEN}/safe`, { writeKey: KEY, at: 'now' }, 'Unknown field: at'],
    ['POST', `/api/share/${TOKEN}/checkin`, { writeKey: KEY }, 'deadline is required'],
    ['POST', `/api/share/${TOKEN}/checkin`, { writeKey: KEY, deadline: '18:30' }, ShareMessages.deadline],
    ['GET', '/api/share/not-a-token', undefined, ShareMessages.token],
    ['GET', `/api/share/${TOKEN}x`, undefined, ShareMessages.token],
    ['GET', `/api/share/${'D'.repeat(42)}=`, undefined, ShareMessages.token],
    ['POST', '/api/share/short/position', { writeKey: KEY, lat: 1, lon: 2, accuracy: 3 }, ShareMessages.token],
  ] as const)('%s %s %j: 400 %s', async (method, url, payload, message) => {
    await start()
    const res = await t.app.inject({ method, url, ...(payload === undefined ? {} : { payload }) })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(invalid(message))
    expect(res.headers['cache-control']).toBe('no-store')
    expect(query('SELECT count(*) AS n FROM shares')).toEqual([{ n: 0 }])
  })
})

describe('stopping and expiry', () => {
  it('stop ends the share at once: 410 for viewers and writes, and her position is gone from the row', async () => {
    await start()
    const share = await newShare({
      durationMinutes: 240,
      checkIn: { deadline: at(T0 + 60 * MINUTE), destination: 'Home' },
    })
    await position(share.token, share.writeKey)
    expect(rowOf(share.token)).toMatchObject({ lat: 18.9402, check_in_destination: 'Home' })

    setClock(T0 + 5 * MINUTE)
    const stop = await post(`/api/share/${share.token}/stop`, { writeKey: share.writeKey })
    expect(stop.statusCode).toBe(200)
    expect(stop.json()).toEqual({ success: true, message: ShareMessages.stopped })
    expect(stop.headers['cache-control']).toBe('no-store')

    const res = await view(share.token)
    expect(res.statusCode).toBe(410)
    expect(res.json()).toEqual(gone)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(rowOf(share.token)).toMatchObject({
      stopped_at: at(T0 + 5 * MINUTE),
      lat: null,
      lon: null,
      accuracy: null,
      updated_at: null,
      check_in_deadline: null,
      check_in_destination: null,
      safe_at: null,
    })

    for (const write of [
      await position(share.token, share.writeKey),
      await post(`/api/share/${share.token}/safe`, { writeKey: share.writeKey }),
      await post(`/api/share/${share.token}/checkin`, { writeKey: share.writeKey, deadline: at(T0 + 90 * MINUTE) }),
    ]) {
      expect(write.statusCode).toBe(410)
      expect(write.json()).toEqual(gone)
    }
    expect(rowOf(share.token)).toMatchObject({ lat: null, check_in_deadline: null })

    // A retried tap is fine and keeps the first stop time; a wrong key is still refused.
    setClock(T0 + 6 * MINUTE)
    expect((await post(`/api/share/${share.token}/stop`, { writeKey: share.writeKey })).statusCode).toBe(200)
    expect(rowOf(share.token)).toMatchObject({ stopped_at: at(T0 + 5 * MINUTE) })
    expect((await post(`/api/share/${share.token}/stop`, { writeKey: UNKNOWN })).statusCode).toBe(403)
  })

  it('answers 410 once the share has expired, by the clock', async () => {
    await start()
    const share = await newShare({ durationMinutes: 15 })
    await position(share.token, share.writeKey)
    setClock(T0 + 15 * MINUTE - 1)
    expect((await view(share.token)).json()).toMatchObject({ active: true, lat: 18.9402 })
    expect((await position(share.token, share.writeKey, { lat: 19 })).statusCode).toBe(200)

    setClock(T0 + 15 * MINUTE)
    expect((await view(share.token)).json()).toEqual(gone)
    const late = await position(share.token, share.writeKey, { lat: 20 })
    expect(late.statusCode).toBe(410)
    expect(late.json()).toEqual(gone)
    expect(rowOf(share.token)).toMatchObject({ lat: 19 })
    // Stopping an expired share still clears it at once.
    expect((await post(`/api/share/${share.token}/stop`, { writeKey: share.writeKey })).statusCode).toBe(200)
    expect(rowOf(share.token)).toMatchObject({ lat: null, lon: null })
  })

  it('the sweep clears ended shares, and deletes them 7 days after they ended (then 404)', async () => {
    await start()
    const short = await newShare({ durationMinutes: 15, checkIn: { deadline: at(T0 + 10 * MINUTE) } })
    const long = await newShare({ durationMinutes: 240 })
    const stopped = await newShare({ durationMinutes: 60 })
    for (const s of [short, long, stopped]) await position(s.token, s.writeKey)
    await post(`/api/share/${stopped.token}/stop`, { writeKey: stopped.writeKey })

    // Nothing has expired yet: nothing to clear.
    expect(sweep(T0 + 14 * MINUTE)).toEqual({ cleared: 0, deleted: 0 })
    expect(rowOf(short.token)).toMatchObject({ lat: 18.9402 })

    expect(sweep(T0 + 20 * MINUTE)).toEqual({ cleared: 1, deleted: 0 })
    expect(rowOf(short.token)).toMatchObject({
      lat: null,
      lon: null,
      accuracy: null,
      updated_at: null,
      check_in_deadline: null,
    })
    expect(rowOf(long.token)).toMatchObject({ lat: 18.9402 })
    // Already cleared rows are not written again.
    expect(sweep(T0 + 25 * MINUTE)).toEqual({ cleared: 0, deleted: 0 })

    setClock(T0 + 20 * MINUTE)
    expect((await view(short.token)).json()).toEqual(gone)
    expect((await view(long.token)).statusCode).toBe(200)

    // Within the week the links still say 'ended'.
    setClock(T0 + 7 * DAY)
    expect(sweep(T0 + 7 * DAY)).toEqual({ cleared: 1, deleted: 0 })
    expect((await view(short.token)).json()).toEqual(gone)
    expect((await view(stopped.token)).json()).toEqual(gone)

    // A week after its end: the stopped one (ended at T0) and the short one (T0 + 15 min) are deleted.
    setClock(T0 + 7 * DAY + 16 * MINUTE)
    expect(sweep(T0 + 7 * DAY + 16 * MINUTE)).toEqual({ cleared: 0, deleted: 2 })
    expect((await view(short.token)).json()).toEqual(notFound)
    expect((await view(stopped.token)).json()).toEqual(notFound)
    expect((await view(long.token)).json()).toEqual(gone)
    expect(sweep(T0 + 7 * DAY + 4 * 60 * MINUTE + 1)).toEqual({ cleared: 0, deleted: 1 })
    expect(query('SELECT count(*) AS n FROM shares')).toEqual([{ n: 0 }])
  })

  it('the server sweeps when it starts', async () => {
    await start()
    const share = await newShare({ durationMinutes: 15 })
    await position(share.token, share.writeKey)
    const { dbFile } = t
    await t.app.close()
    setClock(T0 + 20 * MINUTE)
    const again = await buildApp({ ...t.config }, { now: () => clock })
    await again.close()
    const db = new Database(dbFile, { readonly: true })
    try {
      expect(db.prepare('SELECT lat FROM shares').pluck().all()).toEqual([null])
    } finally {
      db.close()
    }
  })
})

describe('check-in', () => {
  it('is missed when the deadline passes without "I\'m safe"; "I\'m safe" and a new deadline reset it', async () => {
    await start()
    const deadline = at(T0 + 30 * MINUTE)
    const share = await newShare({ durationMinutes: 60, checkIn: { deadline, destination: '  Home  ' } })
    const key = { writeKey: share.writeKey }
    expect((await view(share.token)).json()).toEqual({
      expiresAt: at(T0 + 60 * MINUTE),
      active: true,
      checkIn: { deadline, destination: 'Home', missed: false },
    })

    setClock(T0 + 30 * MINUTE - 1)
    expect((await view(share.token)).json().checkIn.missed).toBe(false)
    setClock(T0 + 30 * MINUTE)
    expect((await view(share.token)).json().checkIn).toEqual({ deadline, destination: 'Home', missed: true })

    // Late, but safe.
    setClock(T0 + 32 * MINUTE)
    const safe = await post(`/api/share/${share.token}/safe`, key)
    expect(safe.statusCode).toBe(200)
    expect(safe.json()).toEqual({ success: true, message: ShareMessages.safe })
    expect((await view(share.token)).json().checkIn).toEqual({
      deadline,
      destination: 'Home',
      safeAt: at(T0 + 32 * MINUTE),
      missed: false,
    })

    // A new deadline replaces the old one (and its destination) and clears "I'm safe".
    const next = '2025-03-08T18:50:00+00:00'
    const set = await post(`/api/share/${share.token}/checkin`, { ...key, deadline: next })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ success: true, message: ShareMessages.checkInSet })
    expect((await view(share.token)).json().checkIn).toEqual({ deadline: at(T0 + 50 * MINUTE), missed: false })
    setClock(T0 + 50 * MINUTE)
    expect((await view(share.token)).json().checkIn).toEqual({ deadline: at(T0 + 50 * MINUTE), missed: true })

    // She is safe before a deadline: it never becomes missed.
    await post(`/api/share/${share.token}/checkin`, { ...key, deadline: at(T0 + 55 * MINUTE), destination: 'Office' })
    await post(`/api/share/${share.token}/safe`, key)
    setClock(T0 + 56 * MINUTE)
    expect((await view(share.token)).json().checkIn).toEqual({
      deadline: at(T0 + 55 * MINUTE),
      destination: 'Office',
      safeAt: at(T0 + 50 * MINUTE),
      missed: false,
    })
  })

  it('ends on her arrival at the time her phone saw it, even when that reached the server after the deadline', async () => {
    await start()
    const deadline = at(T0 + 30 * MINUTE)
    const share = await newShare({ durationMinutes: 60, checkIn: { deadline, destination: 'Home' } })
    // She arrived at 18:25 with no signal; the phone sends it at 18:40, after the deadline.
    setClock(T0 + 40 * MINUTE)
    const res = await post(`/api/share/${share.token}/safe`, {
      writeKey: share.writeKey,
      arrivedAt: at(T0 + 25 * MINUTE),
    })
    expect(res.statusCode).toBe(200)
    expect((await view(share.token)).json().checkIn).toEqual({
      deadline,
      destination: 'Home',
      safeAt: at(T0 + 25 * MINUTE),
      arrived: true,
      missed: false,
    })
    expect(rowOf(share.token)).toMatchObject({ safe_at: at(T0 + 25 * MINUTE), safe_on_arrival: 1 })
    // A new check-in forgets the arrival.
    await post(`/api/share/${share.token}/checkin`, { writeKey: share.writeKey, deadline: at(T0 + 50 * MINUTE) })
    expect((await view(share.token)).json().checkIn).toEqual({ deadline: at(T0 + 50 * MINUTE), missed: false })
    expect(rowOf(share.token)).toMatchObject({ check_in_set_at: at(T0 + 40 * MINUTE), safe_on_arrival: 0 })
  })

  it('an arrival that reached the server after the deadline leaves no missed check-in for her guardians', async () => {
    await start()
    const cookies = await signedIn(t.app)
    const deadline = at(T0 + 30 * MINUTE)
    const own = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/share',
        payload: { durationMinutes: 60, checkIn: { deadline } },
        cookies,
      })
      return res.json() as { token: string; writeKey: string }
    }
    const arrived = await own()
    const silent = await own()
    setClock(T0 + 31 * MINUTE)
    const res = await post(`/api/share/${arrived.token}/safe`, {
      writeKey: arrived.writeKey,
      arrivedAt: at(T0 + 28 * MINUTE),
    })
    expect(res.statusCode).toBe(200)
    const db = openDatabase(t.dbFile)
    try {
      const missed = createSharesRepo(db).missedCheckIns(at(T0 + 31 * MINUTE), at(T0), 10)
      expect(missed.map((m) => m.shareId)).toEqual([rowOf(silent.token)?.id])
    } finally {
      db.close()
    }
  })

  it('counts an arrival that took longer than the bound to arrive from when it arrived, like a tap', async () => {
    await start()
    const deadline = at(T0 + 30 * MINUTE)
    const share = await newShare({ durationMinutes: 240, checkIn: { deadline } })
    setClock(T0 + 25 * MINUTE + 30 * MINUTE + 1)
    const res = await post(`/api/share/${share.token}/safe`, {
      writeKey: share.writeKey,
      arrivedAt: at(T0 + 25 * MINUTE),
    })
    expect(res.statusCode).toBe(200)
    expect((await view(share.token)).json().checkIn).toEqual({
      deadline,
      safeAt: at(T0 + 55 * MINUTE + 1),
      missed: false,
    })
  })

  it('refuses an arrival in the future, before the check-in was set, without a check-in, or with a wrong key', async () => {
    await start()
    const plain = await newShare({ durationMinutes: 60 })
    setClock(T0 + 10 * MINUTE)
    const share = await newShare({ durationMinutes: 60, checkIn: { deadline: at(T0 + 40 * MINUTE) } })
    const safe = (token: string, body: object) => post(`/api/share/${token}/safe`, body)
    const cases: Array<[string, object, number, object]> = [
      [
        share.token,
        { writeKey: share.writeKey, arrivedAt: at(T0 + 12 * MINUTE) },
        400,
        invalid(ShareMessages.arrivedFuture),
      ],
      [
        share.token,
        { writeKey: share.writeKey, arrivedAt: at(T0 + 8 * MINUTE) },
        400,
        invalid(ShareMessages.arrivedBeforeCheckIn),
      ],
      [share.token, { writeKey: share.writeKey, arrivedAt: '18:25' }, 400, invalid(ShareMessages.arrivedAt)],
      [
        plain.token,
        { writeKey: plain.writeKey, arrivedAt: at(T0 + 10 * MINUTE) },
        400,
        invalid(ShareMessages.arrivedBeforeCheckIn),
      ],
      [share.token, { writeKey: plain.writeKey, arrivedAt: at(T0 + 10 * MINUTE) }, 403, wrongKey],
      [UNKNOWN, { writeKey: share.writeKey, arrivedAt: at(T0 + 10 * MINUTE) }, 404, notFound],
    ]
    for (const [token, body, status, answer] of cases) {
      const res = await safe(token, body)
      expect([res.statusCode, res.json()]).toEqual([status, answer])
    }
    // Nothing was written.
    expect(rowOf(share.token)).toMatchObject({ safe_at: null, safe_on_arrival: 0 })
    expect(rowOf(plain.token)).toMatchObject({ safe_at: null, safe_on_arrival: 0 })
    // Within the skew (her phone's clock a little ahead) it counts, at the server's now.
    const res = await safe(share.token, { writeKey: share.writeKey, arrivedAt: at(T0 + 10 * MINUTE + 30_000) })
    expect(res.statusCode).toBe(200)
    expect((await view(share.token)).json().checkIn).toMatchObject({ safeAt: at(T0 + 10 * MINUTE), arrived: true })
  })

  it('can be set after the share started', async () => {
    await start()
    const share = await newShare({ durationMinutes: 15 })
    expect((await view(share.token)).json().checkIn).toBeUndefined()
    const res = await post(`/api/share/${share.token}/checkin`, {
      writeKey: share.writeKey,
      deadline: at(T0 + 10 * MINUTE),
      destination: 'Churchgate station',
    })
    expect(res.statusCode).toBe(200)
    expect((await view(share.token)).json().checkIn).toEqual({
      deadline: at(T0 + 10 * MINUTE),
      destination: 'Churchgate station',
      missed: false,
    })
  })

  it('refuses a deadline in the past (1 minute of skew allowed) or after the share ends, with 400', async () => {
    await start()
    const cases = [
      [T0 - MINUTE - 1, ShareMessages.deadlinePast],
      [T0 - DAY, ShareMessages.deadlinePast],
      [T0 + 55 * MINUTE + 1, ShareMessages.deadlineAfterEnd],
      [T0 + DAY, ShareMessages.deadlineAfterEnd],
    ] as const
    for (const [ms, message] of cases) {
      const res = await create({ durationMinutes: 60, checkIn: { deadline: at(ms) } })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(invalid(message))
    }
    expect(query('SELECT count(*) AS n FROM shares')).toEqual([{ n: 0 }])

    // At the edges: a minute ago, and the last moment that leaves the viewer 5 minutes to see it missed.
    expect((await create({ durationMinutes: 60, checkIn: { deadline: at(T0 - MINUTE) } })).statusCode).toBe(201)
    const share = await newShare({ durationMinutes: 60, checkIn: { deadline: at(T0 + 55 * MINUTE) } })

    // The same rules when it is set later, against the share's own end; the old deadline stays.
    setClock(T0 + 10 * MINUTE)
    for (const [ms, message] of [
      [T0 + 8 * MINUTE, ShareMessages.deadlinePast],
      [T0 + 56 * MINUTE, ShareMessages.deadlineAfterEnd],
    ] as const) {
      const res = await post(`/api/share/${share.token}/checkin`, { writeKey: share.writeKey, deadline: at(ms) })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual(invalid(message))
    }
    expect((await view(share.token)).json().checkIn).toEqual({ deadline: at(T0 + 55 * MINUTE), missed: false })
  })
})

describe('rate limits', () => {
  const defaults = loadConfig({}).rateLimits

  /** A phone's device id (22 base64url characters). */
  const device = (n: number) => `phone${String(n).padStart(17, '0')}`
  const createAs = (payload: object, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/share', payload: { durationMinutes: 60, ...payload }, cookies })

  it('never refuses an SOS share: 25 from one IP (a carrier NAT), by different phones and accounts, all start', async () => {
    await start()
    const accounts = [
      await signedIn(t.app),
      await signedIn(t.app, { email: 'riya@example.in', password: validSignup.password }),
    ]
    for (let i = 0; i < 25; i++) {
      const res =
        i % 5 === 4
          ? await createAs({ sos: true }, accounts[i % 2])
          : await createAs({ sos: true, deviceId: device(i) })
      expect(res.statusCode, `SOS share ${i + 1}`).toBe(201)
    }
    expect(query('SELECT count(*) AS n FROM shares')).toEqual([{ n: 25 }])
  })

  it('counts shares per phone: over its cap it gets 429 with Retry-After, yet her SOS and other phones still start', async () => {
    await start({ rateLimits: { ...defaults, share: { max: 2, windowMs: 60 * MINUTE } } })
    expect((await createAs({ deviceId: device(1) })).statusCode).toBe(201)
    expect((await createAs({ deviceId: device(1) })).statusCode).toBe(201)
    const res = await createAs({ deviceId: device(1) })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ success: false, message: ShareMessages.tooManyShares, code: 'RATE_LIMITED' })
    expect(res.headers['retry-after']).toBe('3600')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(query('SELECT count(*) AS n FROM shares')).toEqual([{ n: 2 }])
    // The same phone's SOS, and another phone behind the same IP, are not affected.
    for (let i = 0; i < 5; i++) expect((await createAs({ deviceId: device(1), sos: true })).statusCode).toBe(201)
    expect((await createAs({ deviceId: device(2) })).statusCode).toBe(201)
  })

  it('counts a signed-in user per account, whatever device id she sends', async () => {
    await start({ rateLimits: { ...defaults, share: { max: 2, windowMs: 60 * MINUTE } } })
    const asha = await signedIn(t.app)
    expect((await createAs({ deviceId: device(1) }, asha)).statusCode).toBe(201)
    expect((await createAs({ deviceId: device(2) }, asha)).statusCode).toBe(201)
    expect((await createAs({ deviceId: device(3) }, asha)).statusCode).toBe(429)
    expect((await createAs({ sos: true }, asha)).statusCode).toBe(201)
    const riya = await signedIn(t.app, { email: 'riya@example.in', password: validSignup.password })
    expect((await createAs({ deviceId: device(3) }, riya)).statusCode).toBe(201)
  })

  it('counts an app too old to send a device id per IP', async () => {
    await start({ rateLimits: { ...defaults, share: { max: 2, windowMs: 60 * MINUTE } } })
    expect((await create()).statusCode).toBe(201)
    expect((await create()).statusCode).toBe(201)
    expect((await create()).statusCode).toBe(429)
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/share',
      payload: { durationMinutes: 15 },
      remoteAddress: '203.0.113.9',
    })
    expect(other.statusCode).toBe(201)
  })

  it('lets no other traffic from her IP use up what her SOS needs: not the general /api limit, not other shares', async () => {
    await start({
      rateLimits: { ...defaults, api: { max: 2, windowMs: 60 * MINUTE }, shareIp: { max: 3, windowMs: 60 * MINUTE } },
    })
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/healthz' })
    expect((await t.app.inject({ url: '/api/healthz' })).statusCode).toBe(429)
    // A script behind the same IP starting shares from ever new device ids meets the per-IP safety net...
    for (let i = 0; i < 3; i++) expect((await createAs({ deviceId: device(i) })).statusCode).toBe(201)
    const net = await createAs({ deviceId: device(9) })
    expect(net.statusCode).toBe(429)
    expect(net.headers['retry-after']).toBe('3600')
    // ...which SOS shares have apart, so hers still starts.
    expect((await createAs({ deviceId: device(10), sos: true })).statusCode).toBe(201)
  })

  it('counts updates per share, not per IP: women sharing behind one carrier NAT keep every update', async () => {
    await start({ rateLimits: { ...defaults, sharePosition: { max: 2, windowMs: 60_000 } } })
    const shares = []
    for (let i = 0; i < 5; i++) shares.push(await newShare({ durationMinutes: 60, deviceId: device(i) }))
    for (const share of shares)
      for (let i = 0; i < 2; i++) expect((await position(share.token, share.writeKey)).statusCode).toBe(200)
    expect((await position(shares[0]?.token ?? '', shares[0]?.writeKey ?? '')).statusCode).toBe(429)
  })

  it('stops a client whose updates keep being refused, whatever token it guesses next', async () => {
    await start({ rateLimits: { ...defaults, shareUpdateFailures: { max: 3, windowMs: 60_000 } } })
    const guess = (n: number) => `${'G'.repeat(42)}${n}`
    for (let i = 0; i < 4; i++) expect((await position(guess(i), UNKNOWN)).statusCode).toBe(404)
    const blocked = await position(guess(9), UNKNOWN)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('60')
    // A woman on another IP is not affected.
    const share = await newShare()
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/share/${share.token}/position`,
          payload: { writeKey: share.writeKey, lat: 18.9402, lon: 72.8356, accuracy: 12 },
          remoteAddress: '203.0.113.7',
        })
      ).statusCode,
    ).toBe(200)
  })

  it('limits position updates separately, and never blocks "Stop sharing"', async () => {
    await start({ rateLimits: { ...defaults, sharePosition: { max: 2, windowMs: 60_000 } } })
    const share = await newShare()
    expect((await position(share.token, share.writeKey)).statusCode).toBe(200)
    expect((await position(share.token, share.writeKey)).statusCode).toBe(200)
    const res = await position(share.token, share.writeKey)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ success: false, message: ShareMessages.tooManyUpdates, code: 'RATE_LIMITED' })
    expect((await post(`/api/share/${share.token}/safe`, { writeKey: share.writeKey })).statusCode).toBe(200)
    expect((await post(`/api/share/${share.token}/stop`, { writeKey: share.writeKey })).statusCode).toBe(200)
    expect((await view(share.token)).statusCode).toBe(410)
  })
})
