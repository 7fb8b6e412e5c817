import { fileURLToPath } from 'node:url'
import type { NearbyAreaRow } from '@wings/contract'
import { seededRandom } from '@wings/geo/testing'
import { buildRoadGraph, edgeGeometry, type RoadGraph, readOsmPbf } from '@wings/routing'
import { emptyImportColumns, fillRiskArray, TIMES_OF_DAY } from '@wings/safety'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type AreaBundleParts,
  type AreaFeatures,
  type AreaPlace,
  type AreaSignals,
  decodeAreaBundle,
  edgesInBox,
  encodeAreaBundle,
  FEATURE_COLUMNS,
  FORMAT_VERSION,
  subgraphOf,
} from './index.ts'

const MONACO = fileURLToPath(new URL('../../../../shared/data/monaco.osm.pbf', import.meta.url))
// The middle of Monaco, and what the bundle holds around it.
const BOX: [number, number, number, number] = [7.415, 43.73, 7.425, 43.738]
const COVERED: [number, number, number, number] = [7.41, 43.726, 7.43, 43.742]

let region: RoadGraph
let edges: Uint32Array
let features: AreaFeatures
let signals: AreaSignals
let parts: AreaBundleParts

/** Random but plausible model inputs for every region edge: counts, hours, densities and ratings. */
function randomInputs(n: number) {
  const rnd = seededRandom(7)
  const f = emptyImportColumns(n)
  for (let e = 0; e < n; e++) {
    f.roadClass[e] = Math.floor(rnd() * 8)
    f.maxspeed[e] = rnd() < 0.5 ? 0 : 10 * Math.floor(rnd() * 8)
    f.lit[e] = Math.floor(rnd() * 3)
    f.sidewalk[e] = Math.floor(rnd() * 3)
    for (const key of ['shops', 'food', 'transport', 'help', 'open24h', 'cameras', 'hoursShops', 'openNight'] as const)
      f[key][e] = rnd() < 0.7 ? 0 : Math.floor(rnd() * 6)
  }
  const density = () => Float32Array.from({ length: n }, () => (rnd() < 0.6 ? 0 : rnd() * 40))
  const s: AreaSignals = {
    incidentDensity: { day: density(), evening: density(), night: density() },
    ratingFeedback: Float32Array.from({ length: n }, () => (rnd() < 0.7 ? 0 : 2 * rnd() - 1)),
  }
  return { features: f as AreaFeatures, signals: s }
}

const PLACES: AreaPlace[] = [
  {
    id: 'n1',
    kind: 'poi',
    category: 'station',
    osmKey: 'railway',
    name: 'Gare de Monaco',
    nameEn: 'Monaco Station',
    otherNames: { 'name:hi': 'मोनाको स्टेशन', alt_name: 'La Gare' },
    lat: 43.7389,
    lon: 7.4206,
    locality: 'La Condamine',
    city: 'Monaco',
    displayName: 'Gare de Monaco, La Condamine, Monaco',
    houseNumber: null,
    importance: 78,
    searchNames: ['gare de monaco', 'monaco station', 'मोनाको स्टेशन', 'la gare'],
  },
  {
    id: 'w2',
    kind: 'address',
    category: 'house',
    osmKey: 'place',
    name: '12 Rue Grimaldi',
    nameEn: null,
    otherNames: {},
    lat: 43.7321,
    lon: 7.4187,
    locality: null,
    city: null,
    displayName: '12 Rue Grimaldi',
    houseNumber: '12',
    importance: 10,
    searchNames: ['#12 rue grimaldi'],
  },
]
const NEARBY: NearbyAreaRow[] = [
  ['police', 'police', 'Sûreté Publique', 4373120, 742040, '+377 93 15 30 15', []],
  [
    'open',
    'pharmacy',
    '',
    4373300,
    742100,
    '',
    [
      [],
      [[540, 1200]],
      [[540, 1200]],
      [[540, 1200]],
      [[540, 1200]],
      [
        [540, 780],
        [900, 1440],
      ],
      [[0, 120]],
    ],
  ],
]

const REPORTS = [
  { lat: 43.73123456789012, lon: 7.419876543210987, occurredAtMs: Date.parse('2026-06-01T22:00:00Z'), night: true },
  { lat: 43.735, lon: 7.42, occurredAtMs: Date.parse('2026-01-01T09:00:00Z'), night: false },
]

