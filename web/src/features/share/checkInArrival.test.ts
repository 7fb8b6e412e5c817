import { offsetNorth } from '@wings/geo'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { rememberPosition } from '../sos/index.ts'
import {
  ARRIVAL_RADIUS_M,
  arrivalOf,
  type CheckInPlan,
  currentPlan,
  isAt,
  setArrivalOn,
  watchArrival,
} from './checkInArrival.ts'
import { readShare } from './session.ts'
import { minutesFromNow, session, storeSession, TOKEN } from './testing.ts'

const MARKET = { name: 'Crawford Market', lat: 18.9477, lon: 72.8347 }
/** `meters` north of the market. */
const north = (meters: number) => offsetNorth(MARKET, meters).lat
const fix = (over: Partial<{ lat: number; lon: number; accuracy: number; at: number }> = {}) => ({
  lat: MARKET.lat,
  lon: MARKET.lon,
  accuracy: 10,
  at: Date.now(),
  ...over,
})

describe('arriving', () => {
  const now = Date.now()
  const deadline = new Date(now + 30 * 60_000).toISOString()
  const plan: CheckInPlan = { deadline, arrival: MARKET, setAt: now - 60_000, accountId: null }
  const planned = session({ checkIn: { deadline }, checkInPlan: plan })

  it(`counts a precise fix within ${ARRIVAL_RADIUS_M} m, not one further or vaguer than the radius`, () => {
    expect(ARRIVAL_RADIUS_M).toBe(100)
    expect(isAt(MARKET, fix({ lat: north(95) }))).toBe(true)
    expect(isAt(MARKET, fix({ lat: north(110) }))).toBe(false)
    expect(isAt(MARKET, fix({ lat: north(140) }))).toBe(false)
    expect(isAt(MARKET, fix({ lat: north(50), accuracy: 100 }))).toBe(true)
    expect(isAt(MARKET, fix({ accuracy: 101 }))).toBe(false)
  })

  it('does not apply once she turned it off for this check-in', () => {
    const off = { ...planned, checkInPlan: { ...plan, arrivalOff: true } }
    expect(arrivalOf(off, fix(), TOKEN, deadline, now)).toBeNull()
  })

  it('applies only to the current check-in with a place, before its deadline, with a fix taken after it was set', () => {
    expect(arrivalOf(planned, fix(), TOKEN, deadline, now)).toEqual(MARKET)
    expect(arrivalOf(planned, fix({ lat: north(300) }), TOKEN, deadline, now)).toBeNull()
    expect(arrivalOf(planned, null, TOKEN, deadline, now)).toBeNull()
    expect(arrivalOf(planned, fix({ at: now - 120_000 }), TOKEN, deadline, now)).toBeNull()
    expect(arrivalOf(planned, fix(), TOKEN, deadline, Date.parse(deadline))).toBeNull()
    expect(arrivalOf(planned, fix(), 'x'.repeat(43), deadline, now)).toBeNull()
    expect(arrivalOf({ ...planned, safeAt: new Date(now).toISOString() }, fix(), TOKEN, deadline, now)).toBeNull()
    expect(arrivalOf({ ...planned, checkInPlan: { ...plan, arrivedAt: 'x' } }, fix(), TOKEN, deadline, now)).toBeNull()
    const { arrival: _, ...noPlace } = plan
    expect(arrivalOf({ ...planned, checkInPlan: noPlace }, fix(), TOKEN, deadline, now)).toBeNull()
    // A newer check-in on the same share: the old plan no longer applies.
    const later = new Date(now + 60 * 60_000).toISOString()
    const moved = { ...planned, checkIn: { deadline: later } }
    expect(currentPlan(moved)).toBeNull()
    expect(arrivalOf(moved, fix(), TOKEN, later, now)).toBeNull()
  })
})

describe('watchArrival', () => {
  beforeEach(clearDb)
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls back once when her position comes within the radius, and marks it in the record', async () => {
    const deadline = minutesFromNow(30)
    await storeSession(
      session({ checkIn: { deadline }, checkInPlan: { deadline, arrival: MARKET, setAt: Date.now() - 1_000 } }),
    )
    const arrived = vi.fn()
    const stop = watchArrival(TOKEN, deadline, arrived)
    await rememberPosition(fix({ lat: north(400) }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(arrived).not.toHaveBeenCalled()
    await rememberPosition(fix({ lat: north(150) }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(arrived).not.toHaveBeenCalled()
    const at = Date.now() - 200
    await rememberPosition(fix({ lat: north(80), at }))
    // Arrived when the fix was taken, not when it was noticed.
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledWith(MARKET, new Date(at).toISOString()))
    await rememberPosition(fix({ lat: north(50) }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(arrived).toHaveBeenCalledTimes(1)
    expect((await readShare())?.checkInPlan?.arrivedAt).toBe(new Date(at).toISOString())
    stop()
  })

  it('does nothing on arrival while she has turned it off, and again once she turns it back on', async () => {
    const deadline = minutesFromNow(30)
    await storeSession(
      session({ checkIn: { deadline }, checkInPlan: { deadline, arrival: MARKET, setAt: Date.now() - 1_000 } }),
    )
    await setArrivalOn(TOKEN, false)
    expect((await readShare())?.checkInPlan?.arrivalOff).toBe(true)
    const arrived = vi.fn()
    const stop = watchArrival(TOKEN, deadline, arrived)
    await rememberPosition(fix())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(arrived).not.toHaveBeenCalled()
    expect((await readShare())?.checkInPlan?.arrivedAt).toBeUndefined()
    await setArrivalOn(TOKEN, true)
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledTimes(1))
    stop()
  })

  it('stops watching when told', async () => {
    const deadline = minutesFromNow(30)
    await storeSession(session({ checkIn: { deadline }, checkInPlan: { deadline, arrival: MARKET, setAt: 0 } }))
    const arrived = vi.fn()
    watchArrival(TOKEN, deadline, arrived)()
    await rememberPosition(fix())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(arrived).not.toHaveBeenCalled()
  })
})
