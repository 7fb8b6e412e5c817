import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ErrorBody, RouteFindResponse } from '@wings/contract'
import { decodePolyline } from '@wings/geo/polyline'
import { edgesNear } from '@wings/routing'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { loadConfig } from '../../config.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { loadRegion } from '../region/region.ts'
import { createRegionSignals, INCIDENT_RADIUS_METERS } from '../region/signals.ts'

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }

// The default region (south Mumbai): Grant Road station to Byculla station, the planner's browser-test trip.
const GRANT_ROAD: [number, number] = [18.96335, 72.81583]
const BYCULLA: [number, number] = [18.97672, 72.83276]
// 12:30 and 22:30 in Kolkata (UTC+05:30).
const NOON = '2025-03-01T07:00:00Z'
const LATE = '2025-03-01T17:00:00Z'
const HOUR = 3_600_000
/** The new reasons after dark (packages/safety reasons.ts): places closed, stops unserved, reports at night. */
const AFTER_DARK_REASON = /(are|is) closed by 23:00$|^Stops on this route are not served after 23:00$|at night$/

/** Yesterday at this UTC hour: 18:00Z is 23:30 in Kolkata (night), 06:00Z is 11:30 (day). */
function yesterdayAt(utcHour: number): string {
  const d = new Date(Date.now() - 24 * HOUR)
  d.setUTCHours(utcHour, 0, 0, 0)
  return d.toISOString()
}

describe('the same trip at 12:30 and at 22:30 (south Mumbai, where lit=* is rare)', () => {
  let t: TestApp
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-time-'))
    expect(runImportRegion([join(DATA, 'india-mumbai-south.osm.pbf')], { DATA_DIR: dataDir }, silent)).toBe(0)
    const limits = loadConfig({}).rateLimits
    t = await createTestApp({ dataDir, rateLimits: { ...limits, incident: { max: 1000, windowMs: HOUR } } })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const find = (payload: object) => t.app.inject({ method: 'POST', url: '/api/route/find', payload })

  it('differs in at least one score or reason, and says what changes after dark', async () => {
    const answers = []
    for (const at of [NOON, LATE]) {
      const res = await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at })
      expect(res.statusCode, res.body).toBe(200)
      const body = res.json()
      expect(Value.Check(RouteFindResponse, body)).toBe(true)
      answers.push(body as RouteFindResponse)
    }
    const [noon, late] = answers as [RouteFindResponse, RouteFindResponse]
    const fastest = (a: RouteFindResponse) => a.routes[0]
    expect(fastest(late)?.safetyScore).toBeLessThan(fastest(noon)?.safetyScore as number)
    // One of the reasons is new after dark: shops closed by their opening_hours or bus stops no longer served.
    const lateReasons = fastest(late)?.safety.reasons ?? []
    expect(
      lateReasons.some((r) => AFTER_DARK_REASON.test(r)),
      lateReasons.join(' | '),
    ).toBe(true)
    expect(fastest(noon)?.safety.reasons.some((r) => AFTER_DARK_REASON.test(r))).toBe(false)
  })

  it('weighs a report made at night more at night and less by day, and says so after dark', async () => {
    const before = await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at: LATE })
    const route = (before.json() as RouteFindResponse).routes[0]
    if (!route) throw new Error('no route')
    expect(route.safety.reasons.join()).not.toMatch(/at night/)
    // Two reports at night and one by day, at the middle of the route.
    const [lat, lon] = decodePolyline(route.geometry)[Math.floor(decodePolyline(route.geometry).length / 2)] as [
      number,
      number,
    ]
    for (const occurredAt of [yesterdayAt(18), yesterdayAt(19), yesterdayAt(6)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        payload: { category: 'harassment', lat, lon, occurredAt },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    t.signalBatch()
    t.signalBatch()
    const late = (await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at: LATE })).json()
    const noon = (await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at: NOON })).json()
    const same = (a: RouteFindResponse) => a.routes.find((r) => r.geometry === route.geometry)
    expect(same(late)?.safety.reasons).toContain('2 reports here were at night')
    expect(same(noon)?.safety.reasons.join()).not.toMatch(/at night/)

    // Per edge: the night density is the day density x 1.4 / 0.6 for a night report, the other way for a day one.
    const region = loadRegion(dataDir)
    if (!region) throw new Error('no region')
    const signals = createRegionSignals(region)
    const edges = edgesNear(region.graph, lat, lon, INCIDENT_RADIUS_METERS)
    const density = (period: 'day' | 'night') => region.signals.incidentDensity[period][edges[0] as number] as number
    signals.setIncidents([{ category: 'harassment', lat, lon, occurredAtMs: Date.parse(yesterdayAt(18)) }])
    expect(density('night') / density('day')).toBeCloseTo(1.4 / 0.6, 5)
    const nightRisk = region.risk.night[edges[0] as number] as number
    signals.setIncidents([{ category: 'harassment', lat, lon, occurredAtMs: Date.parse(yesterdayAt(6)) }])
    expect(density('day') / density('night')).toBeCloseTo(1.4 / 0.6, 5)
    expect(region.risk.night[edges[0] as number]).toBeLessThan(nightRisk)
  })

  it('refuses a time in the wrong format with a 400 the contract describes', async () => {
    for (const at of ['22:30', 'tonight', '2025-13-01T22:30:00Z']) {
      const res = await find({ source: GRANT_ROAD, destination: BYCULLA, mode: 'foot', at })
      expect(res.statusCode, at).toBe(400)
      const body = res.json()
      expect(Value.Check(ErrorBody, body)).toBe(true)
      expect(body).toMatchObject({ success: false, message: 'at must be an ISO date-time' })
    }
  })
})
