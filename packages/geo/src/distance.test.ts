import { describe, expect, it } from 'vitest'
import { EARTH_RADIUS_M, equirectangularMetres, haversine, METRES_PER_DEGREE } from './distance.ts'

describe('distances', () => {
  it('derives metres per degree from the one Earth radius', () => {
    expect(EARTH_RADIUS_M).toBe(6_371_008.8)
    expect(METRES_PER_DEGREE).toBeCloseTo(111_195.08, 2)
    expect(haversine(10, 20, 11, 20)).toBeCloseTo(METRES_PER_DEGREE, 6)
  })

  it('measures a known great-circle distance (Mumbai CST to Pune station, about 120 km)', () => {
    expect(haversine(18.9398, 72.8355, 18.5286, 73.8743) / 1000).toBeCloseTo(118.9, 0)
    expect(haversine(0, 0, 0, 180)).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3)
    expect(haversine(18.95, 72.82, 18.95, 72.82)).toBe(0)
  })

  it.each([
    [18.956, 72.8156, 18.9563, 72.8156],
    [18.956, 72.8156, 18.9575, 72.8171],
    [-33.9, 151.2, -33.905, 151.21],
  ])('agrees with haversine within a city: (%f, %f) to (%f, %f)', (lat1, lon1, lat2, lon2) => {
    const great = haversine(lat1, lon1, lat2, lon2)
    expect(Math.abs(equirectangularMetres(lat1, lon1, lat2, lon2) - great)).toBeLessThan(great * 1e-4)
  })
})
