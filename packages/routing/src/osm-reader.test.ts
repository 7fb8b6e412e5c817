import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seededRandom } from '@wings/geo/testing'
import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from './build-graph.ts'
import { OsmPbfError } from './errors.ts'
import { bytesPerEdge, MODE_BIT } from './graph.ts'
import { readOsmPbf } from './osm-reader.ts'
import { fixturePbf } from './testing/fixture.ts'
import { dataFile, highwayClass } from './testing/helpers.ts'

describe('reading a hand-made PBF', () => {
  const extract = readOsmPbf(fixturePbf())
  const graph = buildRoadGraph(extract)
  const edgesOf = (way: number) => [...graph.edgeWayId.keys()].filter((e) => graph.edgeWayId[e] === way)
  const firstEdgeOf = (way: number) => {
    const [e] = edgesOf(way)
    if (e === undefined) throw new Error(`way ${way} has no edge`)
    return e
  }

  it('keeps routable ways and drops private, area and untagged ones', () => {
    const ids = extract.roads.map((w) => w.id).sort((a, b) => a - b)
    expect(ids).toEqual([100, 101, 102, 103, 104, 106, 107, 109, 110, 111])
    expect(extract.header.writingProgram).toBe('wings-test-fixture')
    expect(extract.header.replicationTimestamp).toBe('2023-11-14T22:13:20.000Z')
    expect(edgesOf(105)).toEqual([])
    expect(edgesOf(112)).toEqual([])
  })

  it('splits ways at junctions only and keeps their attributes', () => {
    // Junctions: every numbered road node but none in between (all ways are short here).
    expect(graph.nodeCount).toBe(10)
    expect(edgesOf(100)).toHaveLength(2)
    expect(edgesOf(101)).toHaveLength(2)
    const e100 = firstEdgeOf(100)
    const e101 = firstEdgeOf(101)
    expect(graph.edgeLit[e100]).toBe(1)
    expect(graph.edgeLit[e101]).toBe(2)
    expect(graph.edgeLit[firstEdgeOf(102)]).toBe(0)
    expect(graph.edgeSidewalk[firstEdgeOf(103)]).toBe(3)
    expect(graph.names[graph.edgeName[e100] ?? 0]).toBe('One Way Street')
    expect(graph.edgeLength[e100]).toBeGreaterThan(105)
    expect(graph.edgeLength[e100]).toBeLessThan(115)
    expect(graph.edgeMaxspeed[e101]).toBe(48)
    expect(graph.edgeSpeed[e101 * 3 + 2]).toBe(48)
    expect(graph.edgeMaxspeed[firstEdgeOf(111)]).toBe(0)
    expect(highwayClass(graph, firstEdgeOf(104))).toBe('steps')
  })

  it('derives per-mode access: oneway, steps, footway, motorway, oneway:bicycle', () => {
    const acc = (way: number) => graph.edgeAccess[firstEdgeOf(way)] ?? 0
    const fwd = (a: number, m: number) => (a & m) !== 0
    const bwd = (a: number, m: number) => (a & (m << 3)) !== 0
    const { foot, bike, car } = MODE_BIT
    // One-way street: car and bike forward only, foot both ways.
    expect([fwd(acc(100), car), bwd(acc(100), car)]).toEqual([true, false])
    expect([fwd(acc(100), bike), bwd(acc(100), bike)]).toEqual([true, false])
    expect([fwd(acc(100), foot), bwd(acc(100), foot)]).toEqual([true, true])
    // oneway:bicycle=no: bikes both ways, cars one way.
    expect([fwd(acc(109), bike), bwd(acc(109), bike)]).toEqual([true, true])
    expect([fwd(acc(109), car), bwd(acc(109), car)]).toEqual([true, false])
    // Steps: foot only. Footway: foot only. Motorway: car only.
    expect(acc(104)).toBe(foot | (foot << 3))
    expect(acc(106)).toBe(foot | (foot << 3))
    expect(acc(107) & (foot | bike | ((foot | bike) << 3))).toBe(0)
  })

  it('lists places and safety POIs with their names', () => {
    const byName = (n: string) => extract.places.find((p) => p.tags.name === n)
    expect(byName('Fixture Nagar')).toMatchObject({ kind: 'place', id: 'n24', lat: 10.0005, lon: 20.0005 })
    expect(byName('Fixture Nagar')?.tags['name:en']).toBe('Fixture Town')
    expect(byName('Police Post')?.tags['name:hi']).toBe('पुलिस चौकी')
    expect(byName('One Way Street')?.kind).toBe('street')
    const kinds = extract.safetyPois.map((p) => `${p.id}:${p.kind}`).sort()
    expect(kinds).toEqual(['n20:open24h', 'n20:shop', 'n21:police', 'n22:transport', 'n23:surveillance'])
  })
})

