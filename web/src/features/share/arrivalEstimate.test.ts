import { offsetNorth } from '@wings/geo'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { answer, refuse, server, unreachable } from '../../test/api.ts'
import { foundRoute } from '../../test/fixtures.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { clearDb } from '../../test/sync.ts'
import { rememberPosition } from '../sos/index.ts'
import {
  ArrivalText,
  arrivalDeadline,
  herPosition,
  placeName,
  planArrival,
  positionProblem,
  straightWalkSeconds,
  walkSeconds,
} from './arrivalEstimate.ts'

const HERE = { lat: 18.96543, lon: 72.81634 }
const MARKET = { name: 'Crawford Market', lat: 18.9477, lon: 72.8347 }
const NOW = Date.parse('2026-03-01T12:00:00Z')

describe('the deadline of a check-in on arrival', () => {
  it('is the walk plus a quarter of it, at least 10 minutes, in whole minutes', () => {
    expect(arrivalDeadline(20 * 60, NOW)).toEqual({
      deadline: new Date(NOW + 30 * 60_000),
      walkMinutes: 20,
      spareMinutes: 10,
    })
    expect(arrivalDeadline(100 * 60 + 1, NOW)).toEqual({
      deadline: new Date(NOW + (101 + 26) * 60_000),
      walkMinutes: 101,
      spareMinutes: 26,
    })
    expect(arrivalDeadline(0, NOW)).toMatchObject({ walkMinutes: 1, spareMinutes: 10 })
  })

  it('refuses a walk longer than a check-in can last', () => {
    expect(arrivalDeadline(181 * 60, NOW)).toBe(ArrivalText.tooFar)
    expect(arrivalDeadline(180 * 60, NOW)).toMatchObject({ walkMinutes: 180, spareMinutes: 45 })
  })

  it('walks the straight line with a detour at 4.5 km/h', () => {
    const oneKmNorth = offsetNorth(HERE, 1000)
    expect(straightWalkSeconds(HERE, oneKmNorth)).toBeCloseTo(1120, 0)
  })

  it('names a place by the first part of its address', () => {
    expect(placeName('Crawford Market, Lokmanya Tilak Marg, Mumbai')).toBe('Crawford Market')
    expect(placeName('  Home  ')).toBe('Home')
    expect(placeName('x'.repeat(300))).toHaveLength(200)
  })

  it('words each location error with what to do', () => {
    expect(positionProblem({ code: 1 })).toBe(ArrivalText.denied)
    expect(positionProblem({ code: 2 })).toBe(ArrivalText.unavailable)
    expect(positionProblem({ code: 3 })).toBe(ArrivalText.timeout)
    expect(positionProblem(undefined)).toBe(ArrivalText.unavailable)
  })
})

describe('finding where she is and the walk', () => {
  beforeEach(clearDb)
  afterEach(removeGeolocation)

  it('uses a fresh, precise last known position, else asks the phone', async () => {
    const phone = mockGeolocation(HERE)
    await rememberPosition({ lat: 1, lon: 2, accuracy: 20, at: Date.now() - 10_000 })
    expect(await herPosition()).toMatchObject({ lat: 1, lon: 2 })
    expect(phone.calls).toBe(0)
    await rememberPosition({ lat: 1, lon: 2, accuracy: 20, at: Date.now() - 120_000 })
    expect(await herPosition()).toMatchObject(HERE)
    expect(phone.calls).toBe(1)
  })

  it('says so when the browser cannot locate her', async () => {
    removeGeolocation()
    await expect(herPosition()).rejects.toThrow(ArrivalText.unsupported)
  })

  it('takes the longest foot route, and the straight line when the server cannot route', async () => {
    const walks = (...seconds: number[]) =>
      seconds.map((duration) => foundRoute({ summary: { distance: duration * 1.3, duration } }))
    server.use(
      answer('routeFind', { routes: walks(600, 900) }, { once: true }),
      refuse('routeFind', 422, 'This place is outside the mapped region', { once: true }),
      answer('routeFind', { routes: [] }, { once: true }),
      unreachable('routeFind'),
    )
    expect(await walkSeconds(HERE, MARKET)).toBe(900)
    expect(await walkSeconds(HERE, MARKET)).toBeCloseTo(straightWalkSeconds(HERE, MARKET), 5)
    expect(await walkSeconds(HERE, MARKET)).toBeCloseTo(straightWalkSeconds(HERE, MARKET), 5)
    expect(await walkSeconds(HERE, MARKET)).toBeCloseTo(straightWalkSeconds(HERE, MARKET), 5)
  })

  it('refuses a place she is already at', async () => {
    mockGeolocation({ lat: MARKET.lat + 0.0005, lon: MARKET.lon })
    await expect(planArrival(MARKET)).rejects.toThrow(ArrivalText.alreadyThere)
  })
})
