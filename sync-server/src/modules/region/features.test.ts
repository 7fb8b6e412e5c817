import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hoursBits, loadFeatures, type RegionFeatures } from './features.ts'
import { FEATURES_FILE, importRegion, regionDir } from './import.ts'
import { loadRegion } from './region.ts'

const SOUTH = fileURLToPath(new URL('../../../../../shared/data/india-mumbai-south.osm.pbf', import.meta.url))
const sum = (a: ArrayLike<number>) => Array.from(a).reduce((x, y) => x + y, 0)

describe('after-dark bits of a place', () => {
  it('reads shops and food by opening_hours, stops by their service hours, the rest not at all', () => {
    expect(hoursBits('shops', { shop: 'clothes', opening_hours: 'Mo-Sa 10:00-19:00' })).toBe(1) // known, closed after dark
    expect(hoursBits('food', { amenity: 'cafe', opening_hours: '08:00-22:00' })).toBe(1 | 2) // open at 20:00 only
    expect(hoursBits('shops', { shop: 'kiosk', opening_hours: '18:00-02:00' })).toBe(1 | 2 | 4)
    expect(hoursBits('shops', { shop: 'bakery' })).toBe(0) // no hours: its kind's default
    expect(hoursBits('shops', { shop: 'bakery', opening_hours: 'sunrise-sunset' })).toBe(0)
    expect(hoursBits('shops', { shop: 'chemist', opening_hours: '24/7' })).toBe(0) // counted in open24h
    expect(hoursBits('transport', { highway: 'bus_stop' })).toBe(8) // not served at 23:00
    expect(hoursBits('transport', { railway: 'station' })).toBe(0)
    expect(hoursBits('help', { amenity: 'police', opening_hours: '09:00-17:00' })).toBe(0)
  })
})

describe('after-dark columns of the south Mumbai import', () => {
  let dataDir: string
  let f: RegionFeatures
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-features-'))
    const meta = importRegion({ dataDir, files: [SOUTH] }).meta
    f = loadFeatures(join(regionDir(dataDir), FEATURES_FILE), meta?.counts.edges ?? 0)
  }, 60_000)
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('counts places with hours, those open at each band and the stops not served at night', () => {
    expect(sum(f.hoursShops) + sum(f.hoursFood)).toBeGreaterThan(0)
    expect(sum(f.unservedNight)).toBeGreaterThan(100)
    for (let e = 0; e < f.roadClass.length; e++) {
      const known = (f.hoursShops[e] as number) + (f.hoursFood[e] as number)
      expect(f.hoursShops[e]).toBeLessThanOrEqual(f.shops[e] as number)
      expect(f.hoursFood[e]).toBeLessThanOrEqual(f.food[e] as number)
      expect(f.openNight[e]).toBeLessThanOrEqual(known)
      expect(f.openEvening[e]).toBeLessThanOrEqual(known)
      expect(f.unservedNight[e]).toBeLessThanOrEqual(f.transport[e] as number)
    }
  })

  it('still loads a features file of the previous version, without the after-dark columns, and says so', () => {
    const file = join(regionDir(dataDir), FEATURES_FILE)
    const current = readFileSync(file)
    const n = f.roadClass.length
    const padded = (bytes: number) => bytes + ((4 - (bytes % 4)) % 4)
    // Version 1: the same header and the first ten columns (3 of one byte, 7 of two).
    const v1Length = 12 + 3 * padded(n) + 7 * padded(2 * n)
    const v1 = Buffer.from(current.subarray(0, v1Length))
    v1.write('WINGSFT1', 0, 'latin1')
    writeFileSync(file, v1)
    try {
      const old = loadFeatures(file, n)
      expect(Array.from(old.shops)).toEqual(Array.from(f.shops))
      expect(Array.from(old.cameras)).toEqual(Array.from(f.cameras))
      expect(sum(old.hoursShops) + sum(old.unservedNight)).toBe(0)
      const region = loadRegion(dataDir)
      expect(region?.featuresOutdated).toBe(true)
    } finally {
      writeFileSync(file, current)
    }
    expect(loadRegion(dataDir)?.featuresOutdated).toBeUndefined()
  })

  it('refuses a file that is not a features file', () => {
    const file = join(dataDir, 'not-features.bin')
    writeFileSync(file, Buffer.from('WINGSFT9\u0000\u0000\u0000\u0000'))
    expect(() => loadFeatures(file, 0)).toThrow(/Not a Wings features file/)
  })
})
