import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from '../build-graph.ts'
import { findRoutes } from '../find-routes.ts'
import { readOsmPbf } from '../osm-reader.ts'
import { dataFile } from './helpers.ts'
import { CONNECTOR_TAGS, metroPbf } from './metro.ts'

const SOURCE = dataFile('india-mumbai-south.osm.pbf')

describe('synthetic metro (2 x 2 south Mumbai)', () => {
  const source = readOsmPbf(SOURCE)
  const sourceGraph = buildRoadGraph(source)
  const { bytes, summary } = metroPbf({ source: SOURCE, rows: 2, cols: 2, connectorsPerSide: 3 })
  const metro = readOsmPbf(bytes)
  const graph = buildRoadGraph(metro)

  it('holds four copies of every element plus the connector roads', () => {
    expect(summary.copies).toBe(4)
    // 2 x 2 copies: 2 shared sides across, 2 along, 3 links each.
    expect(summary.connectors).toBe(12)
    expect(metro.counts.nodes).toBe(4 * source.counts.nodes)
    expect(metro.counts.ways).toBe(4 * source.counts.ways + 12)
    expect(metro.counts.relations).toBe(4 * source.counts.relations)
    expect(metro.roads.length).toBe(4 * source.roads.length + 12)
    // Each named connector is a street for geocoding too.
    expect(metro.places.length).toBe(4 * source.places.length + 12)
    expect(metro.roads.filter((w) => w.tags.name === CONNECTOR_TAGS.name)).toHaveLength(12)
    // Connectors end at junctions that exist already: the graph is four graphs plus one edge per connector.
    expect(graph.nodeCount).toBe(4 * sourceGraph.nodeCount)
    expect(graph.edgeCount).toBe(4 * sourceGraph.edgeCount + 12)
  })

  it('gives every node and way its own id', () => {
    expect(new Set(metro.nodeIds).size).toBe(metro.nodeIds.length)
    expect(new Set(metro.roads.map((w) => w.id)).size).toBe(metro.roads.length)
    expect(new Set(graph.nodeOsmId).size).toBe(graph.nodeCount)
  })

  it('lays the copies side by side: the metro is about twice the source each way', () => {
    const [w, s, e, n] = graph.meta.bbox
    const [sw, ss, se, sn] = sourceGraph.meta.bbox
    expect((e - w) / (se - sw)).toBeGreaterThan(1.9)
    expect((e - w) / (se - sw)).toBeLessThan(2.2)
    expect((n - s) / (sn - ss)).toBeGreaterThan(1.9)
    expect((n - s) / (sn - ss)).toBeLessThan(2.2)
  })

  it('joins the copies: routes cross from the first copy to the diagonal one, on foot and by car', () => {
    // Haji Ali in copy (0, 0) to Grant Road in copy (1, 1).
    const from: [number, number] = [18.9776, 72.809]
    const to: [number, number] = [18.9634 + summary.step[0] / 1e7, 72.8158 + summary.step[1] / 1e7]
    for (const mode of ['foot', 'car'] as const) {
      const { routes } = findRoutes(graph, from, to, mode)
      const connector = routes[0].edges.some((e) => graph.names[graph.edgeName[e]!] === CONNECTOR_TAGS.name)
      expect(connector).toBe(true)
      expect(routes[0].distance).toBeGreaterThan(3000)
    }
    // Every copy's main component is one with the others'.
    const main = new Set<number>()
    for (let e = 0; e < graph.edgeCount; e++)
      if ((graph.edgeMain[e]! & 5) === 5) main.add(Math.floor(graph.nodeOsmId[graph.edgeFrom[e]!]! / summary.idStride))
    expect([...main].sort()).toEqual([0, 1, 2, 3])
  })

  it('is deterministic: the same inputs give the same bytes', () => {
    const again = metroPbf({ source: SOURCE, rows: 2, cols: 2, connectorsPerSide: 3 })
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
    expect(sha(again.bytes)).toBe(sha(bytes))
  })

  it('refuses a tiling that is not whole copies', () => {
    expect(() => metroPbf({ source: SOURCE, rows: 0, cols: 2 })).toThrow(RangeError)
  })
})
