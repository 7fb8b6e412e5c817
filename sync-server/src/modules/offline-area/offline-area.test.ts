// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { type AreaBundle, decodeAreaBundle } from '@wings/area-bundle'
import { OfflineAreaMessages } from '@wings/contract'
import { seededRandom } from '@wings/geo/testing'
import { findRoutes, type LatLon, type Mode, type Route } from '@wings/routing'
import { fillRiskArray, TIMES_OF_DAY } from '@wings/safety'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { type Db, openDatabase } from '../../db/connection.ts'
import { expectError, expectInvalid } from '../../testing/answers.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { createIncidentsRepo } from '../incidents/repo.ts'
import { createNearbyRepo } from '../nearby/repo.ts'
import { createNearbyService } from '../nearby/service.ts'
import { REGION_DATABASE_FILE } from '../region/import.ts'
import { loadRegion, type Region } from '../region/region.ts'
import { createRegionSignals, type RegionSignals } from '../region/signals.ts'
import { createOfflineAreaRepo } from './repo.ts'
import { acceptsGzip } from './routes.ts'
import { createOfflineAreaService, type OfflineAreaService } from './service.ts'
import { GRANT_ROAD, GRANT_ROAD_BOX, MUMBAI, silent } from './testing.ts'

const BOX = GRANT_ROAD_BOX
const query = ([w, s, e, n]: readonly number[]) => `south=${s}&west=${w}&north=${n}&east=${e}`
const NOW = Date.parse('2026-11-25T12:00:00Z')
const HOUR = 3_600_000

let dataDir: string
let region: Region
let db: Db
let signals: RegionSignals
let service: OfflineAreaService

