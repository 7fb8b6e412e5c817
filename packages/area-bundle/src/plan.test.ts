import { fileURLToPath } from 'node:url'
import { ErrorCode, RegionMessages, type RouteFindBody } from '@wings/contract'
import { METRES_PER_DEGREE, metresPerDegreeLon } from '@wings/geo'
import { seededRandom } from '@wings/geo/testing'
import { buildRoadGraph, findRoutes, type RoadGraph, readOsmPbf } from '@wings/routing'
import { emptyImportColumns, fillRiskArray, TIMES_OF_DAY, timeOfDay } from '@wings/safety'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type AreaBundle,
  type AreaFeatures,
  type AreaSignals,
  decodeAreaBundle,
  edgesInBox,
  encodeAreaBundle,
  FEATURE_COLUMNS,
  incidentCounter,
  type NearbyReport,
  OfflinePlanError,
  OutsideKeptAreaError,
  planRoutes,
  type ScoringInputs,
  scoreRoute,
  sliceColumns,
  subgraphOf,
} from './index.ts'

const MONACO = fileURLToPath(new URL('../../../../shared/data/monaco.osm.pbf', import.meta.url))
const BOX: [number, number, number, number] = [7.415, 43.73, 7.425, 43.738]
// The box and a 1 km margin, as the server keeps it (docs/planner.md, "Why a 1 km margin").
const COVERED: [number, number, number, number] = [7.4025, 43.721, 7.4375, 43.747]
const TIME_ZONE = 'Europe/Monaco'
const NOW = new Date('2026-11-25T12:00:00Z')
const DAY = 86_400_000
// 10:00, 20:00 and 23:30 in Monaco.
const AT = { day: '2026-11-25T09:00:00Z', evening: '2026-11-25T19:00:00Z', night: '2026-11-25T22:30:00Z' } as const

let region: RoadGraph
let inputs: ScoringInputs & { features: AreaFeatures; signals: AreaSignals }
let reports: NearbyReport[]
let bundle: AreaBundle

/** Random model inputs for every edge of the region, and reports around the box over the last 400 days. */
function randomInputs(n: number) {
  const rnd = seededRandom(3)
  const f = emptyImportColumns(n)
  for (let e = 0; e < n; e++) {
    f.roadClass[e] = Math.floor(rnd() * 12)
    f.lit[e] = Math.floor(rnd() * 3)
    f.sidewalk[e] = Math.floor(rnd() * 3)
    for (const key of ['shops', 'food', 'transport', 'help', 'cameras', 'hoursShops', 'openNight'] as const)
      f[key][e] = rnd() < 0.7 ? 0 : Math.floor(rnd() * 6)
  }
  const density = () => Float32Array.from({ length: n }, () => (rnd() < 0.6 ? 0 : rnd() * 40))
  const signals: AreaSignals = {
    incidentDensity: { day: density(), evening: density(), night: density() },
    ratingFeedback: Float32Array.from({ length: n }, () => (rnd() < 0.7 ? 0 : 2 * rnd() - 1)),
  }
  const points = Array.from({ length: 80 }, () => ({
    lat: COVERED[1] + rnd() * (COVERED[3] - COVERED[1]),
    lon: COVERED[0] + rnd() * (COVERED[2] - COVERED[0]),
    occurredAtMs: NOW.getTime() - Math.floor(rnd() * 400) * DAY,
    night: rnd() < 0.3,
  }))
  return { features: f as AreaFeatures, signals, reports: points }
}

function bundleOf(box = BOX, graph?: RoadGraph): AreaBundle {
  const edges = edgesInBox(region, COVERED)
  const { day, evening, night, ratingFeedback } = sliceColumns(
    { ...inputs.signals.incidentDensity, ratingFeedback: inputs.signals.ratingFeedback },
    edges,
  )
  const decoded = decodeAreaBundle(
    encodeAreaBundle({
      meta: {
        region: { name: 'monaco', importedAt: '2026-11-25T00:00:00.000Z', dataDate: '', timeZone: TIME_ZONE },
        box,
        covered: COVERED,
        signalsVersion: 'abc',
        version: 'def',
        cellMeters: 50,
      },
      graph: subgraphOf(region, edges).graph,
      features: sliceColumns(inputs.features, edges),
      signals: { incidentDensity: { day, evening, night }, ratingFeedback },
      places: [],
      nearby: [],
      incidents: [],
      reports,
    }),
  )
  return graph ? { ...decoded, graph } : decoded
}

beforeAll(() => {
  region = buildRoadGraph(readOsmPbf(MONACO, { points: false }))
  const random = randomInputs(region.edgeCount)
  inputs = { graph: region, features: random.features, signals: random.signals }
  reports = random.reports
  bundle = bundleOf()
})

