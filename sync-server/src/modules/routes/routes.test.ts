import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { decodePolyline } from '@wings/geo/polyline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import type { Config } from '../../config.ts'
import { expectError } from '../../testing/answers.ts'
import { createTestApp, postRaw, type TestApp } from '../../testing/test-app.ts'

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }

// Monaco: the Casino (Monte-Carlo) and the Prince's Palace (Monaco-Ville); Mumbai: Haji Ali and Grant Road station.
const CASINO: [number, number] = [43.7396, 7.4276]
const PALACE: [number, number] = [43.7315, 7.4203]
const HAJI_ALI: [number, number] = [18.97764, 72.80904]
const GRANT_ROAD: [number, number] = [18.96335, 72.81583]
const NIGHT = '2024-03-01T23:30:00Z'

interface FoundRoute {
  geometry: string
  summary: { distance: number; duration: number }
  safetyScore: number
  label: string
  labels: string[]
  safety: {
    unlitMeters: number
    litMeters: number
    litStreets: number
    unlitStreets: number
    incidentsNearby: number
    lowestScoreStretch: { score: number; meters: number }
    reasons: string[]
  }
}

async function importInto(file: string, overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-route-'))
  expect(runImportRegion([join(DATA, file)], { DATA_DIR: dataDir }, silent)).toBe(0)
  const t = await createTestApp({ dataDir, ...overrides })
  return {
    ...t,
    async close() {
      await t.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function find(t: TestApp, payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/route/find', payload: payload as object })
}

function checkRoutes(routes: FoundRoute[], bbox: number[]) {
  expect(routes.length).toBeGreaterThanOrEqual(1)
  expect(routes.length).toBeLessThanOrEqual(3)
  expect(routes[0]?.label).toBe('Fastest')
  // Every label on one route exactly; a route carries each it earned, in a stable order, the first as `label`.
  expect(routes.flatMap((r) => r.labels).sort()).toEqual(['Balanced', 'Fastest', 'Safest'])
  const [minLon, minLat, maxLon, maxLat] = bbox as [number, number, number, number]
  for (const r of routes) {
    expect(r.labels.length).toBeGreaterThan(0)
    expect(r.label).toBe(r.labels[0])
    expect(r.labels).toEqual(['Fastest', 'Safest', 'Balanced'].filter((l) => r.labels.includes(l)))
    const { litMeters, unlitMeters, litStreets, unlitStreets, incidentsNearby } = r.safety
    for (const n of [litMeters, unlitMeters, litStreets, unlitStreets, incidentsNearby]) {
      expect(Number.isInteger(n) && n >= 0).toBe(true)
    }
    expect(litMeters + unlitMeters).toBeLessThanOrEqual(r.summary.distance + 1)
    expect(r.summary.distance).toBeGreaterThan(0)
    expect(r.summary.duration).toBeGreaterThan(0)
    expect(Number.isInteger(r.safetyScore)).toBe(true)
    expect(r.safetyScore).toBeGreaterThanOrEqual(0)
    expect(r.safetyScore).toBeLessThanOrEqual(100)
    expect(r.safety.reasons.length).toBeGreaterThan(0)
    expect(r.safety.unlitMeters).toBeGreaterThanOrEqual(0)
    expect(r.safety.lowestScoreStretch.score).toBeLessThanOrEqual(r.safetyScore + 1)
    const points = decodePolyline(r.geometry)
    expect(points.length).toBeGreaterThanOrEqual(2)
    for (const [lat, lon] of points) {
      expect(lat).toBeGreaterThanOrEqual(minLat - 1e-5)
      expect(lat).toBeLessThanOrEqual(maxLat + 1e-5)
      expect(lon).toBeGreaterThanOrEqual(minLon - 1e-5)
      expect(lon).toBeLessThanOrEqual(maxLon + 1e-5)
    }
  }
  // None dominated: no route both slower and lower-scored than another (by time: a longer drive on faster roads
  // can be quicker).
  for (const a of routes) {
    for (const b of routes) {
      if (a === b) continue
      expect(a.summary.duration > b.summary.duration && a.safetyScore < b.safetyScore, `${a.label} vs ${b.label}`).toBe(
        false,
      )
    }
  }
}

describe('before any import', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('region routes answer 503 No region imported yet', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/region' }),
      await find(t, { source: CASINO, destination: PALACE, mode: 'foot' }),
    ]) {
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ success: false, message: 'No region imported yet', code: 'SERVICE_UNAVAILABLE' })
    }
  })
})