/** Published reports in and around the box, some at night, and ratings on a third of the region's edges. */
function addSignals() {
  const rnd = seededRandom(5)
  const incidents = createIncidentsRepo(db)
  const categories = ['harassment', 'theft', 'poor lighting', 'stalking'] as const
  for (let i = 0; i < 60; i++) {
    incidents.queue({
      id: `report${String(i).padStart(18, '0')}`,
      category: categories[i % categories.length]!,
      lat: Math.round((BOX[1] - 0.003 + rnd() * (BOX[3] - BOX[1] + 0.006)) * 1e6) / 1e6,
      lon: Math.round((BOX[0] - 0.003 + rnd() * (BOX[2] - BOX[0] + 0.006)) * 1e6) / 1e6,
      occurredAt: new Date(NOW - Math.floor(rnd() * 300 * 24) * HOUR).toISOString(),
      description: null,
    })
  }
  incidents.publishBatch()
  incidents.publishBatch()
  const rows = incidents.since('2000-01-01T00:00:00Z')
  expect(rows).toHaveLength(60)
  signals.setIncidents(rows.map((r) => ({ ...r, occurredAtMs: Date.parse(r.occurredAt) })))
  const ratings = []
  for (let e = 0; e < region.graph.edgeCount; e += 3) {
    const count = 1 + Math.floor(rnd() * 4)
    ratings.push({ edge: e, ratings: count, feedbackSum: (rnd() * 2 - 1) * count })
  }
  signals.setRatings(ratings)
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-offline-area-'))
  expect(runImportRegion([MUMBAI], { DATA_DIR: dataDir }, silent)).toBe(0)
  region = loadRegion(dataDir)!
  db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
  signals = createRegionSignals(region, () => NOW)
  addSignals()
  const regions = { require: () => region }
  service = createOfflineAreaService({
    regions,
    repo: createOfflineAreaRepo(db),
    nearby: createNearbyService(regions, createNearbyRepo(db)),
    incidents: createIncidentsRepo(db),
    now: () => NOW,
  })
}, 60_000)
afterAll(() => {
  db.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function build(box = BOX, ifNoneMatch?: string) {
  const answer = service.bundle({ box }, ifNoneMatch)
  if (answer.status !== 200) throw new Error(`answered ${answer.status}`)
  return { ...answer, bundle: decodeAreaBundle(answer.bytes) }
}

/** Region edge ids of the bundle's edges, found by way and end nodes (the bundle does not carry them). */
function regionEdgesOf(bundle: AreaBundle): Uint32Array {
  const g = region.graph
  const key = (graph: typeof g, e: number) =>
    `${graph.edgeWayId[e]}:${graph.nodeOsmId[graph.edgeFrom[e]!]}:${graph.nodeOsmId[graph.edgeTo[e]!]}:${graph.edgeLength[e]}`
  const byKey = new Map<string, number>()
  for (let e = 0; e < g.edgeCount; e++) byKey.set(key(g, e), e)
  return Uint32Array.from({ length: bundle.graph.edgeCount }, (_, i) => byKey.get(key(bundle.graph, i))!)
}

describe('the area bundle of central Mumbai (service)', () => {
  it("carries every road reaching into the box and its margin, edge for edge as the region's graph has it", () => {
    const { bundle } = build()
    const edges = regionEdgesOf(bundle)
    expect(new Set(edges).size).toBe(bundle.graph.edgeCount)
    const g = region.graph
    for (let i = 0; i < bundle.graph.edgeCount; i++) {
      const e = edges[i]!
      expect([bundle.graph.edgeAccess[i], bundle.graph.edgeMain[i], bundle.graph.edgeClass[i]]).toEqual([
        g.edgeAccess[e],
        g.edgeMain[e],
        g.edgeClass[e],
      ])
      expect(bundle.graph.names[bundle.graph.edgeName[i]!]).toBe(g.names[g.edgeName[e]!])
    }
    const [w, s, e, n] = bundle.meta.covered
    const inCovered = (v: number) => {
      const lat = g.nodeLat[v]! / 1e7
      const lon = g.nodeLon[v]! / 1e7
      return lat >= s && lat <= n && lon >= w && lon <= e
    }
    const kept = new Set(edges)
    for (let x = 0; x < g.edgeCount; x++)
      if (inCovered(g.edgeFrom[x]!) || inCovered(g.edgeTo[x]!)) expect(kept.has(x), `edge ${x}`).toBe(true)
    expect(bundle.meta.box).toEqual(BOX)
    expect(bundle.meta.region).toEqual({
      name: region.meta.name,
      importedAt: region.meta.importedAt,
      dataDate: region.meta.dataDate,
      timeZone: 'Asia/Kolkata',
    })
  })

  it("gives the phone the server's risk of every edge, bit for bit, in every period, reports and ratings included", () => {
    const { bundle } = build()
    const edges = regionEdgesOf(bundle)
    let reported = 0
    let rated = 0
    for (const period of TIMES_OF_DAY) {
      const phone = fillRiskArray(bundle.columns[period], period, new Float32Array(bundle.graph.edgeCount))
      const server = Float32Array.from(edges, (e) => region.risk[period][e]!)
      expect(Buffer.from(phone.buffer).equals(Buffer.from(server.buffer)), period).toBe(true)
      reported += bundle.signals.incidentDensity[period].filter((d) => d > 0).length
    }
    rated = bundle.signals.ratingFeedback.filter((r) => r !== 0).length
    expect(reported).toBeGreaterThan(100)
    expect(rated).toBeGreaterThan(100)
  })

  it('finds on the phone the routes the server finds, for 50 random trips inside the box, on foot and by car', () => {
    const { bundle } = build()
    const edges = regionEdgesOf(bundle)
    const rnd = seededRandom(17)
    const point = (): LatLon => [BOX[1] + rnd() * (BOX[3] - BOX[1]), BOX[0] + rnd() * (BOX[2] - BOX[0])]
    const shape = (routes: Route[], map: (e: number) => number) =>
      routes.map((r) => ({
        labels: r.labels,
        edges: Array.from(r.edges, map),
        distance: r.distance,
        duration: r.duration,
        meanRisk: r.meanRisk,
        geometry: r.geometry,
      }))
    const risk = Object.fromEntries(
      TIMES_OF_DAY.map((p) => [p, fillRiskArray(bundle.columns[p], p, new Float32Array(bundle.graph.edgeCount))]),
    )
    let alternatives = 0
    for (let trip = 0; trip < 50; trip++) {
      const mode: Mode = trip % 5 === 4 ? 'car' : 'foot'
      const period = TIMES_OF_DAY[trip % 3]!
      const [from, to] = [point(), point()]
      const server = findRoutes(region.graph, from, to, mode, {
        risk: region.risk[period],
        ...(region.landmarks ? { landmarks: region.landmarks, riskKey: period } : {}),
      })
      const phone = findRoutes(bundle.graph, from, to, mode, { risk: risk[period] })
      expect(
        shape(phone.routes, (e) => edges[e]!),
        `trip ${trip} (${mode}, ${period})`,
      ).toEqual(shape(server.routes, (e) => e))
      alternatives += server.routes.length - 1
    }
    expect(alternatives).toBeGreaterThan(40)
  })

  it('carries the places for search, with their Devanagari names, and the places of help as /api/nearby/area has them', () => {
    const { bundle } = build()
    expect(bundle.places.length).toBeGreaterThan(300)
    const [w, s, e, n] = bundle.meta.covered
    // The reverse geocoder's R-tree keeps 32-bit floats, rounded outwards: a point may be up to a metre outside.
    const d = 1e-5
    const points = bundle.places.filter((p) => p.kind !== 'street')
    expect(points.every((p) => p.lat >= s - d && p.lat <= n + d && p.lon >= w - d && p.lon <= e + d)).toBe(true)
    const devanagari = bundle.places.filter((p) =>
      Object.entries(p.otherNames).some(([k, v]) => /^name:(hi|mr)$/.test(k) && /[\u0900-\u097f]/.test(v)),
    )
    expect(devanagari.length).toBeGreaterThan(10)
    expect(devanagari.some((p) => p.searchNames.some((name) => /[\u0900-\u097f]/.test(name)))).toBe(true)
    expect(bundle.places.some((p) => p.kind === 'street')).toBe(true)
    const nearby = createNearbyService({ require: () => region }, createNearbyRepo(db)).area({ bbox: BOX })
    expect(bundle.nearby).toEqual(nearby)
    expect(bundle.nearby.rows.length).toBeGreaterThan(5)
  })

  it('carries the published incident cells of the area, with no reporter nor description', () => {
    const { bundle } = build()
    expect(bundle.incidents.cellMeters).toBe(50)
    expect(bundle.incidents.cells.length).toBeGreaterThan(30)
    for (const cell of bundle.incidents.cells) expect(Object.keys(cell).sort()).toEqual(['lat', 'lon', 'weight'])
    const weights = bundle.incidents.cells.map((c) => c.weight)
    expect(weights).toEqual([...weights].sort((a, b) => b - a))
  })

  it('is the same bytes until a rating or a report changes the area, then gets a new signals version', () => {
    const first = build()
    const again = build()
    expect(again.etag).toBe(first.etag)
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    expect(service.bundle({ box: BOX }, first.etag)).toEqual({ status: 304, etag: first.etag })
    expect(service.bundle({ box: BOX }, `W/${first.etag}, "other"`).status).toBe(304)
    expect(service.bundle({ box: BOX }, '"other"').status).toBe(200)

    const edge = regionEdgesOf(first.bundle)[10]!
    signals.addRating([edge], 1)
    const rated = build()
    expect(rated.etag).not.toBe(first.etag)
    expect(rated.bundle.meta.signalsVersion).not.toBe(first.bundle.meta.signalsVersion)
    expect(service.bundle({ box: BOX }, first.etag).status).toBe(200)

    signals.addIncident({ category: 'assault', lat: GRANT_ROAD.lat, lon: GRANT_ROAD.lon, occurredAtMs: NOW })
    expect(build().etag).not.toBe(rated.etag)
  })
})

describe('GET /api/offline/area', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ dataDir })
  })
  afterAll(async () => {
    await t.app.close()
  })
  const get = (box: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/offline/area?${box}`, headers })

  it('answers the bundle gzipped when the phone accepts it, with its ETag, and 304 for that ETag', async () => {
    const res = await get(query(BOX), { 'accept-encoding': 'gzip, deflate, br' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-encoding']).toBe('gzip')
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers['cache-control']).toBe('public, no-cache')
    const raw = gunzipSync(res.rawPayload)
    expect(res.rawPayload.length).toBeLessThan(raw.length / 2)
    const bundle = decodeAreaBundle(raw)
    expect(res.headers.etag).toBe(`"${bundle.meta.version}"`)
    expect(bundle.graph.edgeCount).toBeGreaterThan(1000)

    const plain = await get(query(BOX))
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.equals(raw)).toBe(true)

    const again = await get(query(BOX), { 'if-none-match': String(res.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(res.headers.etag)
  })

  it('answers a new ETag once a published report changes the area', async () => {
    const before = await get(query(BOX))
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      payload: {
        category: 'harassment',
        lat: GRANT_ROAD.lat,
        lon: GRANT_ROAD.lon,
        occurredAt: new Date().toISOString(),
      },
    })
    expect(report.statusCode, report.body).toBe(201)
    // A report shows only after it has waited a publishing batch.
    t.signalBatch()
    expect((await get(query(BOX), { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304)
    t.signalBatch()
    const after = await get(query(BOX), { 'if-none-match': String(before.headers.etag) })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it('refuses bad numbers, boxes in the wrong order and boxes over 0.1 degree with 400', async () => {
    expectInvalid(await get('south=abc&west=72.80&north=18.97&east=72.82'), OfflineAreaMessages.south)
    expectInvalid(await get('south=18.95&west=72.80&north=18.97'), 'east is required')
    const extra = await get('south=18.95&west=72.80&north=18.97&east=72.82&zoom=3')
    expect(extra.statusCode).toBe(400)
    expect(extra.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' })
    expectInvalid(await get('south=95&west=72.80&north=18.97&east=72.82'), OfflineAreaMessages.south)
    expectInvalid(await get('south=18.95&west=190&north=18.97&east=72.82'), OfflineAreaMessages.west)
    expectInvalid(await get('south=18.97&west=72.80&north=18.95&east=72.82'), OfflineAreaMessages.order)
    expectInvalid(await get('south=18.95&west=72.82&north=18.97&east=72.82'), OfflineAreaMessages.order)
    expectInvalid(await get('south=18.90&west=72.80&north=19.01&east=72.82'), OfflineAreaMessages.tooLarge)
    expectInvalid(await get('south=18.95&west=72.70&north=18.97&east=72.81'), OfflineAreaMessages.tooLarge)
  })

  it('answers 422 OUTSIDE_REGION for a box away from the region, and 503 without a region', async () => {
    expectError(
      await get('south=19.05&west=72.80&north=19.06&east=72.81'),
      422,
      'OUTSIDE_REGION',
      OfflineAreaMessages.outside,
    )
    const bare = await createTestApp()
    const res = await bare.app.inject({ method: 'GET', url: `/api/offline/area?${query(BOX)}` })
    await bare.close()
    expectError(res, 503, 'SERVICE_UNAVAILABLE', OfflineAreaMessages.noRegion)
  })
})

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip')).toBe(true)
    expect(acceptsGzip('br, gzip;q=0.5')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})