/** What the server does for the trip, on the whole region (routes/service.ts and region/tasks.ts). */
function serverAnswer(body: RouteFindBody) {
  const at = new Date(body.at ?? NOW)
  const period = timeOfDay(at, { timeZone: TIME_ZONE })
  const risk = fillRiskArray(
    {
      ...inputs.features,
      incidentDensity: inputs.signals.incidentDensity[period],
      ratingFeedback: inputs.signals.ratingFeedback,
    },
    period,
    new Float32Array(region.edgeCount),
  )
  const { routes } = findRoutes(region, body.source, body.destination, body.mode, { risk, at })
  const count = incidentCounter(region.meta.bbox, reports, NOW.getTime())
  return { routes: routes.map((route) => scoreRoute(inputs, route, period, count)) }
}

const errorOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error as OfflinePlanError
  }
  throw new Error('no error')
}

describe('planRoutes', () => {
  it("answers, for 36 random trips inside the box, what the server's code answers on the whole region", () => {
    const rnd = seededRandom(29)
    const point = (): [number, number] => [BOX[1] + rnd() * (BOX[3] - BOX[1]), BOX[0] + rnd() * (BOX[2] - BOX[0])]
    let nearby = 0
    let alternatives = 0
    for (let trip = 0; trip < 36; trip++) {
      const body: RouteFindBody = {
        source: point(),
        destination: point(),
        mode: trip % 4 === 3 ? 'car' : 'foot',
        at: AT[TIMES_OF_DAY[trip % 3]!],
      }
      const phone = planRoutes(bundle, body, { now: NOW })
      expect(phone, `trip ${trip}`).toEqual(serverAnswer(body))
      nearby += phone.routes.filter((r) => r.safety.incidentsNearby > 0).length
      alternatives += phone.routes.length - 1
    }
    expect(nearby).toBeGreaterThan(30)
    expect(alternatives).toBeGreaterThan(20)
  })

  it("scores for the period of `at` in the region's zone, or of `now` without it", () => {
    const body = { source: [43.7315, 7.4203], destination: [43.7365, 7.4215], mode: 'foot' } as RouteFindBody
    const scores = TIMES_OF_DAY.map((p) => planRoutes(bundle, { ...body, at: AT[p] }, { now: NOW }).routes[0]!)
    expect(new Set(scores.map((r) => r.safetyScore)).size).toBeGreaterThan(1)
    // 22:30 UTC is 23:30 in Monaco: night, while it is still evening in UTC.
    expect(planRoutes(bundle, body, { now: new Date(AT.night) }).routes[0]).toEqual(scores[2])
    expect(planRoutes(bundle, { ...body, at: '2026-11-25T23:30:00+01:00' }, { now: NOW })).toEqual(
      planRoutes(bundle, { ...body, at: AT.night }, { now: NOW }),
    )
  })

  it('says which end is outside the kept box, even in the margin the graph covers', () => {
    const inside: [number, number] = [43.7315, 7.4203]
    const margin: [number, number] = [43.728, 7.412]
    const check = (source: [number, number], destination: [number, number], end: string) => {
      const error = errorOf(() => planRoutes(bundle, { source, destination, mode: 'foot' }, { now: NOW }))
      expect(error).toBeInstanceOf(OutsideKeptAreaError)
      expect(error).toBeInstanceOf(OfflinePlanError)
      expect(error).toMatchObject({ code: 'OUTSIDE_KEPT_AREA', end })
    }
    check(margin, inside, 'source')
    check(inside, margin, 'destination')
    check(margin, [43.74, 7.43], 'both')
  })

  it("refuses what the server refuses, with the server's code and message", () => {
    const inside: [number, number] = [43.7315, 7.4203]
    const plan = (body: Partial<RouteFindBody> & Record<string, unknown>) =>
      errorOf(() => planRoutes(bundle, { source: inside, destination: inside, mode: 'foot', ...body } as RouteFindBody))
    // Too far for the mode comes first, as on the server, wherever the places are.
    expect(plan({ destination: [44.2, 7.42] })).toMatchObject({
      code: ErrorCode.tripTooLong,
      message: RegionMessages.tooFar.foot,
    })
    expect(plan({ destination: [44.2, 7.42], mode: 'car' })).toMatchObject({ code: 'OUTSIDE_KEPT_AREA' })
    for (const at of ['tomorrow', '2026-11-25', '2026-11-25T22:30', '2026-13-45T25:00:00Z', 1700000000])
      expect(plan({ at } as never), String(at)).toMatchObject({
        code: ErrorCode.validation,
        message: 'at must be an ISO date-time',
      })
    expect(plan({ mode: 'plane' } as never)).toMatchObject({ code: ErrorCode.validation })
    expect(plan({ source: [95, 7.42] })).toMatchObject({
      code: ErrorCode.validation,
      message: 'Source latitude must be a number from -90 to 90',
    })
    expect(plan({ destination: [43.73, Number.NaN] })).toMatchObject({ code: ErrorCode.validation })
    expect(plan({ source: 'here' } as never)).toMatchObject({ code: ErrorCode.validation })
  })

  it('maps a place far from any road to OUTSIDE_REGION and unconnected places to NOT_FOUND', () => {
    // A box kept out at sea: its points are more than 500 m from any road.
    const sea = bundleOf([7.43, 43.71, 7.44, 43.716])
    expect(
      errorOf(() => planRoutes(sea, { source: [43.712, 7.435], destination: [43.714, 7.437], mode: 'foot' })),
    ).toMatchObject({ code: ErrorCode.outsideRegion, message: RegionMessages.outsideRegion })

    // Only two roads, far apart, are left to cars: each end snaps, and nothing joins them.
    const g = bundle.graph
    const mid = (e: number): [number, number] => [
      (g.nodeLat[g.edgeFrom[e]!]! + g.nodeLat[g.edgeTo[e]!]!) / 2e7,
      (g.nodeLon[g.edgeFrom[e]!]! + g.nodeLon[g.edgeTo[e]!]!) / 2e7,
    ]
    const inBox = (p: readonly number[]) => p[0]! > BOX[1] && p[0]! < BOX[3] && p[1]! > BOX[0] && p[1]! < BOX[2]
    const carEdges = Array.from({ length: g.edgeCount }, (_, e) => e).filter(
      (e) => (g.edgeMain[e]! & 4) !== 0 && inBox(mid(e)),
    )
    const [a, b] = [carEdges[0]!, carEdges.at(-1)!]
    const edgeAccess = new Uint8Array(g.edgeCount)
    const edgeMain = new Uint8Array(g.edgeCount)
    for (const e of [a, b]) {
      edgeAccess[e] = 0xff
      edgeMain[e] = 0xff
    }
    const arcFlags = g.arcFlags.map((flags, arc) => ([a, b].includes(g.arcEdge[arc]!) ? flags : 0))
    const cut = bundleOf(BOX, { ...g, edgeAccess, edgeMain, arcFlags })
    expect(errorOf(() => planRoutes(cut, { source: mid(a), destination: mid(b), mode: 'car' }))).toMatchObject({
      code: ErrorCode.notFound,
      message: RegionMessages.noRoute,
    })
  })
})

