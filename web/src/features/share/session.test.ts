import { beforeEach, describe, expect, it } from 'vitest'
import { clearDb, json } from '../../test/sync.ts'
import { shareDeviceId } from './device.ts'
import {
  cancelPendingShare,
  PENDING_BUSY_MAX_MS,
  PENDING_BUSY_MS,
  PENDING_RETRY_MS,
  readPending,
  retryDelayOf,
  retryPendingShare,
  startShareWhenReachable,
} from './pendingShare.ts'
import {
  currentShare,
  durationFor,
  endShareLocally,
  forgetEndedShare,
  MAX_CHECKIN_MINUTES,
  markSafe,
  readShare,
  ShareStartError,
  ShareText,
  setCheckIn,
  shareLink,
  startShare,
  stopShare,
  tellSafe,
} from './session.ts'
import { minutesFromNow, session, shareServer, stored, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

describe('share session', () => {
  beforeEach(async () => {
    await clearDb()
  })

  it('starts a share and keeps its write key on the phone, never in a URL', async () => {
    const { calls } = shareServer()
    const started = await startShare(15)
    expect(calls).toEqual([{ url: '/api/share', body: { durationMinutes: 15, deviceId: await shareDeviceId() } }])
    expect(started).toMatchObject({ token: TOKEN, writeKey: WRITE_KEY, url: `/s/${TOKEN}` })
    expect(await currentShare()).toMatchObject({ token: TOKEN, writeKey: WRITE_KEY })
    expect(shareLink(started)).toBe(`${location.origin}/s/${TOKEN}`)
    expect(shareLink(started)).not.toContain(WRITE_KEY)
  })

  it('sends this phone’s device id with every new share, and marks the ones the SOS starts', async () => {
    const { calls } = shareServer()
    await startShare(60)
    await startShare(60, undefined, { sos: true })
    const deviceId = await shareDeviceId()
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(calls.filter((c) => c.url === '/api/share').map((c) => c.body)).toEqual([
      { durationMinutes: 60, deviceId },
      { durationMinutes: 60, deviceId, sos: true },
    ])
  })

  it('says in words that sharing needs a connection', async () => {
    shareServer(() => 'offline')
    await expect(startShare(60)).rejects.toThrow(ShareText.offline)
    expect(await readShare()).toBeNull()
  })

  it('shows the server’s own refusal', async () => {
    shareServer(() =>
      json(429, {
        success: false,
        message: 'You have started too many shares. Please try again later.',
        code: 'RATE_LIMITED',
      }),
    )
    await expect(startShare(60)).rejects.toThrow('You have started too many shares. Please try again later.')
  })

  it('has no current share once it expired or the server ended it', async () => {
    await storeSession(session({}, -1))
    expect(await currentShare()).toBeNull()
    await storeSession(session({ endedAt: new Date().toISOString() }))
    expect(await currentShare()).toBeNull()
  })

  it('stops at once: forgets the share, then tells the server with the write key', async () => {
    const { calls } = shareServer()
    await storeSession(session())
    expect(await stopShare()).toEqual({ told: true })
    expect(calls).toEqual([{ url: `/api/share/${TOKEN}/stop`, body: { writeKey: WRITE_KEY } }])
    expect(await readShare()).toBeNull()
  })

  it('stops on the phone even offline, and says until when the link still shows the last position', async () => {
    shareServer(() => 'offline')
    const running = session()
    await storeSession(running)
    expect(await stopShare()).toEqual({ told: false, expiresAt: running.expiresAt })
    expect(await readShare()).toBeNull()
  })

  it('chooses the shortest share that leaves the margin and 10 minutes after the deadline', () => {
    const now = Date.now()
    expect(durationFor(now + 1 * 60_000, now)).toBe(60)
    // 15 minutes never leave room for a check-in and 15 minutes after it.
    expect(durationFor(now + 0.5 * 60_000, now)).toBe(60)
    expect(durationFor(now + 45 * 60_000, now)).toBe(60)
    expect(durationFor(now + 46 * 60_000, now)).toBe(240)
    expect(durationFor(now + MAX_CHECKIN_MINUTES * 60_000, now)).toBe(240)
    expect(durationFor(now + (MAX_CHECKIN_MINUTES + 1) * 60_000, now)).toBeNull()
    expect(MAX_CHECKIN_MINUTES).toBe(225)
  })

  it('a check-in with no share running starts one long enough, with the check-in', async () => {
    const { calls } = shareServer()
    const deadline = minutesFromNow(30)
    const { session: started, started: isNew } = await setCheckIn({ deadline, destination: '  Home  ' })
    expect(isNew).toBe(true)
    expect(calls[0]).toEqual({
      url: '/api/share',
      body: { durationMinutes: 60, checkIn: { deadline, destination: 'Home' }, deviceId: await shareDeviceId() },
    })
    expect(started.checkIn).toMatchObject({ deadline, destination: 'Home' })
    expect((await stored())?.checkIn?.setAt).toBeDefined()
  })

  it('cleans a destination the server would refuse, and leaves out one of invisible characters only', async () => {
    const { calls } = shareServer()
    const deadline = minutesFromNow(30)
    await setCheckIn({ deadline, destination: '\u200B\u200D ' })
    await setCheckIn({ deadline, destination: 'Dadar\u202E station\n' })
    const checkIns = calls.map((c) => (c.body as { checkIn?: unknown }).checkIn ?? c.body)
    expect(checkIns[0]).toEqual({ deadline })
    expect(checkIns[1]).toMatchObject({ deadline, destination: 'Dadar station' })
  })

  it('refuses a check-in further than 4 hours of sharing allow, or in the past', async () => {
    const { calls } = shareServer()
    await expect(setCheckIn({ deadline: minutesFromNow(226) })).rejects.toThrow(ShareText.tooFar)
    expect(ShareText.tooFar).toBe('A check-in can be at most 3 h 45 min from now: live sharing lasts 4 hours at most.')
    await expect(setCheckIn({ deadline: minutesFromNow(-1) })).rejects.toThrow(ShareText.pastDeadline)
    expect(calls).toEqual([])
  })

  it('sets the check-in on the running share, clearing an earlier "I\'m safe"', async () => {
    const { calls } = shareServer()
    await storeSession(session({ safeAt: new Date().toISOString(), checkIn: { deadline: minutesFromNow(5) } }))
    const deadline = minutesFromNow(20)
    const result = await setCheckIn({ deadline })
    expect(result.started).toBe(false)
    expect(calls).toEqual([{ url: `/api/share/${TOKEN}/checkin`, body: { writeKey: WRITE_KEY, deadline } }])
    const kept = await stored()
    expect(kept?.checkIn?.deadline).toBe(deadline)
    expect(kept?.safeAt).toBeUndefined()
  })

  it('says when the running share ends too early for the deadline', async () => {
    const { calls } = shareServer()
    await storeSession(session({}, 15))
    await expect(setCheckIn({ deadline: minutesFromNow(12) })).rejects.toThrow(
      /^Your live link runs until \d\d:\d\d, so the check-in must be by \d\d:\d\d\. Choose an earlier time, or stop sharing and start the check-in again\.$/,
    )
    expect(calls).toEqual([])
  })

  it('starts a new share for the check-in when the server no longer has the running one', async () => {
    const { calls } = shareServer(({ url }) =>
      url.endsWith('/checkin')
        ? json(410, { success: false, message: 'This location share has ended', code: 'GONE' })
        : undefined,
    )
    await storeSession(session())
    const { started } = await setCheckIn({ deadline: minutesFromNow(10) })
    expect(started).toBe(true)
    expect(calls.map((c) => c.url)).toEqual([`/api/share/${TOKEN}/checkin`, '/api/share'])
  })

  it('marks safe on the phone at once and tells the server', async () => {
    const { calls } = shareServer()
    await storeSession(session({ checkIn: { deadline: minutesFromNow(10) } }))
    expect(await markSafe()).toEqual({ told: true })
    expect(calls).toEqual([{ url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY } }])
    const kept = await stored()
    expect(kept?.safeAt).toBeDefined()
    expect(kept?.safePending).toBeUndefined()
  })

  it('offline, "I\'m safe" still stops the timer, and is told to the server later', async () => {
    let offline = true
    const { calls } = shareServer(() => (offline ? 'offline' : undefined))
    await storeSession(session({ checkIn: { deadline: minutesFromNow(10) } }))
    expect(await markSafe()).toEqual({ told: false })
    expect(await stored()).toMatchObject({ safePending: true })
    expect((await stored())?.safeAt).toBeDefined()
    offline = false
    expect(await tellSafe(TOKEN)).toBe(true)
    expect(calls.map((c) => c.url)).toEqual([`/api/share/${TOKEN}/safe`, `/api/share/${TOKEN}/safe`])
    expect((await stored())?.safePending).toBeUndefined()
  })

  it('an arrival detected offline is told later with the time she arrived, not the time it was sent', async () => {
    let offline = true
    const { calls } = shareServer(() => (offline ? 'offline' : undefined))
    await storeSession(session({ checkIn: { deadline: minutesFromNow(10) } }))
    const arrivedAt = new Date(Date.now() - 60_000).toISOString()
    expect(await markSafe(arrivedAt)).toEqual({ told: false })
    expect(await stored()).toMatchObject({ safeAt: arrivedAt, safeOnArrival: true, safePending: true })
    offline = false
    expect(await tellSafe(TOKEN)).toBe(true)
    expect(calls.at(-1)).toEqual({ url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY, arrivedAt } })
    expect((await stored())?.safePending).toBeUndefined()
  })

  it('an arrival time the server refuses (her clock is off) is told as a plain "I\'m safe"', async () => {
    const { calls } = shareServer((call) =>
      call.body?.arrivedAt
        ? json(400, { success: false, message: 'The arrival time must not be in the future', code: 'VALIDATION_ERROR' })
        : undefined,
    )
    await storeSession(session({ checkIn: { deadline: minutesFromNow(10) } }))
    const arrivedAt = new Date(Date.now() + 5 * 60_000).toISOString()
    expect(await markSafe(arrivedAt)).toEqual({ told: true })
    expect(calls.map((c) => c.body)).toEqual([{ writeKey: WRITE_KEY, arrivedAt }, { writeKey: WRITE_KEY }])
    expect(await stored()).toMatchObject({ safeAt: arrivedAt })
    expect((await stored())?.safeOnArrival).toBeUndefined()
    expect((await stored())?.safePending).toBeUndefined()
  })

  it('a share the server ended is forgotten, unless its check-in still has to open the SOS', async () => {
    await storeSession(session())
    await endShareLocally(TOKEN)
    expect(await readShare()).toBeNull()

    const deadline = minutesFromNow(-1)
    await storeSession(session({ checkIn: { deadline } }))
    await endShareLocally(TOKEN)
    expect(await readShare()).toMatchObject({ endedAt: expect.any(String), checkIn: { deadline } })
    await storeSession({ ...session({ checkIn: { deadline } }), endedAt: new Date().toISOString(), sosFor: deadline })
    await forgetEndedShare()
    expect(await readShare()).toBeNull()
  })

  it('leaves a running share alone when asked to forget ended ones', async () => {
    await storeSession(session())
    await forgetEndedShare()
    expect(await readShare()).not.toBeNull()
  })
})