describe('corrupt or non-PBF input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wings-routing-'))
  const cases: [string, Uint8Array][] = [
    ['random bytes', Uint8Array.from({ length: 100_000 }, seededRandom(7)).map((v) => Math.floor(v * 256))],
    ['a truncated file', readFileSync(dataFile('monaco.osm.pbf')).subarray(0, 200_000)],
    ['a text file', new TextEncoder().encode('<?xml version="1.0"?>\n<osm version="0.6"></osm>\n'.repeat(50))],
    ['an empty file', new Uint8Array(0)],
    ['a PBF with a corrupt block', corruptBlock()],
  ]
  for (const [name, bytes] of cases) {
    it(`rejects ${name} quickly with a clear error`, () => {
      const path = join(dir, `${name.replace(/\W+/g, '-')}.osm.pbf`)
      writeFileSync(path, bytes)
      const t0 = performance.now()
      expect(() => readOsmPbf(path)).toThrow(OsmPbfError)
      expect(() => readOsmPbf(bytes)).toThrow(/^Not an OpenStreetMap PBF file/)
      expect(performance.now() - t0).toBeLessThan(2000)
    })
  }
  it('rejects a missing file', () => {
    expect(() => readOsmPbf(join(dir, 'nope.osm.pbf'))).toThrow(/Not an OpenStreetMap PBF file/)
  })
})

function corruptBlock(): Uint8Array {
  const bytes = readFileSync(dataFile('monaco.osm.pbf'))
  const copy = Uint8Array.from(bytes)
  for (let i = 1000; i < 1200; i++) copy[i]! ^= 0x5a
  return copy
}

describe('monaco import', () => {
  const extract = readOsmPbf(dataFile('monaco.osm.pbf'))
  const graph = buildRoadGraph(extract)

  it('reads every element and keeps sane counts', () => {
    expect(extract.counts).toMatchObject({ nodes: 23_662, ways: 3_624, relations: 235 })
    expect(extract.roads.length).toBeGreaterThan(1_500)
    expect(extract.roads.length).toBeLessThanOrEqual(1_996)
    expect(graph.nodeCount).toBeGreaterThan(2_000)
    expect(graph.edgeCount).toBeGreaterThan(2_500)
    expect(graph.meta.sources).toEqual([{ name: 'monaco.osm.pbf', dataDate: '2020-07-19T20:58:03.000Z' }])
    const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
    expect(minLon).toBeGreaterThan(7.39)
    expect(maxLon).toBeLessThan(7.45)
    expect(minLat).toBeGreaterThan(43.72)
    expect(maxLat).toBeLessThan(43.76)
    expect(bytesPerEdge(graph)).toBeLessThan(120)
    expect(extract.safetyPois.filter((p) => p.kind === 'police').length).toBeGreaterThanOrEqual(5)
    expect(extract.places.filter((p) => p.kind === 'street').length).toBeGreaterThan(300)
  })

  it('has a large connected component per mode', () => {
    for (const bit of [1, 2, 4]) {
      let total = 0
      let main = 0
      for (let e = 0; e < graph.edgeCount; e++) {
        if ((graph.edgeAccess[e]! & (bit | (bit << 3))) === 0) continue
        const len = graph.edgeLength[e]!
        total += len
        if (graph.edgeMain[e]! & bit) main += len
      }
      expect(main / total).toBeGreaterThan(bit === 1 ? 0.95 : 0.8)
    }
  })

  it('merges extracts, dropping duplicate nodes and ways', () => {
    const twice = buildRoadGraph([extract, extract])
    expect(twice.nodeCount).toBe(graph.nodeCount)
    expect(twice.edgeCount).toBe(graph.edgeCount)
    const south = readOsmPbf(dataFile('india-mumbai-south.osm.pbf'), { points: false })
    const bandra = readOsmPbf(dataFile('india-mumbai-bandra.osm.pbf'), { points: false })
    const merged = buildRoadGraph([south, bandra])
    const a = buildRoadGraph(south)
    const b = buildRoadGraph(bandra)
    expect(merged.nodeCount).toBe(a.nodeCount + b.nodeCount)
    expect(merged.edgeCount).toBe(a.edgeCount + b.edgeCount)
    expect(merged.meta.sources.map((s) => s.name)).toEqual([
      'india-mumbai-south.osm.pbf',
      'india-mumbai-bandra.osm.pbf',
    ])
    expect(south.places).toEqual([])
  })
})
