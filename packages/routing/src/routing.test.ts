import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { haversine } from '@wings/geo'
import { decodePolyline } from '@wings/geo/polyline'
import { seededRandom } from '@wings/geo/testing'
import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from './build-graph.ts'
import { NoRouteError, OutsideRegionError } from './errors.ts'
import {
  findRoutes,
  LABEL_ORDER,
  type LatLon,
  type Route,
  routeOverlap,
  SIMILARITY_LIMIT,
  sharedShare,
  snapPoint,
} from './find-routes.ts'
import { MODE_BIT, type RoadGraph } from './graph.ts'
import { loadGraph, saveGraph } from './graph-file.ts'
import { readOsmPbf } from './osm-reader.ts'
import { MODES, type Mode } from './road-rules.ts'
import { searchPath } from './search.ts'
import { deserializeGraph, serializeGraph } from './serialize.ts'
import { fixturePbf } from './testing/fixture.ts'
import { dataFile, highwayClass, referenceCost } from './testing/helpers.ts'

const wayIds = (g: RoadGraph, r: Route) => [...new Set([...r.edges].map((e) => g.edgeWayId[e]))]

/** Each label on exactly one route, each route with at least one, `label` the first, in the stable order. */
function expectLabelled(routes: readonly Route[]) {
  expect(routes.flatMap((r) => r.labels).sort()).toEqual(['Balanced', 'Fastest', 'Safest'])
  for (const r of routes) {
    expect(r.labels.length).toBeGreaterThan(0)
    expect(r.label).toBe(r.labels[0])
    expect(r.labels).toEqual(LABEL_ORDER.filter((l) => r.labels.includes(l)))
  }
}

/** Every leg is travelled in a direction the mode may use. */
function legal(g: RoadGraph, r: Route, mode: Mode): boolean {
  const bit = MODE_BIT[mode]
  return r.legs.every((l) => ((g.edgeAccess[l.edge] ?? 0) & (l.to >= l.from ? bit : bit << 3)) !== 0)
}

describe('mode rules on the hand-made network', () => {
  const g = buildRoadGraph(readOsmPbf(fixturePbf()))
  const near1: LatLon = [10.0, 20.0001]
  const near3: LatLon = [10.0, 20.0019]

  it('lets a pedestrian walk a one-way street against its direction', () => {
    const [r] = findRoutes(g, near3, near1, 'foot').routes
    expect(wayIds(g, r)).toEqual([100])
    expect(r.distance).toBeCloseTo(haversine(10, 20.0019, 10, 20.0001), -1)
  })

  it('sends cars and bikes around a one-way street', () => {
    for (const mode of ['car', 'bike'] as const) {
      const [r] = findRoutes(g, near3, near1, mode).routes
      // Only forward along way 100 (the start is on it), then round the block.
      expect(r.legs.filter((l) => g.edgeWayId[l.edge] === 100).every((l) => l.to > l.from)).toBe(true)
      expect(r.distance).toBeGreaterThan(400)
      expect(legal(g, r, mode)).toBe(true)
    }
    // With the flow, the one-way street is fine.
    expect(wayIds(g, findRoutes(g, near1, near3, 'car').routes[0])).toEqual([100])
  })

  it('lets bikes ride against a oneway tagged oneway:bicycle=no, but not cars', () => {
    const from: LatLon = [10.0, 20.0029]
    const to: LatLon = [10.0, 20.0021]
    expect(wayIds(g, findRoutes(g, from, to, 'bike').routes[0])).toEqual([109])
    const car = findRoutes(g, from, to, 'car').routes[0]
    expect(car.legs.filter((l) => g.edgeWayId[l.edge] === 109).every((l) => l.to > l.from)).toBe(true)
    expect(car.distance).toBeGreaterThan(300)
    expect(legal(g, car, 'car')).toBe(true)
  })

  it('uses steps and footways on foot only, and never a motorway on foot', () => {
    const top: LatLon = [10.0, 20.001]
    const bottom: LatLon = [9.999, 20.001]
    expect(wayIds(g, findRoutes(g, top, bottom, 'foot').routes[0])).toEqual([104])
    expect(wayIds(g, findRoutes(g, [10.0, 20.0011], bottom, 'car').routes[0])).not.toContain(104)
    expect(() => snapPoint(g, [9.9985, 20.0], 'car', 30)).toThrow(OutsideRegionError)
    expect(() => snapPoint(g, [9.993, 20.002], 'foot', 50)).toThrow(OutsideRegionError)
  })

  it('reports places outside the region and impossible routes clearly', () => {
    expect(() => findRoutes(g, [48.85, 2.35], near1, 'foot')).toThrow('This place is outside the mapped region')
    expect(() => findRoutes(g, [Number.NaN, 0], near1, 'foot')).toThrow(OutsideRegionError)
    // The motorway is one way (implied) out of town: its far end is a dead end, so it is not offered for
    // snapping (not in the car network's strongly connected core), and nothing leads back from it.
    const motorway = g.edgeWayId.indexOf(107)
    expect(motorway).toBeGreaterThanOrEqual(0)
    expect((g.edgeMain[motorway] ?? 0) & MODE_BIT.car).toBe(0)
    const end = { edge: motorway, fraction: 0.99, lat: 9.9901, lon: 20.002, distance: 0 }
    expect(searchPath(g, end, snapPoint(g, near1, 'car'), 'car')).toBeNull()
    expect(searchPath(g, snapPoint(g, near1, 'car'), end, 'car')?.cost).toBeGreaterThan(1000 / (100 / 3.6))
    expect(new NoRouteError().message).toMatch(/No route/)
  })
})

