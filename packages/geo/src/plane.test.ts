import { describe, expect, it } from 'vitest'
import { haversine, METRES_PER_DEGREE } from './distance.ts'
import {
  bboxKm2,
  metresPerDegreeLon,
  metresToSegment,
  offsetNorth,
  segmentDistance2,
  segmentFraction,
} from './plane.ts'

describe('the local plane', () => {
  it.each([
    [0, 1],
    [60, 0.5],
  ])('makes a degree of longitude at %f° %f of a degree of latitude', (lat, share) => {
    expect(metresPerDegreeLon(lat)).toBeCloseTo(METRES_PER_DEGREE * share, 6)
  })

  it('moves a point north by metres, keeping its other fields', () => {
    const here = { lat: 18.956, lon: 72.8156, name: 'market' }
    const there = offsetNorth(here, 30)
    expect(there).toMatchObject({ lon: 72.8156, name: 'market' })
    expect(haversine(here.lat, here.lon, there.lat, there.lon)).toBeCloseTo(30, 6)
    expect(offsetNorth(there, -30).lat).toBeCloseTo(here.lat, 12)
  })

  it.each([
    ['before the start', [-1, 1], 0, 2],
    ['beside the middle', [2, 3], 0.5, 9],
    ['past the end', [6, 0], 1, 4],
  ] as const)('finds the closest point of a segment %s', (_, [px, py], t, d2) => {
    expect(segmentFraction(px, py, 0, 0, 4, 0)).toBe(t)
    expect(segmentDistance2(px, py, 0, 0, 4, 0)).toBeCloseTo(d2, 12)
  })

  it('treats a segment of no length as its point', () => {
    expect(segmentFraction(3, 4, 0, 0, 0, 0)).toBe(0)
    expect(segmentDistance2(3, 4, 0, 0, 0, 0)).toBe(25)
  })

  it('measures metres from a point to a segment in degrees', () => {
    const lat = 18.956
    const lon = 72.8156
    const west = lon - 0.001
    const east = lon + 0.001
    const north = offsetNorth({ lat, lon }, 50).lat
    const hit = metresToSegment(lat, lon, north, west, north, east)
    expect(hit.distance).toBeCloseTo(50, 3)
    expect(hit.lat).toBeCloseTo(north, 12)
    expect(hit.lon).toBeCloseTo(lon, 9)
  })

  it('gives a box its area in km²', () => {
    expect(bboxKm2([72.8, 18.9, 72.8, 19])).toBe(0)
    const km = METRES_PER_DEGREE / 1000
    expect(bboxKm2([0, -0.5, 1, 0.5])).toBeCloseTo(km * km * Math.cos(0), 9)
  })
})
