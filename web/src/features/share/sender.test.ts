import { offsetNorth } from '@wings/geo'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDb, json } from '../../test/sync.ts'
import { lastKnownPosition } from '../sos/index.ts'
import {
  type Fix,
  MIN_SEND_GAP_MS,
  OFFLINE_RETRY_MS,
  SEND_INTERVAL_MS,
  STALE_FIX_MS,
  sendDelay,
  startSender,
} from './sender.ts'
import { readShare } from './session.ts'
import { session, shareServer, stored, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

/** About 11 m of latitude per 0.0001 degree. */
const HERE = { lat: 18.956, lon: 72.8156 }
const north = (metres: number) => offsetNorth(HERE, metres)

describe('sendDelay', () => {
  const now = 1_000_000
  const fix = (where = HERE, at = now): Fix => ({ ...where, accuracy: 10, at })

  it('sends the first fix at once, and nothing before there is one', () => {
    expect(sendDelay(null, fix(), now)).toBe(0)
    expect(sendDelay(null, null, now)).toBe(Number.POSITIVE_INFINITY)
  })

  it('sends again every 15 s while she stays put', () => {
    const last = { ...HERE, sentAt: now - 4_000 }
    expect(sendDelay(last, fix(north(5)), now)).toBe(SEND_INTERVAL_MS - 4_000)
    expect(sendDelay({ ...HERE, sentAt: now - SEND_INTERVAL_MS }, fix(), now)).toBe(0)
    expect(SEND_INTERVAL_MS).toBe(15_000)
  })

  it('sends at once after a move of more than 25 m, but not twice within 5 s', () => {
    expect(sendDelay({ ...HERE, sentAt: now - 6_000 }, fix(north(30)), now)).toBe(0)
    expect(sendDelay({ ...HERE, sentAt: now - 2_000 }, fix(north(30)), now)).toBe(MIN_SEND_GAP_MS - 2_000)
    expect(sendDelay({ ...HERE, sentAt: now - 6_000 }, fix(north(20)), now)).toBe(SEND_INTERVAL_MS - 6_000)
  })

  it('does not send an old fix again as if it were fresh', () => {
    const old = fix(HERE, now - STALE_FIX_MS - 1)
    expect(sendDelay({ ...HERE, sentAt: now - 20_000 }, old, now)).toBe(Number.POSITIVE_INFINITY)
  })
})

type Watcher = (position: { coords: { latitude: number; longitude: number; accuracy: number } }) => void
type Failure = (error: { code: number; message: string }) => void

function fakeWatch() {
  const state: { ok?: Watcher; fail?: Failure; options?: PositionOptions; cleared: number[] } = { cleared: [] }
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (ok: Watcher, fail: Failure, options: PositionOptions) => {
        state.ok = ok
        state.fail = fail
        state.options = options
        return 7
      },
      clearWatch: (id: number) => state.cleared.push(id),
    },
  })
  const move = (where: { lat: number; lon: number }, accuracy = 12) =>
    state.ok?.({ coords: { latitude: where.lat, longitude: where.lon, accuracy } })
  return { state, move }
}

/** Stores `shared` as her running share and starts the sender on a fake location watch. */
async function startSending(shared = session()) {
  await storeSession(shared)
  const watch = fakeWatch()
  return { ...watch, stop: startSender(session()) }
}

