// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction.
/**
 * The phone plans as the server does (issue 28, "the same code on both sides"): for random trips inside a kept area,
 * planRoutes on the bundle that GET /api/offline/area answers gives exactly POST /api/route/find's JSON (routes,
 * lines, distances, durations, scores, labels, reasons, lit streets, incidents nearby), or the same refusal.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AreaBundle, decodeAreaBundle, OfflinePlanError, planRoutes } from '@wings/area-bundle'
import type { RouteFindBody, RouteFindResponse } from '@wings/contract'
import { seededRandom } from '@wings/geo/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/connection.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { floorToHour, snapToGrid } from '../incidents/grid.ts'
import { createIncidentsRepo } from '../incidents/repo.ts'
import { createRatingsRepo } from '../ratings/repo.ts'
import { saveFeatures } from '../region/features.ts'
import { FEATURES_FILE, REGION_DATABASE_FILE, regionDir } from '../region/import.ts'
import { loadRegion } from '../region/region.ts'
import { GRANT_ROAD, GRANT_ROAD_BOX, MUMBAI, silent } from './testing.ts'

const BOX = GRANT_ROAD_BOX
const DAY = 86_400_000
// Noon, 20:00 and half past midnight in Mumbai (UTC+5:30).
const AT = ['2026-11-25T06:30:00Z', '2026-11-25T14:30:00Z', '2026-11-25T19:00:00Z'] as const
const TRIPS = 240

let dataDir: string
let t: TestApp
let bundle: AreaBundle

/**
 * Published reports in and around the box over the last two years (those over a year old weigh on the risks but are
 * not "nearby"), stored as the service stores them (grid centre, hour), and ratings on a third of the edges.
 */
function addSignals() {
  const db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
  const rnd = seededRandom(41)
  const incidents = createIncidentsRepo(db)
  const categories = ['harassment', 'theft', 'poor lighting', 'stalking', 'assault'] as const
  for (let i = 0; i < 200; i++) {
    // Away from the 365-day line by at least a day, so the clock moving during the test changes nothing.
    const days = i % 5 === 4 ? 367 + Math.floor(rnd() * 300) : 1 + Math.floor(rnd() * 362)
    incidents.queue({
      id: `parity${String(i).padStart(18, '0')}`,
      category: categories[i % categories.length]!,
      ...snapToGrid(BOX[1] - 0.01 + rnd() * (BOX[3] - BOX[1] + 0.02), BOX[0] - 0.01 + rnd() * (BOX[2] - BOX[0] + 0.02)),
      occurredAt: floorToHour(Date.now() - days * DAY - Math.floor(rnd() * 24) * 3_600_000),
      description: null,
    })
  }
  incidents.publishBatch()
  incidents.publishBatch()
  const region = loadRegion(dataDir)!
  // The extract maps almost no lighting here: half its streets, by name or way, are mapped unlit now. (Unlit only:
  // that never lowers an edge's risk under the landmarks' floor, so the server's searches stay exact.)
  const { graph, features } = region
  const dark = new Map<string, boolean>()
  for (let e = 0; e < graph.edgeCount; e++) {
    const street = graph.names[graph.edgeName[e]!] || `way ${graph.edgeWayId[e]}`
    if (!dark.has(street)) dark.set(street, rnd() < 0.5)
    if (dark.get(street) && features.lit[e] === 0) features.lit[e] = 2
  }
  saveFeatures(features, join(regionDir(dataDir), FEATURES_FILE))
  const ratings = createRatingsRepo(db)
  // Rating values -1, -0.5, 0, 0.5 and 1, as ratings 1 to 5 give them.
  for (let e = 0; e < region.graph.edgeCount; e += 3)
    ratings.addToEdges(region.meta.importedAt, [e], Math.floor(rnd() * 5) / 2 - 1)
  db.close()
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-parity-'))
  expect(runImportRegion([MUMBAI], { DATA_DIR: dataDir }, silent)).toBe(0)
  addSignals()
  const limits = loadConfig({}).rateLimits
  const plenty = { max: 100_000, windowMs: 60_000 }
  t = await createTestApp({ dataDir, rateLimits: { ...limits, api: plenty, routeFind: plenty } })
  const q = `south=${BOX[1]}&west=${BOX[0]}&north=${BOX[3]}&east=${BOX[2]}`
  const res = await t.app.inject({ method: 'GET', url: `/api/offline/area?${q}` })
  expect(res.statusCode, res.body).toBe(200)
  bundle = decodeAreaBundle(new Uint8Array(res.rawPayload))
}, 120_000)
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