describe('monaco', () => {
  let t: TestApp
  let bbox: number[]
  beforeAll(async () => {
    t = await importInto('monaco.osm.pbf')
    bbox = (await t.app.inject({ method: 'GET', url: '/api/region' })).json().bbox
  })
  afterAll(() => t.close())

  it('GET /api/region', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/region' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual([
      'attribution',
      'bbox',
      'dataDate',
      'importedAt',
      'name',
      'outline',
      'tileUrl',
    ])
    expect(body).toMatchObject({
      name: 'monaco',
      attribution: '© OpenStreetMap contributors',
      dataDate: '2020-07-19T20:58:03.000Z',
      tileUrl: '/api/tiles/{z}/{x}/{y}.mvt',
    })
    expect(body.bbox).toHaveLength(4)
    expect(body.bbox[0]).toBeLessThan(body.bbox[2])
    expect(body.bbox[1]).toBeLessThan(body.bbox[3])
  })

  it('GET /api/region names the tile URL a deployment configured', async () => {
    const other = await importInto('monaco.osm.pbf', { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' })
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/region' })
      expect(res.json().tileUrl).toBe('https://tiles.example.org/{z}/{x}/{y}.png')
    } finally {
      await other.close()
    }
  })

  it('route/find on foot at night, without signing in', async () => {
    const res = await find(t, { source: CASINO, destination: PALACE, mode: 'foot', at: NIGHT })
    expect(res.statusCode).toBe(200)
    const { routes } = res.json() as { routes: FoundRoute[] }
    checkRoutes(routes, bbox)
    expect(routes[0]?.summary.distance).toBeGreaterThan(800)
    expect(routes[0]?.summary.distance).toBeLessThan(4000)
  })

  it('route/find by car, by bike, at the current time', async () => {
    for (const mode of ['car', 'bike']) {
      const res = await find(t, { source: CASINO, destination: PALACE, mode })
      expect(res.statusCode, res.body).toBe(200)
      checkRoutes(res.json().routes, bbox)
    }
  })

  it('a trip with one way to go: one route carrying all three labels', async () => {
    // Along the Boulevard du Larvotto: the safest and balanced routes are the fastest one.
    const res = await find(t, { source: [43.7447, 7.4333], destination: [43.7432, 7.4321], mode: 'foot', at: NIGHT })
    expect(res.statusCode, res.body).toBe(200)
    const { routes } = res.json() as { routes: FoundRoute[] }
    checkRoutes(routes, bbox)
    expect(routes).toHaveLength(1)
    expect(routes[0]?.labels).toEqual(['Fastest', 'Safest', 'Balanced'])
  })

  it('the score depends on the time of day (night scores lower than day)', async () => {
    const day = (
      await find(t, { source: CASINO, destination: PALACE, mode: 'foot', at: '2024-03-01T12:00:00Z' })
    ).json()
    const night = (await find(t, { source: CASINO, destination: PALACE, mode: 'foot', at: NIGHT })).json()
    expect(night.routes[0].safetyScore).toBeLessThan(day.routes[0].safetyScore)
  })

  it('a point outside the region: 422', async () => {
    const nice: [number, number] = [43.7034, 7.2663]
    const res = await find(t, { source: CASINO, destination: nice, mode: 'foot' })
    expectError(res, 422, 'OUTSIDE_REGION', 'This place is outside the mapped region')
  })

  it('a trip longer than the mode allows: 422 at once, whether or not the points are mapped', async () => {
    const paris: [number, number] = [48.8584, 2.2945]
    const toulon: [number, number] = [43.1242, 5.928] // 136 km in a line
    expectError(
      await find(t, { source: CASINO, destination: toulon, mode: 'foot' }),
      422,
      'TRIP_TOO_LONG',
      'These places are more than 50 km apart: too far to walk',
    )
    expectError(
      await find(t, { source: toulon, destination: CASINO, mode: 'bike' }),
      422,
      'TRIP_TOO_LONG',
      'These places are more than 100 km apart: too far to cycle',
    )
    // Within a drive's 300 km, Toulon is simply outside the region; Paris is too far.
    expectError(
      await find(t, { source: CASINO, destination: toulon, mode: 'car' }),
      422,
      'OUTSIDE_REGION',
      'This place is outside the mapped region',
    )
    expectError(
      await find(t, { source: paris, destination: CASINO, mode: 'car' }),
      422,
      'TRIP_TOO_LONG',
      'These places are more than 300 km apart: too far to plan a drive',
    )
  })

  it('bad bodies: 400 with a message', async () => {
    const bad: [unknown, RegExp][] = [
      [{ source: CASINO, destination: PALACE }, /Mode is required/],
      [{ source: [95, 7.42], destination: PALACE, mode: 'foot' }, /Source latitude must be a number from -90 to 90/],
      [{ source: CASINO, destination: [43.7, 190], mode: 'foot' }, /Destination longitude must be/],
      [{ source: CASINO, destination: PALACE, mode: 'foot', avoid: 'stairs' }, /Unknown field: avoid/],
      [{ source: ['43.7', '7.42'], destination: PALACE, mode: 'foot' }, /Source latitude must be a number/],
      [{ source: '43.7,7.42', destination: PALACE, mode: 'foot' }, /Source must be \[latitude, longitude\]/],
      [{ source: [43.7], destination: PALACE, mode: 'foot' }, /Source must be \[latitude, longitude\]/],
      [{ source: CASINO, destination: PALACE, mode: 'plane' }, /Mode must be car, bike or foot/],
      [{ source: CASINO, destination: PALACE, mode: 'foot', at: 'tonight' }, /at must be an ISO date-time/],
      ['foot', /JSON object/],
    ]
    for (const [payload, message] of bad) {
      const res = await postRaw(t.app, '/api/route/find', JSON.stringify(payload))
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
      expect(res.json().message, JSON.stringify(payload)).toMatch(message)
    }
  })
})

