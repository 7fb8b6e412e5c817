import { describe, expect, it } from 'vitest'
import {
  latToWorldY,
  lonToWorldX,
  MERCATOR_EQUATOR_M,
  metresPerPixel,
  metresPerWorldUnit,
  tileBbox,
  tileOf,
  worldXToLon,
  worldYToLat,
} from './mercator.ts'

// The Casino de Monte-Carlo; tiles checked against the OSM wiki's slippy-map formula (and openstreetmap.org).
const CASINO = { lat: 43.7394, lon: 7.4286 }

describe('Web Mercator tile math', () => {
  it('finds the known tiles of a Monaco point', () => {
    expect(tileOf(CASINO.lat, CASINO.lon, 0)).toEqual({ x: 0, y: 0 })
    expect(tileOf(CASINO.lat, CASINO.lon, 10)).toEqual({ x: 533, y: 373 })
    expect(tileOf(CASINO.lat, CASINO.lon, 15)).toEqual({ x: 17060, y: 11947 })
    expect(tileOf(CASINO.lat, CASINO.lon, 16)).toEqual({ x: 34120, y: 23895 })
  })

  it('gives a tile bbox that holds the point, and adjacent tiles share edges', () => {
    const b = tileBbox(16, 34120, 23895)
    expect(b.west).toBeLessThan(CASINO.lon)
    expect(b.east).toBeGreaterThan(CASINO.lon)
    expect(b.south).toBeLessThan(CASINO.lat)
    expect(b.north).toBeGreaterThan(CASINO.lat)
    expect(tileBbox(16, 34121, 23895).west).toBeCloseTo(b.east, 12)
    expect(tileBbox(16, 34120, 23896).north).toBeCloseTo(b.south, 12)
    expect(tileBbox(0, 0, 0).north).toBeCloseTo(85.0511287798, 9)
    expect(tileBbox(0, 0, 0).west).toBe(-180)
  })

  it('round-trips between degrees and world units', () => {
    for (const [lat, lon] of [
      [0, 0],
      [43.7394, 7.4286],
      [18.96, 72.82],
      [-33.9, 151.2],
    ] as const) {
      expect(worldYToLat(latToWorldY(lat))).toBeCloseTo(lat, 10)
      expect(worldXToLon(lonToWorldX(lon))).toBeCloseTo(lon, 10)
    }
    expect(latToWorldY(0)).toBeCloseTo(0.5, 15)
  })

  it('scales metres with the latitude', () => {
    expect(metresPerWorldUnit(0.5)).toBeCloseTo(MERCATOR_EQUATOR_M, 6)
    expect(metresPerWorldUnit(latToWorldY(60))).toBeCloseTo(MERCATOR_EQUATOR_M / 2, 3)
    expect(metresPerPixel(0, 0)).toBeCloseTo(MERCATOR_EQUATOR_M / 256, 6)
    expect(metresPerPixel(60, 1)).toBeCloseTo(MERCATOR_EQUATOR_M / 1024, 3)
    expect(metresPerPixel(90, 0)).toBeGreaterThan(0)
  })
})