type Answer = { routes: RouteFindResponse['routes'] } | { status: number; code: string; message: string }

async function server(body: RouteFindBody): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url: '/api/route/find', payload: body })
  const json = res.json()
  return res.statusCode === 200 ? json : { status: res.statusCode, code: json.code, message: json.message }
}

const STATUS: Record<string, number> = {
  OUTSIDE_REGION: 422,
  TRIP_TOO_LONG: 422,
  NOT_FOUND: 404,
  VALIDATION_ERROR: 400,
}

function phone(body: RouteFindBody): Answer {
  try {
    return planRoutes(bundle, body, { now: new Date() })
  } catch (error) {
    if (!(error instanceof OfflinePlanError)) throw error
    return { status: STATUS[error.code] ?? 0, code: error.code, message: error.message }
  }
}

describe('the phone plans as the server does', () => {
  it(`answers POST /api/route/find's JSON for ${TRIPS} random trips inside the kept area, on foot and by car, at every period`, async () => {
    expect(bundle.reports.length).toBeGreaterThan(100)
    const rnd = seededRandom(2028)
    const point = (): [number, number] => [BOX[1] + rnd() * (BOX[3] - BOX[1]), BOX[0] + rnd() * (BOX[2] - BOX[0])]
    const seen = { routes: 0, alternatives: 0, car: 0, nearby: 0, nightReasons: 0, unlitStreets: 0, refused: 0 }
    const periods = new Set<number>()
    for (let trip = 0; trip < TRIPS; trip++) {
      const mode = trip % 3 === 2 ? 'car' : 'foot'
      // Every tenth trip has no `at`: both take their own clock, the same period.
      const at = trip % 10 === 9 ? undefined : AT[trip % 3]!
      const body: RouteFindBody = { source: point(), destination: point(), mode, ...(at ? { at } : {}) }
      const [expected, actual] = [await server(body), phone(body)]
      expect(actual, `trip ${trip}: ${JSON.stringify(body)}`).toEqual(expected)
      if (!('routes' in expected)) {
        seen.refused++
        continue
      }
      periods.add(trip % 3)
      seen.routes += expected.routes.length
      seen.alternatives += expected.routes.length - 1
      if (mode === 'car') seen.car++
      for (const r of expected.routes) {
        if (r.safety.incidentsNearby > 0) seen.nearby++
        if (r.safety.reasons.some((reason) => /at night/.test(reason))) seen.nightReasons++
        if (r.safety.unlitStreets > 0) seen.unlitStreets++
      }
    }
    // The trips exercise what the phone must get right: alternatives, cars, reports near routes, night, lighting.
    expect(seen.alternatives).toBeGreaterThan(TRIPS / 2)
    expect(seen.car).toBeGreaterThan(60)
    expect(seen.nearby).toBeGreaterThan(200)
    expect(seen.nightReasons).toBeGreaterThan(10)
    expect(seen.unlitStreets).toBeGreaterThan(100)
    expect(seen.refused).toBeLessThan(TRIPS / 10)
    expect(periods.size).toBe(3)
  }, 300_000)

  it("refuses what the server refuses, in the server's words, and says which end the phone lacks", async () => {
    const inside: [number, number] = [GRANT_ROAD.lat, GRANT_ROAD.lon]
    const far: [number, number] = [GRANT_ROAD.lat + 0.6, GRANT_ROAD.lon]
    const bad = [
      { source: inside, destination: far, mode: 'foot' }, // more than 50 km
      { source: inside, destination: inside, mode: 'foot', at: 'tomorrow' },
    ] as RouteFindBody[]
    for (const body of bad) {
      const expected = await server(body)
      expect(phone(body), JSON.stringify(body)).toEqual(expected)
    }
    // Outside the box: the server routes it; the phone says which end it lacks, and computes nothing.
    const margin: [number, number] = [BOX[3] + 0.004, GRANT_ROAD.lon]
    expect('routes' in (await server({ source: inside, destination: margin, mode: 'foot' }))).toBe(true)
    expect(phone({ source: inside, destination: margin, mode: 'foot' })).toEqual({
      status: 0,
      code: 'OUTSIDE_KEPT_AREA',
      message: 'The destination is outside the area kept on this phone',
    })
  })
})
