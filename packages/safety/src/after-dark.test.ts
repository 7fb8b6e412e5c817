import { describe, expect, it } from 'vitest'
import { factorsFromFeatures } from './edge-factors.ts'
import { columnsFromFeatures, type EdgeFeatures } from './edge-features.ts'
import { SafetyInputError } from './errors.ts'
import { routeSafetySummary } from './reasons.ts'
import { edgeScore, fillRiskArray } from './risk.ts'
import { servedAtHour } from './service-hours.ts'
import { TIMES_OF_DAY } from './time-of-day.ts'

// Six shops near a street: by default (no opening_hours) a shop draws a tenth of its daytime crowd at night.
const shopsUnknown: EdgeFeatures = { roadClass: 'residential', shops: 6 }
const shopsClosed: EdgeFeatures = { ...shopsUnknown, hoursShops: 6, openEvening: 0, openNight: 0 }
const shopsOpenLate: EdgeFeatures = { ...shopsUnknown, hoursShops: 6, openEvening: 6, openNight: 6 }
const stops: EdgeFeatures = { roadClass: 'residential', transport: 3 }
const stopsUnserved: EdgeFeatures = { ...stops, unservedNight: 3 }

describe('places and stops by their hours', () => {
  it('counts shops closed by their opening_hours as nobody after dark, and open ones as open', () => {
    for (const time of ['evening', 'night'] as const) {
      const crowd = (f: EdgeFeatures) => factorsFromFeatures(f, time).crowd_density
      expect(crowd(shopsClosed)).toBeLessThan(crowd(shopsUnknown))
      expect(crowd(shopsClosed)).toBe(factorsFromFeatures({ roadClass: 'residential' }, time).crowd_density)
      expect(crowd(shopsOpenLate)).toBeGreaterThan(crowd(shopsUnknown))
      expect(edgeScore(shopsClosed, time)).toBeLessThan(edgeScore(shopsOpenLate, time))
      expect(factorsFromFeatures(shopsOpenLate, time).light_intensity).toBeGreaterThan(
        factorsFromFeatures(shopsClosed, time).light_intensity,
      )
    }
  })

  it('leaves the day as it was: most places are open by day', () => {
    expect(edgeScore(shopsClosed, 'day')).toBe(edgeScore(shopsUnknown, 'day'))
    expect(edgeScore(stopsUnserved, 'day')).toBe(edgeScore(stops, 'day'))
  })

  it('counts stops not served at night as no activity at night only', () => {
    expect(factorsFromFeatures(stopsUnserved, 'night').crowd_density).toBeLessThan(
      factorsFromFeatures(stops, 'night').crowd_density,
    )
    expect(edgeScore(stopsUnserved, 'evening')).toBe(edgeScore(stops, 'evening'))
  })

  it('never goes below nothing when the hour counts exceed the kind counts', () => {
    const odd: EdgeFeatures = { roadClass: 'residential', shops: 1, hoursShops: 5, transport: 0, unservedNight: 4 }
    expect(factorsFromFeatures(odd, 'night').crowd_density).toBe(
      factorsFromFeatures({ roadClass: 'residential' }, 'night').crowd_density,
    )
  })

  it('agrees between the object form and the columns the router keeps', () => {
    const edges = [shopsUnknown, shopsClosed, shopsOpenLate, stops, stopsUnserved]
    const cols = columnsFromFeatures(edges)
    for (const time of TIMES_OF_DAY) {
      const risk = fillRiskArray(cols, time, new Float32Array(edges.length))
      edges.forEach((f, i) => {
        expect(risk[i]).toBeCloseTo(1 - edgeScore(f, time) / 100, 5)
      })
    }
  })

  it('refuses a negative or non-numeric hour count', () => {
    expect(() => factorsFromFeatures({ roadClass: 'residential', openNight: -1 }, 'night')).toThrow(SafetyInputError)
    expect(() =>
      factorsFromFeatures({ roadClass: 'residential', unservedNight: 'many' } as unknown as EdgeFeatures, 'night'),
    ).toThrow(/unservedNight/)
  })
})

describe('when stops are served', () => {
  it('uses the stop kind rule unless the stop is tagged', () => {
    expect(servedAtHour({ highway: 'bus_stop' }, 22.5)).toBe(true)
    expect(servedAtHour({ highway: 'bus_stop' }, 23)).toBe(false)
    expect(servedAtHour({ highway: 'bus_stop' }, 5)).toBe(false)
    expect(servedAtHour({ railway: 'station' }, 23)).toBe(true)
    expect(servedAtHour({ railway: 'station' }, 0.5)).toBe(true)
    expect(servedAtHour({ railway: 'station' }, 2)).toBe(false)
    expect(servedAtHour({ railway: 'station' }, 4.5)).toBe(true)
    expect(servedAtHour({ highway: 'bus_stop', opening_hours: '24/7' }, 2)).toBe(true)
    expect(servedAtHour({ railway: 'station', opening_hours: '06:00-22:00' }, 23)).toBe(false)
  })
})

describe('reasons after dark', () => {
  const route = [
    { length: 200, features: { ...shopsClosed, transport: 2, unservedNight: 2 } },
    // The next edge shares two of those shops and one stop, and adds one shop of its own.
    { length: 200, features: { roadClass: 'residential', shops: 3, hoursShops: 3, openNight: 0, openEvening: 3 } },
  ]

  it('says how many shops are closed, and that stops are unserved, at night, without counting shared shops twice', () => {
    const night = routeSafetySummary(route, 'night').reasons
    expect(night).toContain('6 shops and cafés on this route are closed by 23:00')
    expect(night).toContain('Stops on this route are not served after 23:00')
    const evening = routeSafetySummary(route, 'evening').reasons
    expect(evening).toContain('6 shops and cafés on this route are closed by 20:00')
    expect(evening.some((r) => r.includes('not served'))).toBe(false)
    const day = routeSafetySummary(route, 'day').reasons
    expect(day.some((r) => r.includes('closed by') || r.includes('not served'))).toBe(false)
  })

  it('says how many nearby reports were at night, after dark only', () => {
    const options = { incidentsNearby: 3, nightIncidentsNearby: 2 }
    expect(routeSafetySummary(route, 'night', options).reasons).toContain('2 reports here were at night')
    expect(routeSafetySummary(route, 'day', options).reasons.some((r) => r.includes('at night'))).toBe(false)
    expect(() => routeSafetySummary(route, 'night', { nightIncidentsNearby: 1.5 })).toThrow(SafetyInputError)
  })
})