describe('a share asked for while Wings cannot be reached', () => {
  beforeEach(async () => {
    await clearDb()
  })

  const busy = (status: number, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ success: false, message: 'Busy', code: 'BUSY' }), { status, headers })

  it('is kept as pending with no network, and starts at the first request that gets through', async () => {
    let offline = true
    const { calls } = shareServer(() => (offline ? 'offline' : undefined))
    const first = await startShareWhenReachable(60, { sos: true })
    expect(first).toMatchObject({ kind: 'pending', pending: { durationMinutes: 60, sos: true, reason: 'offline' } })
    expect(await readShare()).toBeNull()
    expect(await retryPendingShare()).toEqual({ kind: 'waiting', inMs: PENDING_RETRY_MS })
    expect(await readPending()).toMatchObject({ tries: 2, reason: 'offline' })
    offline = false
    const done = await retryPendingShare()
    expect(done).toMatchObject({ kind: 'started', session: { token: TOKEN } })
    expect(await readPending()).toBeNull()
    expect(await currentShare()).toMatchObject({ token: TOKEN })
    expect(calls.filter((c) => c.url === '/api/share').map((c) => c.body?.sos)).toEqual([true, true, true])
  })

  it('for an SOS, keeps trying through 429 and 5xx (with backoff, or the Retry-After); her own share says so instead', async () => {
    let answer: Response | undefined = busy(503)
    shareServer(() => answer)
    const sos = await startShareWhenReachable(60, { sos: true })
    expect(sos).toMatchObject({ kind: 'pending', pending: { reason: 'busy', status: 503 } })
    expect((await readPending())?.reachedAt).toBeDefined()
    answer = busy(429, { 'Retry-After': '20' })
    expect(await retryPendingShare()).toEqual({ kind: 'waiting', inMs: 20_000 })
    answer = busy(503)
    expect(await retryPendingShare()).toEqual({ kind: 'waiting', inMs: PENDING_BUSY_MS * 4 })
    await cancelPendingShare()

    answer = busy(503)
    await expect(startShareWhenReachable(60)).rejects.toMatchObject({ reason: 'busy', status: 503 })
    expect(await readPending()).toBeNull()
  })

  it('is not kept when the server refuses it for good', async () => {
    shareServer(() => json(400, { success: false, message: 'Bad request', code: 'VALIDATION' }))
    await expect(startShareWhenReachable(60, { sos: true })).rejects.toBeInstanceOf(ShareStartError)
    expect(await readPending()).toBeNull()
  })

  it('gives up when a later attempt is refused for good, and says why', async () => {
    let answer: Response | 'offline' = 'offline'
    shareServer(() => answer)
    await startShareWhenReachable(60, { sos: true })
    answer = json(400, { success: false, message: 'Bad request', code: 'VALIDATION' })
    expect(await retryPendingShare()).toEqual({ kind: 'ended' })
    expect(await readPending()).toMatchObject({ failed: 'Bad request.' })
    expect(await retryPendingShare()).toEqual({ kind: 'ended' })
  })

  it('is dropped once too late, or when a share runs anyway, or when she stops sharing', async () => {
    const { calls } = shareServer(() => 'offline')
    await startShareWhenReachable(15)
    expect(await retryPendingShare(Date.now() + 16 * 60_000)).toEqual({ kind: 'ended' })
    expect(await readPending()).toBeNull()

    await startShareWhenReachable(60)
    await storeSession(session())
    expect(await retryPendingShare()).toMatchObject({ kind: 'started', session: { token: TOKEN } })
    expect(await readPending()).toBeNull()

    await startShareWhenReachable(60)
    await stopShare()
    expect(await readPending()).toBeNull()
    expect(await retryPendingShare()).toEqual({ kind: 'none' })
    expect(calls.filter((c) => c.url === '/api/share')).toHaveLength(3)
  })

  it('a share made after she cancelled it is stopped at once', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached = () => {}
    const requested = new Promise<void>((resolve) => {
      reached = resolve
    })
    const { calls } = shareServer(async ({ url }) => {
      if (url !== '/api/share') return undefined
      if (calls.length === 1) return 'offline'
      // The second attempt reaches the server; its answer (a new share) comes after she cancelled.
      reached()
      await gate
      return undefined
    })
    await startShareWhenReachable(60, { sos: true })
    const retry = retryPendingShare()
    await requested
    await cancelPendingShare()
    release()
    expect(await retry).toEqual({ kind: 'none' })
    expect(await readShare()).toBeNull()
    expect(calls.map((c) => c.url)).toEqual(['/api/share', '/api/share', `/api/share/${TOKEN}/stop`])
  })

  it('says which way a start failed', async () => {
    shareServer(() => 'offline')
    await expect(startShare(60)).rejects.toMatchObject({ reason: 'offline', status: 0 })
    expect(retryDelayOf({ reason: 'busy', tries: 1 } as never)).toBe(PENDING_BUSY_MS)
    expect(retryDelayOf({ reason: 'busy', tries: 9 } as never)).toBe(PENDING_BUSY_MAX_MS)
    expect(retryDelayOf({ reason: 'offline', tries: 9 } as never)).toBe(PENDING_RETRY_MS)
  })
})