describe('monaco routing', () => {
  const g = buildRoadGraph(readOsmPbf(dataFile('monaco.osm.pbf'), { points: false }))
  const [minLon, minLat, maxLon, maxLat] = g.meta.bbox
  const randomPoint = (rnd: () => number): LatLon => [
    minLat + (maxLat - minLat) * rnd(),
    minLon + (maxLon - minLon) * rnd(),
  ]
  const pairs = (mode: Mode, n: number, seed: number) => {
    const rnd = seededRandom(seed)
    const out: [ReturnType<typeof snapPoint>, ReturnType<typeof snapPoint>][] = []
    while (out.length < n) {
      try {
        out.push([snapPoint(g, randomPoint(rnd), mode), snapPoint(g, randomPoint(rnd), mode)])
      } catch {
        // Outside the mapped area (sea): draw again.
      }
    }
    return out
  }
  const onePair = (mode: Mode, seed: number) => {
    const [pair] = pairs(mode, 1, seed)
    if (pair === undefined) throw new Error('no pair drawn')
    return pair
  }
  const risk = Float32Array.from({ length: g.edgeCount }, seededRandom(99))

  for (const mode of MODES) {
    it(`bidirectional A* equals a plain Dijkstra on 200 seeded random pairs (${mode})`, () => {
      let checked = 0
      for (const [s, t] of pairs(mode, 200, 1234 + mode.length)) {
        const want = referenceCost(g, s, t, mode)
        const got = searchPath(g, s, t, mode)
        expect(want).toBeLessThan(Number.POSITIVE_INFINITY)
        expect(got).not.toBeNull()
        expect(Math.abs((got?.cost ?? 0) - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
        // The same with a safety weight.
        const wantR = referenceCost(g, s, t, mode, risk, 3)
        const gotR = searchPath(g, s, t, mode, { risk, lambda: 3 })
        expect(Math.abs((gotR?.cost ?? 0) - wantR)).toBeLessThanOrEqual(1e-6 * Math.max(1, wantR))
        checked++
      }
      expect(checked).toBe(200)
    })
  }

  it('never routes a car over a footway, nor any mode against its access', () => {
    const footOnly = new Set(['footway', 'path', 'pedestrian', 'steps', 'cycleway', 'corridor'])
    for (const mode of MODES) {
      for (const [s, t] of pairs(mode, 40, 77)) {
        const p = searchPath(g, s, t, mode)
        expect(p).not.toBeNull()
        const r = findRoutes(g, [s.lat, s.lon], [t.lat, t.lon], mode).routes[0]
        expect(legal(g, r, mode)).toBe(true)
        if (mode === 'car') for (const e of r.edges) expect(footOnly.has(highwayClass(g, e))).toBe(false)
        if (mode !== 'car') for (const e of r.edges) expect(highwayClass(g, e)).not.toMatch(/^motorway/)
      }
    }
  })

  it('offers distinct, non-dominated alternatives with Fastest the quickest', () => {
    let withAlternatives = 0
    for (const mode of ['foot', 'car'] as const) {
      for (const [s, t] of pairs(mode, 30, 4242)) {
        const from: LatLon = [s.lat, s.lon]
        const to: LatLon = [t.lat, t.lon]
        const result = findRoutes(g, from, to, mode, { risk })
        const { routes } = result
        expect(routes[0].label).toBe('Fastest')
        expect(routes.length).toBeLessThanOrEqual(3)
        expectLabelled(routes)
        const fastest = searchPath(g, result.from, result.to, mode)
        expect(routes[0].duration).toBeCloseTo(fastest?.cost ?? 0, 6)
        for (const r of routes) {
          expect(r.duration).toBeGreaterThanOrEqual(routes[0].duration - 1e-6)
          expect(legal(g, r, mode)).toBe(true)
          const pts = decodePolyline(r.geometry)
          expect(pts.length).toBeGreaterThanOrEqual(2)
          expect(r.edgeMeters.reduce((a, b) => a + b, 0)).toBeCloseTo(r.distance, 3)
          expect(r.meanRisk).toBeGreaterThanOrEqual(0)
          expect(r.meanRisk).toBeLessThanOrEqual(1)
        }
        for (const a of routes) {
          for (const b of routes) {
            if (a === b) continue
            expect(routeOverlap(g, a, b)).toBeLessThanOrEqual(SIMILARITY_LIMIT)
            expect(sharedShare(a, b)).toBeLessThanOrEqual(routeOverlap(g, a, b) + 0.05)
            const dominated = b.duration < a.duration && b.meanRisk < a.meanRisk
            expect(dominated).toBe(false)
          }
        }
        const safest = routes.find((r) => r.label === 'Safest')
        if (safest) expect(safest.meanRisk).toBeLessThanOrEqual(routes[0].meanRisk + 1e-9)
        if (routes.length > 1) withAlternatives++
      }
    }
    expect(withAlternatives).toBeGreaterThan(30)
  })

  it('returns alternatives without risk data too', () => {
    const [s, t] = onePair('foot', 5)
    const { routes } = findRoutes(g, [s.lat, s.lon], [t.lat, t.lon], 'foot', { at: new Date('2025-01-01T21:00:00Z') })
    expect(routes.length).toBeGreaterThan(1)
    expect(routes.every((r) => r.meanRisk === 0)).toBe(true)
    expectLabelled(routes)
  })

  it('offers three routes that differ for most walks over 1 km (plateau method)', () => {
    // Before the plateau method: 66 of these 100 walks had three routes, and 59 offered two sharing over 70%.
    const rnd = seededRandom(4242)
    let walks = 0
    let three = 0
    while (walks < 100) {
      const from = randomPoint(rnd)
      const to = randomPoint(rnd)
      let routes: Route[]
      try {
        routes = findRoutes(g, from, to, 'foot', { risk }).routes
      } catch {
        continue // in the sea
      }
      if (routes[0]!.distance < 1000) continue
      walks++
      if (routes.length >= 3) three++
      for (const a of routes)
        for (const b of routes) if (a !== b) expect(routeOverlap(g, a, b)).toBeLessThanOrEqual(0.7)
    }
    expect(three).toBeGreaterThanOrEqual(80)
  })

  it('serializes and loads the graph unchanged', () => {
    const bytes = serializeGraph(g)
    const copy = deserializeGraph(bytes)
    for (const key of Object.keys(g) as (keyof RoadGraph)[]) {
      const a = g[key]
      if (ArrayBuffer.isView(a))
        expect(
          Buffer.from((copy[key] as Uint8Array).buffer, (copy[key] as Uint8Array).byteOffset, a.byteLength),
        ).toEqual(Buffer.from(a.buffer, a.byteOffset, a.byteLength))
      else expect(copy[key]).toEqual(a)
    }
    const path = join(mkdtempSync(join(tmpdir(), 'wings-graph-')), 'region.graph')
    saveGraph(g, path)
    const loaded = loadGraph(path)
    const [s, t] = onePair('foot', 11)
    const a = findRoutes(g, [s.lat, s.lon], [t.lat, t.lon], 'foot', { risk })
    const b = findRoutes(loaded, [s.lat, s.lon], [t.lat, t.lon], 'foot', { risk })
    expect(b.routes.map((r) => r.geometry)).toEqual(a.routes.map((r) => r.geometry))
    expect(() => deserializeGraph(new TextEncoder().encode('hello world, not a graph'))).toThrow(
      /Not a Wings routing graph/,
    )
    expect(() => deserializeGraph(bytes.subarray(0, bytes.length >> 1))).toThrow(/Truncated/)
  })
})

describe('Mumbai south', () => {
  const extract = readOsmPbf(dataFile('india-mumbai-south.osm.pbf'))
  const g = buildRoadGraph(extract)
  const place = (name: string, kind: string) => {
    const p = extract.places.find((x) => x.tags.name === name && (x.tags.place === kind || x.tags.railway === kind))
    if (!p) throw new Error(`${name} not in the extract`)
    return [p.lat, p.lon] as LatLon
  }

  it('walks from Haji Ali to Grant Road station', () => {
    const from = place('Haji Ali', 'neighbourhood')
    const to = place('Grant Road', 'station')
    const straight = haversine(from[0], from[1], to[0], to[1])
    for (const mode of ['foot', 'car'] as const) {
      const { routes } = findRoutes(g, from, to, mode)
      const r = routes[0]
      expect(r.distance).toBeGreaterThan(straight * 0.9)
      expect(r.distance).toBeLessThan(straight * 2)
      if (mode === 'foot') expect(r.duration / 60).toBeGreaterThan(25)
      const pts = decodePolyline(r.geometry)
      const first = pts[0]
      const last = pts.at(-1)
      if (first === undefined || last === undefined) throw new Error('empty route geometry')
      expect(haversine(first[0], first[1], from[0], from[1])).toBeLessThan(300)
      expect(haversine(last[0], last[1], to[0], to[1])).toBeLessThan(300)
      const names = new Set([...r.edges].map((e) => g.names[g.edgeName[e] ?? 0]).filter(Boolean))
      expect(names.size).toBeGreaterThan(1)
    }
  })
})