describe('Mumbai south', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await importInto('india-mumbai-south.osm.pbf')
  })
  afterAll(() => t.close())

  it('from Haji Ali to Grant Road station on foot at night and by car', async () => {
    const bbox = (await t.app.inject({ method: 'GET', url: '/api/region' })).json().bbox
    for (const mode of ['foot', 'car']) {
      const res = await find(t, { source: HAJI_ALI, destination: GRANT_ROAD, mode, at: '2024-03-01T17:30:00Z' })
      expect(res.statusCode, res.body).toBe(200)
      const { routes } = res.json() as { routes: FoundRoute[] }
      checkRoutes(routes, bbox)
      // About 2 km as the crow flies.
      expect(routes[0]?.summary.distance).toBeGreaterThan(1800)
      expect(routes[0]?.summary.distance).toBeLessThan(5000)
      if (mode === 'foot') {
        // 23:00 in Kolkata: unmapped lighting is said, not hidden.
        expect(routes[0]?.safety.reasons.join(' ')).toMatch(/lighting is not mapped/i)
        // Three routes that differ, on a 2.5 km walk.
        expect(routes).toHaveLength(3)
      }
    }
  })

  it('drives 1.1 km across Grant Road in over 3 minutes (city traffic), walks it at 4.5 km/h', async () => {
    const kempsCorner: [number, number] = [18.96375, 72.80686]
    const car = (await find(t, { source: GRANT_ROAD, destination: kempsCorner, mode: 'car' })).json().routes[0]
    expect(car.summary.distance).toBeGreaterThan(1000)
    expect(car.summary.distance).toBeLessThan(1300)
    expect(car.summary.duration).toBeGreaterThan(180)
    const walk = (await find(t, { source: GRANT_ROAD, destination: kempsCorner, mode: 'foot' })).json().routes[0]
    expect((walk.summary.distance / walk.summary.duration) * 3.6).toBeCloseTo(4.5, 1)
  })
})
