import { offsetNorth } from '@wings/geo'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { rememberPosition } from '../sos/index.ts'
import { ARRIVAL_RADIUS_M, arrivalOf, type CheckInPlan, currentPlan, isAt, watchArrival } from './checkInArrival.ts'
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

  it(`counts a precise fix within ${ARRIVAL_RADIUS_M} m, not one further or too vague`, () => {
    expect(isAt(MARKET, fix({ lat: north(140) }))).toBe(true)
    expect(isAt(MARKET, fix({ lat: north(160) }))).toBe(false)
    expect(isAt(MARKET, fix({ accuracy: 101 }))).toBe(false)
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
    await rememberPosition(fix({ lat: north(100) }))
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledWith(MARKET))
    await rememberPosition(fix({ lat: north(50) }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(arrived).toHaveBeenCalledTimes(1)
    expect((await readShare())?.checkInPlan?.arrivedAt).toBeDefined()
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