beforeAll(() => {
  region = buildRoadGraph(readOsmPbf(MONACO, { points: false }))
  edges = edgesInBox(region, COVERED)
  ;({ features, signals } = randomInputs(region.edgeCount))
  const cut = <T extends Uint8Array | Uint16Array | Float32Array>(column: T): T =>
    column.constructor === Float32Array
      ? (Float32Array.from(edges, (e) => column[e]!) as T)
      : ((column.constructor as typeof Uint16Array).from(edges, (e) => column[e]!) as unknown as T)
  const areaFeatures = {} as Record<string, Uint8Array | Uint16Array>
  for (const [name] of FEATURE_COLUMNS) areaFeatures[name] = cut(features[name])
  parts = {
    meta: {
      region: { name: 'monaco', importedAt: '2026-11-25T00:00:00.000Z', dataDate: '', timeZone: 'Europe/Monaco' },
      box: BOX,
      covered: COVERED,
      signalsVersion: 'abc',
      version: 'def',
      cellMeters: 50,
    },
    graph: subgraphOf(region, edges).graph,
    features: areaFeatures as unknown as AreaFeatures,
    signals: {
      incidentDensity: {
        day: cut(signals.incidentDensity.day),
        evening: cut(signals.incidentDensity.evening),
        night: cut(signals.incidentDensity.night),
      },
      ratingFeedback: cut(signals.ratingFeedback),
    },
    places: PLACES,
    nearby: NEARBY,
    incidents: [
      { lat: 43.731234, lon: 7.419876, weight: 2.5 },
      { lat: 43.735, lon: 7.42, weight: 0.1234 },
    ],
    reports: REPORTS,
  }
})

describe('the area subgraph', () => {
  it('keeps every edge reaching into the box, whole, and no other', () => {
    const inside = (lat: number, lon: number) =>
      lon >= COVERED[0] && lon <= COVERED[2] && lat >= COVERED[1] && lat <= COVERED[3]
    const chosen = new Set(edges)
    let reaching = 0
    for (let e = 0; e < region.edgeCount; e++) {
      const touches = edgeGeometry(region, e).some(([lat, lon]) => inside(lat, lon))
      if (touches) {
        reaching++
        expect(chosen.has(e), `edge ${e}`).toBe(true)
      }
    }
    expect(reaching).toBeGreaterThan(500)
    expect(edges.length).toBeLessThan(region.edgeCount)
    const { graph } = subgraphOf(region, edges)
    for (let i = 0; i < graph.edgeCount; i++) {
      const e = edges[i]!
      expect(edgeGeometry(graph, i)).toEqual(edgeGeometry(region, e))
      expect([graph.edgeLength[i], graph.edgeAccess[i], graph.edgeMain[i], graph.edgeClass[i]]).toEqual([
        region.edgeLength[e],
        region.edgeAccess[e],
        region.edgeMain[e],
        region.edgeClass[e],
      ])
      expect(graph.names[graph.edgeName[i]!]).toBe(region.names[region.edgeName[e]!])
      expect(Array.from(graph.edgeSpeed.subarray(3 * i, 3 * i + 3))).toEqual(
        Array.from(region.edgeSpeed.subarray(3 * e, 3 * e + 3)),
      )
    }
    // Each node's arcs: the region's arcs on kept edges, in the region's order.
    const regionNode = new Map(Array.from(region.nodeOsmId, (id, v) => [id, v]))
    const kept = new Set(edges)
    for (let v = 0; v < graph.nodeCount; v++) {
      const arcs: number[] = []
      for (let a = graph.firstArc[v]!; a < graph.firstArc[v + 1]!; a++) arcs.push(edges[graph.arcEdge[a]!]!)
      const u = regionNode.get(graph.nodeOsmId[v]!)!
      const expected: number[] = []
      for (let a = region.firstArc[u]!; a < region.firstArc[u + 1]!; a++)
        if (kept.has(region.arcEdge[a]!)) expected.push(region.arcEdge[a]!)
      expect(arcs).toEqual(expected)
    }
    expect(graph.meta).toBe(region.meta)
  })
})

describe('encode and decode', () => {
  it('gives back the graph array for array, the model inputs, places, help and incidents', () => {
    const bundle = decodeAreaBundle(encodeAreaBundle(parts))
    const graph = parts.graph
    for (const [key, value] of Object.entries(graph)) {
      const decoded = (bundle.graph as unknown as Record<string, unknown>)[key]
      if (ArrayBuffer.isView(value))
        expect(Array.from(decoded as Uint8Array), key).toEqual(Array.from(value as Uint8Array))
      else expect(decoded, key).toEqual(value)
    }
    for (const [name] of FEATURE_COLUMNS) expect(bundle.features[name]).toEqual(parts.features[name])
    expect(bundle.signals).toEqual(parts.signals)
    expect(bundle.places).toEqual(PLACES)
    expect(bundle.nearby).toEqual({ v: 1, timeZone: 'Europe/Monaco', dataDate: '', bbox: COVERED, rows: NEARBY })
    expect(bundle.incidents).toEqual({ cells: parts.incidents, cellMeters: 50 })
    expect(bundle.reports).toEqual(REPORTS)
    expect(bundle.meta).toEqual({
      ...parts.meta,
      format: FORMAT_VERSION,
      counts: { nodes: graph.nodeCount, edges: graph.edgeCount, places: 2, nearby: 2, incidents: 2, reports: 2 },
    })
  })

  it("computes from the decoded columns the region's risks of the area's edges, bit for bit, in every period", () => {
    const bundle = decodeAreaBundle(encodeAreaBundle(parts))
    for (const period of TIMES_OF_DAY) {
      const full = fillRiskArray(
        { ...features, incidentDensity: signals.incidentDensity[period], ratingFeedback: signals.ratingFeedback },
        period,
        new Float32Array(region.edgeCount),
      )
      const area = fillRiskArray(bundle.columns[period], period, new Float32Array(bundle.graph.edgeCount))
      expect(Array.from(area)).toEqual(Array.from(edges, (e) => full[e]!))
      expect(new Set(area).size).toBeGreaterThan(50)
    }
  })

  it('writes the same bytes for the same parts, and decodes from an unaligned copy', () => {
    const bytes = encodeAreaBundle(parts)
    expect(Buffer.from(encodeAreaBundle(parts)).equals(Buffer.from(bytes))).toBe(true)
    const shifted = new Uint8Array(bytes.length + 3)
    shifted.set(bytes, 3)
    expect(decodeAreaBundle(shifted.subarray(3)).graph.edgeCount).toBe(edges.length)
  })
})

