import type { FoundRoute } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { foundRoute } from '../../test/fixtures.ts'
import { PhoneRouteError } from './client.ts'
import { PHONE_AFTER_MS, raceRoutes } from './race.ts'

const SERVER = [foundRoute({ label: 'Fastest', safetyScore: 60 })]
const PHONE = [foundRoute({ label: 'Safest', safetyScore: 70 })]
const NETWORK = new ApiError(0, 'Cannot reach Wings', 'NETWORK_ERROR', false)
const REFUSED = new ApiError(422, 'at must be an ISO date-time', 'VALIDATION_ERROR', true)

/** A promise settled by hand. */
function later<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

describe('the server or the phone', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('offline, only the phone plans, and says the date of its data', async () => {
    const server = vi.fn()
    const result = await raceRoutes({
      online: false,
      server,
      phone: async () => ({ routes: PHONE, dataDate: '2026-11-19' }),
    })
    expect(result).toEqual({ routes: PHONE, onPhone: { dataDate: '2026-11-19' } })
    expect(server).not.toHaveBeenCalled()
  })

  it('online, a server answering within 3 s is shown and the phone is not asked', async () => {
    const phone = vi.fn()
    const answer = later<FoundRoute[]>()
    const race = raceRoutes({ online: true, server: () => answer.promise, phone })
    await vi.advanceTimersByTimeAsync(PHONE_AFTER_MS - 1)
    answer.resolve(SERVER)
    expect(await race).toEqual({ routes: SERVER, onPhone: null })
    await vi.advanceTimersByTimeAsync(PHONE_AFTER_MS)
    expect(phone).not.toHaveBeenCalled()
  })

  it('a server silent for 3 s: the phone answers; the server answering later replaces it', async () => {
    const answer = later<FoundRoute[]>()
    const onServerLater = vi.fn()
    const phone = vi.fn(async () => ({ routes: PHONE, dataDate: '2026-11-19' }))
    const race = raceRoutes({ online: true, server: () => answer.promise, phone, onServerLater })
    await vi.advanceTimersByTimeAsync(PHONE_AFTER_MS - 10)
    expect(phone).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(10)
    expect(await race).toEqual({ routes: PHONE, onPhone: { dataDate: '2026-11-19' } })
    answer.resolve(SERVER)
    await vi.advanceTimersByTimeAsync(0)
    expect(onServerLater).toHaveBeenCalledWith(SERVER)
  })

  it('a server that cannot be reached: the phone at once', async () => {
    const phone = vi.fn(async () => ({ routes: PHONE, dataDate: '' }))
    const result = await raceRoutes({ online: true, server: () => Promise.reject(NETWORK), phone })
    expect(result.onPhone).toEqual({ dataDate: '' })
  })

  it("the server's refusal is its answer; the phone's reason comes when the server is unreachable", async () => {
    await expect(raceRoutes({ online: true, server: () => Promise.reject(REFUSED), phone: vi.fn() })).rejects.toBe(
      REFUSED,
    )
    const outside = new PhoneRouteError({ code: 'outside', end: 'destination' })
    await expect(
      raceRoutes({ online: true, server: () => Promise.reject(NETWORK), phone: () => Promise.reject(outside) }),
    ).rejects.toBe(outside)
    // Nothing kept at all: 'needs a connection' (the server's failure) says more.
    const none = new PhoneRouteError({ code: 'none' })
    await expect(
      raceRoutes({ online: true, server: () => Promise.reject(NETWORK), phone: () => Promise.reject(none) }),
    ).rejects.toBe(NETWORK)
  })

  it('a slow server and a phone that cannot plan: the server is waited for', async () => {
    const answer = later<FoundRoute[]>()
    const race = raceRoutes({
      online: true,
      server: () => answer.promise,
      phone: () => Promise.reject(new PhoneRouteError({ code: 'outside', end: 'both' })),
    })
    await vi.advanceTimersByTimeAsync(PHONE_AFTER_MS + 100)
    answer.resolve(SERVER)
    expect(await race).toEqual({ routes: SERVER, onPhone: null })
  })
})
