import { metresToSegment } from '@wings/geo'
import { seededRandom } from '@wings/geo/testing'
import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from './build-graph.ts'
import { edgeGeometry, type RoadGraph } from './graph.ts'
import { edgesNear, matchTrack, type TrackMatchOptions } from './map-match.ts'
import { readOsmPbf } from './osm-reader.ts'
import { fixturePbf } from './testing/fixture.ts'

const graph = buildRoadGraph(readOsmPbf(fixturePbf()))
const OPTIONS: TrackMatchOptions = { stepMeters: 20, maxMeters: 30, maxSamples: 2000, trimMeters: 10 }

/** Every edge within `radius` metres of the point, by measuring them all. */
function bruteForceNear(g: RoadGraph, lat: number, lon: number, radius: number): number[] {
  const out: number[] = []
  for (let e = 0; e < g.edgeCount; e++) {
    const pts = edgeGeometry(g, e)
    let best = Number.POSITIVE_INFINITY
    for (let i = 1; i < pts.length; i++) {
      const [a, b] = [pts[i - 1]!, pts[i]!]
      best = Math.min(best, metresToSegment(lat, lon, a[0], a[1], b[0], b[1]).distance)
    }
    if (best <= radius) out.push(e)
  }
  return out
}

const onWay100 = (e: number) => graph.nodeLat[graph.edgeFrom[e]!] === 1e8 && graph.nodeLat[graph.edgeTo[e]!] === 1e8

describe('edgesNear', () => {
  it('finds the edges a measure of every edge finds, around the whole network', () => {
    const rnd = seededRandom(11)
    for (let i = 0; i < 200; i++) {
      const lat = 9.9975 + rnd() * 0.0035
      const lon = 19.9995 + rnd() * 0.004
      const radius = 10 + rnd() * 120
      const near = edgesNear(graph, lat, lon, radius).sort((a, b) => a - b)
      // The grid measures on the point's plane, the check by segment in degrees: leave a few cm between them.
      const sure = bruteForceNear(graph, lat, lon, radius - 0.05)
      const maybe = bruteForceNear(graph, lat, lon, radius + 0.05)
      for (const e of sure) expect(near).toContain(e)
      for (const e of near) expect(maybe).toContain(e)
    }
  })

  it('finds nothing far from the roads', () => {
    expect(edgesNear(graph, 10.01, 20.01, 100)).toEqual([])
  })
})

describe('matchTrack', () => {
  it('matches a walk along One Way Street to its edges, and gives its middle', () => {
    const walk: [number, number][] = [
      [10.00001, 20.0],
      [10.00001, 20.002],
    ]
    const { edges, midpoint } = matchTrack(graph, walk, 'foot', OPTIONS)
    expect(edges.length).toBeGreaterThan(0)
    expect(edges.every(onWay100)).toBe(true)
    expect(midpoint[0]).toBeCloseTo(10.00001, 9)
    expect(midpoint[1]).toBeCloseTo(20.001, 9)
  })

  it('matches nothing for a line away from every road', () => {
    const sea: [number, number][] = [
      [10.01, 20.01],
      [10.02, 20.02],
    ]
    expect(matchTrack(graph, sea, 'foot', OPTIONS).edges).toEqual([])
  })
})