describe('scoreRoute and incidentCounter', () => {
  const LAT = 43.73
  const LON = 7.42
  const north = (m: number) => LAT + m / METRES_PER_DEGREE
  const east = (m: number) => LON + m / metresPerDegreeLon(LAT)
  const report = (lat: number, lon: number, daysAgo: number, night = false): NearbyReport => ({
    lat,
    lon,
    occurredAtMs: NOW.getTime() - daysAgo * DAY,
    night,
  })
  const line: [number, number][] = [
    [LAT, LON],
    [LAT, east(300)],
    [north(200), east(300)],
  ]

  it('counts each report of the last year within 100 m of the line once, and those at night', () => {
    const list = [
      report(north(99), east(150), 10, true), // 99 m north of the first segment
      report(north(101), east(150), 10), // 101 m: too far
      report(north(50), east(250), 20, true), // near both segments: once
      report(north(-60), east(-60), 364), // 85 m off the first point
      report(north(-10), east(100), 366), // older than a year
      report(north(150), east(390), 1), // 90 m east of the second segment
    ]
    const count = incidentCounter(region.meta.bbox, list, NOW.getTime())
    expect(count(line)).toEqual({ all: 4, night: 2 })
    expect(count([line[0]!])).toEqual({ all: 1, night: 0 })
    expect(count([])).toEqual({ all: 0, night: 0 })
    // A year later, none.
    expect(incidentCounter(region.meta.bbox, list, NOW.getTime() + 400 * DAY)(line)).toEqual({ all: 0, night: 0 })
  })

  it("puts the counts in the route's safety and its reasons, and nothing without a counter", () => {
    const { routes } = findRoutes(region, [43.7315, 7.4203], [43.7365, 7.4215], 'foot')
    const route = routes[0]!
    const near = Array.from({ length: 3 }, () => report(43.7315, 7.4203, 5, true))
    const counted = scoreRoute(inputs, route, 'night', incidentCounter(region.meta.bbox, near, NOW.getTime()))
    const bare = scoreRoute(inputs, route, 'night')
    expect(counted.safety.incidentsNearby).toBe(3)
    expect(bare.safety.incidentsNearby).toBe(0)
    expect(counted.safety.reasons.join(' ')).toMatch(/3 .*night/)
    expect(bare.safety.reasons.join(' ')).not.toMatch(/night/)
    expect(counted.geometry).toBe(route.geometry)
    expect(counted.summary).toEqual({
      distance: Math.round(route.distance * 10) / 10,
      duration: Math.round(route.duration * 10) / 10,
    })
  })

  it('reads every imported feature column', () => {
    expect(FEATURE_COLUMNS.map(([name]) => name).sort()).toEqual(Object.keys(inputs.features).sort())
  })
})