describe('a bad bundle is refused, never decoded into a wrong graph', () => {
  const codeOf = (bytes: Uint8Array) => {
    try {
      decodeAreaBundle(bytes)
      return 'decoded'
    } catch (error) {
      return (error as { code?: string }).code ?? String(error)
    }
  }

  it('refuses a truncated bundle', () => {
    const bytes = encodeAreaBundle(parts)
    for (const length of [bytes.length - 1, bytes.length - 4096, Math.floor(bytes.length / 2), 100, 30])
      expect(codeOf(bytes.slice(0, length)), `${length} bytes`).toBe('truncated')
    expect(codeOf(bytes.slice(0, 10))).toBe('notABundle')
    expect(codeOf(new Uint8Array(0))).toBe('notABundle')
  })

  it('refuses a bundle with a flipped bit anywhere after its prefix, or bytes after its end', () => {
    const bytes = encodeAreaBundle(parts)
    const rnd = seededRandom(11)
    // The header's first byte, the graph's first byte, and random places through the body.
    const positions = [24, 30, ...Array.from({ length: 40 }, () => 24 + Math.floor(rnd() * (bytes.length - 24)))]
    for (const at of positions) {
      const flipped = bytes.slice()
      flipped[at] = flipped[at]! ^ (1 << Math.floor(rnd() * 8))
      expect(codeOf(flipped), `bit flipped at ${at}`).toBe('checksum')
    }
    const longer = new Uint8Array(bytes.length + 8)
    longer.set(bytes)
    expect(codeOf(longer)).toBe('corrupt')
  })

  it('refuses another format version and another file', () => {
    const bytes = encodeAreaBundle(parts)
    const other = bytes.slice()
    new DataView(other.buffer).setUint32(8, FORMAT_VERSION + 1, true)
    expect(codeOf(other)).toBe('version')
    // A bundle of the format before (no reports for "incidents nearby") is fetched again.
    new DataView(other.buffer).setUint32(8, FORMAT_VERSION - 1, true)
    expect(codeOf(other)).toBe('version')
    const renamed = bytes.slice()
    renamed.set(new TextEncoder().encode('WNGRAPH1'), 0)
    expect(codeOf(renamed)).toBe('notABundle')
  })
})

describe('the decoder and the planner in a browser', () => {
  it('bundle for a Web Worker with no node: API reached and no TypeBox', async () => {
    // landmarks.ts (@wings/routing) keeps its file readers beside the bounds the searches use: its node:fs import is
    // stubbed here, as the app's bundler does, and never called (the phone has no landmarks).
    const nodeImports = new Set<string>()
    const result = await build({
      stdin: {
        contents: "export { decodeAreaBundle } from './decode.ts'; export { planRoutes } from './plan.ts'",
        resolveDir: fileURLToPath(new URL('.', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      metafile: true,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'node-builtins',
          setup(b) {
            b.onResolve({ filter: /^node:/ }, (args) => {
              nodeImports.add(`${args.importer.replace(/.*packages\//, '')} ${args.path}`)
              return { path: args.path, namespace: 'node-stub' }
            })
            b.onLoad({ filter: /.*/, namespace: 'node-stub' }, () => ({ contents: 'module.exports = {}' }))
          },
        },
      ],
    })
    const code = result.outputFiles[0]?.text ?? ''
    expect(code).toContain('decodeAreaBundle')
    expect(code).toContain('planRoutes')
    expect([...nodeImports]).toEqual([])
    // Nothing left for the browser to load: no require of a module by name (esbuild wraps CommonJS as require_x()).
    expect(code).not.toMatch(/\brequire\(\s*["']/)
    const inOutput = Object.entries(Object.values(result.metafile.outputs)[0]?.inputs ?? {})
    expect(inOutput.filter(([file, { bytesInOutput }]) => /typebox/.test(file) && bytesInOutput > 0)).toEqual([])
    expect(inOutput.some(([file]) => file.endsWith('plan.ts'))).toBe(true)
  })
})