/** Lets the fetch, Dexie and the promise chain settle (Dexie runs on real setImmediate). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('startSender', () => {
  beforeEach(clearDb)
  afterEach(() => {
    vi.useRealTimers()
    Reflect.deleteProperty(navigator, 'geolocation')
  })

  it('sends her first position with the write key in the body, then every 15 s, and remembers it for SOS', async () => {
    const { calls } = shareServer()
    const { state, move, stop } = await startSending()
    expect(state.options).toMatchObject({ enableHighAccuracy: true })
    move(HERE)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      url: `/api/share/${TOKEN}/position`,
      body: { writeKey: WRITE_KEY, lat: HERE.lat, lon: HERE.lon, accuracy: 12 },
    })
    await vi.waitFor(async () => expect((await stored())?.lastSentAt).toBeDefined())
    expect(await lastKnownPosition()).toMatchObject({ lat: HERE.lat, lon: HERE.lon, accuracy: 12 })

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    move(north(5))
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS - 1_000)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(calls).toHaveLength(2)
    stop()
    expect(state.cleared).toEqual([7])
  })

  it('sends at once when she moved more than 25 m, but waits out the 5 s gap', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { calls } = shareServer()
    const { move, stop } = await startSending()
    move(HERE)
    await vi.advanceTimersByTimeAsync(10)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(2_000)
    move(north(40))
    await vi.advanceTimersByTimeAsync(10)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(3_000)
    expect(calls).toHaveLength(2)
    expect(calls[1]?.body).toMatchObject(north(40))
    move(north(100))
    await vi.advanceTimersByTimeAsync(MIN_SEND_GAP_MS + 10)
    expect(calls).toHaveLength(3)
    stop()
  })

  it('stops and ends the share on the phone when the server answers 410', async () => {
    shareServer(() => json(410, { success: false, message: 'This location share has ended', code: 'GONE' }))
    const { state, move } = await startSending()
    move(HERE)
    await vi.waitFor(async () => expect(await readShare()).toBeNull())
    expect(state.cleared).toEqual([7])
  })

  it('stops by itself when the share runs out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { calls } = shareServer()
    const { state, move } = fakeWatch()
    startSender(session({}, 1))
    await vi.advanceTimersByTimeAsync(61_000)
    expect(state.cleared).toEqual([7])
    move(HERE)
    await vi.advanceTimersByTimeAsync(10)
    expect(calls).toEqual([])
  })

  it('says why nothing goes out: no permission, no connection', async () => {
    shareServer(() => 'offline')
    const { state, move, stop } = await startSending()
    state.fail?.({ code: 1, message: 'denied' })
    await vi.waitFor(async () => expect((await stored())?.problem).toBe('denied'))
    move(HERE)
    await vi.waitFor(async () => expect((await stored())?.problem).toBe('offline'))
    expect((await stored())?.lastSentAt).toBeUndefined()
    stop()
    await settle()
  })

  it.each([
    [3, 'timeout'],
    [2, 'unavailable'],
  ] as const)(
    'says which location failure (%i: %s) keeps the first position away, and clears it with a fix',
    async (code, kind) => {
      shareServer()
      const { state, move, stop } = await startSending()
      state.fail?.({ code, message: kind })
      await vi.waitFor(async () => expect((await stored())?.problem).toBe(kind))
      move(HERE)
      await vi.waitFor(async () => expect((await stored())?.lastSentAt).toBeDefined())
      expect((await stored())?.problem).toBeUndefined()
      stop()
    },
  )

  it.each([
    [429, 'refused'],
    [400, 'refused'],
    [503, 'failed'],
  ] as const)(
    'a %i to her position is a refused or failed update, with its status, until one is taken',
    async (status, kind) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
      let answer: Response | undefined = json(status, { success: false, message: 'No', code: 'X' })
      const { calls } = shareServer(() => answer)
      const { move, stop } = await startSending(session({ lastSentAt: new Date().toISOString() }))
      move(HERE)
      await vi.advanceTimersByTimeAsync(20)
      await vi.waitFor(async () => expect(await stored()).toMatchObject({ problem: kind, problemStatus: status }))
      answer = undefined
      move(north(5))
      await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS + 10)
      expect(calls).toHaveLength(2)
      await vi.waitFor(async () => expect((await stored())?.problem).toBeUndefined())
      expect((await stored())?.problemStatus).toBeUndefined()
      stop()
    },
  )

  it("waits out a 429's Retry-After", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const { calls } = shareServer((call) =>
      call.url.endsWith('/position') && calls.length === 1
        ? new Response(JSON.stringify({ success: false, message: 'Too many', code: 'RATE_LIMITED' }), {
            status: 429,
            headers: { 'Retry-After': '40' },
          })
        : undefined,
    )
    const { move, stop } = await startSending()
    move(HERE)
    await vi.advanceTimersByTimeAsync(20)
    expect(calls).toHaveLength(1)
    move(north(50))
    await vi.advanceTimersByTimeAsync(SEND_INTERVAL_MS + 10)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(40_000 - SEND_INTERVAL_MS)
    expect(calls).toHaveLength(2)
    stop()
  })

  it('with no network, tries again soon, and at once when the browser says it is back online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let offline = true
    const { calls } = shareServer(() => (offline ? 'offline' : undefined))
    const { move, stop } = await startSending()
    move(HERE)
    await vi.advanceTimersByTimeAsync(20)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS + 10)
    expect(calls).toHaveLength(2)
    move(north(1))
    offline = false
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(20)
    expect(calls).toHaveLength(3)
    await vi.waitFor(async () => expect((await stored())?.lastSentAt).toBeDefined())
    expect((await stored())?.problem).toBeUndefined()
    stop()
  })

  it('says so when the browser has no geolocation', async () => {
    Reflect.deleteProperty(navigator, 'geolocation')
    await storeSession(session())
    startSender(session())
    await vi.waitFor(async () => expect((await stored())?.problem).toBe('unsupported'))
  })
})
