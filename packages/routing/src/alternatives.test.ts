import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from './build-graph.ts'
import { findRoutes, type LatLon, routeFromLegs, routeOverlap, sharedShare, snapPoint } from './find-routes.ts'
import type { RoadGraph } from './graph.ts'
import { readOsmPbf } from './osm-reader.ts'
import { searchPath } from './search.ts'
import { type FixtureNode, type FixtureWay, writeOsmPbf } from './testing/pbf-writer.ts'

/**
 * A main road (1-2-3, about 440 m, unlit) with its sidewalk mapped as a footway 8 m beside it (11-12-13, lit,
 * joined by crossings), and a lit back street 111 m to the north (21-23, reached by 1-21 and 3-23).
 */
const NODES: FixtureNode[] = [
  { id: 1, lat: 10.0, lon: 20.0 },
  { id: 2, lat: 10.0, lon: 20.002 },
  { id: 3, lat: 10.0, lon: 20.004 },
  { id: 11, lat: 10.00007, lon: 20.0 },
  { id: 12, lat: 10.00007, lon: 20.002 },
  { id: 13, lat: 10.00007, lon: 20.004 },
  { id: 21, lat: 10.001, lon: 20.0 },
  { id: 23, lat: 10.001, lon: 20.004 },
]
const MAIN: FixtureWay = { id: 1, refs: [1, 2, 3], tags: { highway: 'residential', name: 'Main Road', lit: 'no' } }
const SIDEWALK: FixtureWay[] = [
  { id: 2, refs: [11, 12, 13], tags: { highway: 'footway', footway: 'sidewalk', lit: 'yes' } },
  { id: 3, refs: [1, 11], tags: { highway: 'footway', footway: 'crossing' } },
  { id: 4, refs: [2, 12], tags: { highway: 'footway', footway: 'crossing' } },
  { id: 5, refs: [3, 13], tags: { highway: 'footway', footway: 'crossing' } },
]
const BACK_STREET: FixtureWay[] = [
  { id: 6, refs: [21, 23], tags: { highway: 'residential', name: 'Back Street', lit: 'yes' } },
  { id: 7, refs: [1, 21], tags: { highway: 'residential' } },
  { id: 8, refs: [3, 23], tags: { highway: 'residential' } },
]
const FROM: LatLon = [9.99995, 20.0001]
const TO: LatLon = [9.99995, 20.0039]

function network(ways: FixtureWay[]): RoadGraph {
  return buildRoadGraph(readOsmPbf(writeOsmPbf(NODES, ways)))
}

/** Risk per OSM way id (0 for ways not named). */
function riskByWay(g: RoadGraph, byWay: Record<number, number>): Float32Array {
  return Float32Array.from({ length: g.edgeCount }, (_, e) => byWay[g.edgeWayId[e] ?? 0] ?? 0)
}

const wayIds = (g: RoadGraph, edges: Uint32Array) => [...new Set([...edges].map((e) => g.edgeWayId[e]))]

describe('identical routes are merged into one carrying every label', () => {
  it('offers a sidewalk and its street as one route, though they share no edge', () => {
    const g = network([MAIN, ...SIDEWALK])
    const risk = riskByWay(g, { 1: 0.9, 2: 0.1, 3: 0.1, 4: 0.1, 5: 0.1 })
    // Safest alone would take the lit sidewalk: a different route by its edges, the same way on the ground.
    const src = snapPoint(g, FROM, 'foot')
    const dst = snapPoint(g, TO, 'foot')
    const street = routeFromLegs(g, searchPath(g, src, dst, 'foot')?.legs ?? [], 'foot', risk)
    const sidewalk = routeFromLegs(g, searchPath(g, src, dst, 'foot', { risk, lambda: 8 })?.legs ?? [], 'foot', risk)
    expect(wayIds(g, sidewalk.edges)).toContain(2)
    expect(sharedShare(street, sidewalk)).toBeLessThan(0.05)
    expect(routeOverlap(g, street, sidewalk)).toBeGreaterThan(0.95)

    const { routes } = findRoutes(g, FROM, TO, 'foot', { risk })
    expect(routes).toHaveLength(1)
    expect(routes[0].labels).toEqual(['Fastest', 'Safest', 'Balanced'])
    expect(routes[0].label).toBe('Fastest')
  })

  it('gives the labels a second route earns to it, in a stable order', () => {
    const g = network([MAIN, ...BACK_STREET])
    // The back street is much safer: it is both the safest and the best balance.
    let { routes } = findRoutes(g, FROM, TO, 'foot', { risk: riskByWay(g, { 1: 0.9, 6: 0.1, 7: 0.1, 8: 0.1 }) })
    expect(routes.map((r) => r.labels)).toEqual([['Fastest'], ['Safest', 'Balanced']])
    expect(routes.map((r) => r.label)).toEqual(['Fastest', 'Safest'])
    expect(wayIds(g, routes[1]?.edges ?? new Uint32Array())).toContain(6)
    // A little safer only: not worth its extra 50% of time at the balanced weight.
    routes = findRoutes(g, FROM, TO, 'foot', { risk: riskByWay(g, { 1: 0.9, 6: 0.5, 7: 0.5, 8: 0.5 }) }).routes
    expect(routes.map((r) => r.labels)).toEqual([['Fastest', 'Balanced'], ['Safest']])
  })

  it('labels routes found without risk data by their order', () => {
    const g = network([MAIN, ...BACK_STREET])
    const { routes } = findRoutes(g, FROM, TO, 'foot')
    expect(routes.map((r) => r.labels)).toEqual([['Fastest', 'Balanced'], ['Safest']])
  })
})
