/**
 * A synthetic metro for benchmarks and tests (issue 27), never for the product's import: one real extract tiled
 * rows x cols, each copy shifted by the extract's span plus a gap, with new ids (copy k adds k x idStride to every
 * node, way and relation id), and neighbouring copies joined by two-way connector roads between junctions of the
 * main foot and car component near their facing edges. The result is an ordinary .osm.pbf (sorted nodes, then
 * ways, then relations, in blocks of at most 8,000 elements), so the normal importer reads it and import time is
 * measured end to end. The same inputs always give the same bytes.
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import { METRES_PER_DEGREE } from '@wings/geo'
import { PbfWriter } from 'pbf'
import { buildRoadGraph } from '../build-graph.ts'
import { decodeHeaderBlock, decodePrimitiveBlock, type OsmHeader, type RelationMember, type Tags } from '../osm-pbf.ts'
import { readOsmPbf } from '../osm-reader.ts'
import { readBlobs } from '../pbf-blobs.ts'
import { frame } from './pbf-writer.ts'

export interface MetroOptions {
  /** The extract to tile: a path or the file's bytes. */
  source: string | Uint8Array
  rows: number
  cols: number
  /** Space between neighbouring copies (the connectors' length, about). Default 150 m. */
  gapMeters?: number
  /** Connector roads across each shared side. Default 6. */
  connectorsPerSide?: number
}

export interface MetroSummary {
  copies: number
  nodes: number
  ways: number
  relations: number
  connectors: number
  /** What copy k adds to each id. */
  idStride: number
  /** Copy (r, c) is shifted by r x step[0] in latitude and c x step[1] in longitude (1e-7 degrees). */
  step: [number, number]
  /** [minLon, minLat, maxLon, maxLat] of the metro's nodes, degrees. */
  bbox: [number, number, number, number]
  bytes: number
}

export const CONNECTOR_TAGS: Tags = { highway: 'secondary', name: 'Metro link' }
const BLOCK_SIZE = 8000

interface SourceData {
  header: OsmHeader
  nodeId: Float64Array
  nodeLat: Int32Array
  nodeLon: Int32Array
  nodeTags: (Tags | null)[]
  ways: { id: number; refs: number[]; tags: Tags | null }[]
  relations: { id: number; tags: Tags | null; members: RelationMember[] }[]
}

function readSource(source: string | Uint8Array): SourceData {
  let header: OsmHeader = { requiredFeatures: [], optionalFeatures: [] }
  const nodes: { id: number; lat: number; lon: number; tags: Tags | null }[] = []
  const ways: SourceData['ways'] = []
  const relations: SourceData['relations'] = []
  for (const blob of readBlobs(source)) {
    if (blob.type === 'OSMHeader') header = decodeHeaderBlock(blob.data)
    else
      decodePrimitiveBlock(blob.data, {
        node: (id, lat, lon, tags) => nodes.push({ id, lat, lon, tags }),
        way: (id, refs, tags) => ways.push({ id, refs, tags }),
        relation: (id, tags, members) => relations.push({ id, tags, members }),
      })
  }
  // Sorted by id, so the metro's nodes come out sorted too (copy k's ids all lie above copy k-1's).
  nodes.sort((a, b) => a.id - b.id)
  ways.sort((a, b) => a.id - b.id)
  relations.sort((a, b) => a.id - b.id)
  return {
    header,
    nodeId: Float64Array.from(nodes, (n) => n.id),
    nodeLat: Int32Array.from(nodes, (n) => n.lat),
    nodeLon: Int32Array.from(nodes, (n) => n.lon),
    nodeTags: nodes.map((n) => n.tags),
    ways,
    relations,
  }
}

/** A value at quantile q of a sorted copy: the span ignores the few long ways that stretch some extracts' boxes. */
function quantile(values: Int32Array, q: number): number {
  const s = Int32Array.from(values).sort()
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))] ?? 0
}

interface Side {
  /** OSM ids (in the source) of the connector ends on the east, west, north and south edges, in matching order. */
  east: number[]
  west: number[]
  north: number[]
  south: number[]
}

/**
 * Connector ends: for each of `k` points evenly spread along a side, the junction of the main foot and car
 * component (two-way for cars) nearest the side, a sideways miss counting half. Neighbouring copies are joined
 * east k to west k and north k to south k, so the links do not cross each other.
 */
function connectorEnds(
  source: string | Uint8Array,
  k: number,
  box: { lat0: number; lat1: number; lon0: number; lon1: number },
): Side {
  const graph = buildRoadGraph(readOsmPbf(source, { points: false }))
  const lat: number[] = []
  const lon: number[] = []
  const id: number[] = []
  for (let v = 0; v < graph.nodeCount; v++) {
    let ok = false
    for (let a = graph.firstArc[v]!; a < graph.firstArc[v + 1]! && !ok; a++) {
      const e = graph.arcEdge[a]!
      // foot (1) and car (4) in the main component; car both ways (4 forward, 32 backward).
      ok = (graph.edgeMain[e]! & 5) === 5 && (graph.edgeAccess[e]! & 36) === 36
    }
    if (!ok) continue
    lat.push(graph.nodeLat[v]!)
    lon.push(graph.nodeLon[v]!)
    id.push(graph.nodeOsmId[v]!)
  }
  if (id.length === 0) throw new Error('The extract has no two-way road open to foot and car to join copies by')
  const kx = Math.cos(((box.lat0 + box.lat1) / 2e7) * (Math.PI / 180))
  const pick = (score: (i: number, t: number) => number): number[] => {
    const out: number[] = []
    for (let j = 0; j < k; j++) {
      const t = (j + 0.5) / k
      let best = -1
      let bestScore = Number.POSITIVE_INFINITY
      for (let i = 0; i < id.length; i++) {
        const s = score(i, t)
        if (s < bestScore && !out.includes(id[i]!)) {
          bestScore = s
          best = i
        }
      }
      if (best >= 0) out.push(id[best]!)
    }
    return out
  }
  const alongLat = (i: number, t: number) => Math.abs(lat[i]! - (box.lat0 + t * (box.lat1 - box.lat0))) / 2
  const alongLon = (i: number, t: number) => (Math.abs(lon[i]! - (box.lon0 + t * (box.lon1 - box.lon0))) * kx) / 2
  return {
    east: pick((i, t) => Math.abs(box.lon1 - lon[i]!) * kx + alongLat(i, t)),
    west: pick((i, t) => Math.abs(lon[i]! - box.lon0) * kx + alongLat(i, t)),
    north: pick((i, t) => Math.abs(box.lat1 - lat[i]!) + alongLon(i, t)),
    south: pick((i, t) => Math.abs(lat[i]! - box.lat0) + alongLon(i, t)),
  }
}

/** Collects elements into PrimitiveBlocks (one type per block, with its own string table) and emits frames. */
class BlockWriter {
  private strings: string[] = ['']
  private index = new Map<string, number>([['', 0]])
  private count = 0
  private ids: number[] = []
  private lats: number[] = []
  private lons: number[] = []
  private kv: number[] = []
  private prev = [0, 0, 0]
  private messages: Uint8Array[] = []
  private kind: 'node' | 'way' | 'relation' | null = null

  constructor(private readonly emit: (frame: Uint8Array) => void) {}

  private s(v: string): number {
    let i = this.index.get(v)
    if (i === undefined) {
      i = this.strings.length
      this.strings.push(v)
      this.index.set(v, i)
    }
    return i
  }

  private start(kind: 'node' | 'way' | 'relation'): void {
    if (this.kind !== kind || this.count >= BLOCK_SIZE) this.flush()
    this.kind = kind
    this.count++
  }

  node(id: number, lat: number, lon: number, tags: Tags | null): void {
    this.start('node')
    const [pid, plat, plon] = this.prev as [number, number, number]
    this.ids.push(id - pid)
    this.lats.push(lat - plat)
    this.lons.push(lon - plon)
    this.prev = [id, lat, lon]
    if (tags) for (const [k, v] of Object.entries(tags)) this.kv.push(this.s(k), this.s(v))
    this.kv.push(0)
  }

  way(id: number, refs: ArrayLike<number>, tags: Tags | null): void {
    this.start('way')
    const w = new PbfWriter()
    w.writeVarintField(1, id)
    const entries = Object.entries(tags ?? {})
    w.writePackedVarint(
      2,
      entries.map(([k]) => this.s(k)),
    )
    w.writePackedVarint(
      3,
      entries.map(([, v]) => this.s(v)),
    )
    const deltas: number[] = []
    for (let i = 0; i < refs.length; i++) deltas.push(refs[i]! - (i > 0 ? refs[i - 1]! : 0))
    w.writePackedSVarint(8, deltas)
    this.messages.push(w.finish())
  }

  relation(id: number, tags: Tags | null, members: { type: number; ref: number; role: string }[]): void {
    this.start('relation')
    const r = new PbfWriter()
    r.writeVarintField(1, id)
    const entries = Object.entries(tags ?? {})
    r.writePackedVarint(
      2,
      entries.map(([k]) => this.s(k)),
    )
    r.writePackedVarint(
      3,
      entries.map(([, v]) => this.s(v)),
    )
    r.writePackedVarint(
      8,
      members.map((m) => this.s(m.role)),
    )
    r.writePackedSVarint(
      9,
      members.map((m, i) => m.ref - (i > 0 ? members[i - 1]!.ref : 0)),
    )
    r.writePackedVarint(
      10,
      members.map((m) => m.type),
    )
    this.messages.push(r.finish())
  }

  flush(): void {
    if (this.count === 0) return
    const block = new PbfWriter()
    const table = new PbfWriter()
    const utf8 = new TextEncoder()
    for (const str of this.strings) table.writeBytesField(1, utf8.encode(str))
    block.writeBytesField(1, table.finish())
    const group = new PbfWriter()
    if (this.kind === 'node') {
      const dense = new PbfWriter()
      dense.writePackedSVarint(1, this.ids)
      dense.writePackedSVarint(8, this.lats)
      dense.writePackedSVarint(9, this.lons)
      dense.writePackedVarint(10, this.kv)
      group.writeBytesField(2, dense.finish())
    } else {
      const field = this.kind === 'way' ? 3 : 4
      for (const m of this.messages) group.writeBytesField(field, m)
    }
    block.writeBytesField(2, group.finish())
    block.writeVarintField(17, 100)
    this.emit(frame('OSMData', block.finish()))
    this.strings = ['']
    this.index = new Map([['', 0]])
    this.count = 0
    this.ids = []
    this.lats = []
    this.lons = []
    this.kv = []
    this.prev = [0, 0, 0]
    this.messages = []
  }
}

function headerFrame(bbox: [number, number, number, number], header: OsmHeader): Uint8Array {
  const head = new PbfWriter()
  const box = new PbfWriter()
  // HeaderBBox: left, right, top, bottom in nanodegrees.
  box.writeSVarintField(1, Math.round(bbox[0] * 1e9))
  box.writeSVarintField(2, Math.round(bbox[2] * 1e9))
  box.writeSVarintField(3, Math.round(bbox[3] * 1e9))
  box.writeSVarintField(4, Math.round(bbox[1] * 1e9))
  head.writeBytesField(1, box.finish())
  head.writeStringField(4, 'OsmSchema-V0.6')
  head.writeStringField(4, 'DenseNodes')
  head.writeStringField(16, 'wings-synthetic-metro')
  // The data date of the source, so the region's dataDate stays the real data's.
  if (header.replicationTimestamp) head.writeVarintField(32, Date.parse(header.replicationTimestamp) / 1000)
  return frame('OSMHeader', head.finish(), false)
}

/** Writes the metro through `emit`, frame by frame (the file never sits in memory at once). */
export function synthesizeMetro(options: MetroOptions, emit: (frame: Uint8Array) => void): MetroSummary {
  const { rows, cols } = options
  if (!(Number.isInteger(rows) && Number.isInteger(cols) && rows >= 1 && cols >= 1)) {
    throw new RangeError('rows and cols must be whole numbers >= 1')
  }
  const gap = options.gapMeters ?? 150
  const perSide = options.connectorsPerSide ?? 6
  const src = readSource(options.source)
  const box = {
    lat0: quantile(src.nodeLat, 0.001),
    lat1: quantile(src.nodeLat, 0.999),
    lon0: quantile(src.nodeLon, 0.001),
    lon1: quantile(src.nodeLon, 0.999),
  }
  const kx = Math.cos(((box.lat0 + box.lat1) / 2e7) * (Math.PI / 180))
  const step: [number, number] = [
    Math.round(box.lat1 - box.lat0 + (gap / METRES_PER_DEGREE) * 1e7),
    Math.round(box.lon1 - box.lon0 + (gap / (METRES_PER_DEGREE * kx)) * 1e7),
  ]
  let maxId = 0
  for (const id of src.nodeId) maxId = Math.max(maxId, id)
  for (const w of src.ways) maxId = Math.max(maxId, w.id)
  for (const r of src.relations) maxId = Math.max(maxId, r.id)
  const idStride = 10 ** Math.ceil(Math.log10(maxId + 2))
  const copies = rows * cols
  if ((copies + 1) * idStride > Number.MAX_SAFE_INTEGER) throw new RangeError('Too many copies for unique ids')
  const ends = connectorEnds(options.source, perSide, box)

  let minLat = Number.POSITIVE_INFINITY
  let minLon = Number.POSITIVE_INFINITY
  let maxLat = Number.NEGATIVE_INFINITY
  let maxLon = Number.NEGATIVE_INFINITY
  for (let i = 0; i < src.nodeLat.length; i++) {
    minLat = Math.min(minLat, src.nodeLat[i]!)
    maxLat = Math.max(maxLat, src.nodeLat[i]!)
    minLon = Math.min(minLon, src.nodeLon[i]!)
    maxLon = Math.max(maxLon, src.nodeLon[i]!)
  }
  const bbox: [number, number, number, number] = [
    minLon / 1e7,
    minLat / 1e7,
    (maxLon + (cols - 1) * step[1]) / 1e7,
    (maxLat + (rows - 1) * step[0]) / 1e7,
  ]
  emit(headerFrame(bbox, src.header))
  const out = new BlockWriter(emit)
  for (let k = 0; k < copies; k++) {
    const dLat = Math.floor(k / cols) * step[0]
    const dLon = (k % cols) * step[1]
    const dId = k * idStride
    for (let i = 0; i < src.nodeId.length; i++) {
      out.node(src.nodeId[i]! + dId, src.nodeLat[i]! + dLat, src.nodeLon[i]! + dLon, src.nodeTags[i]!)
    }
  }
  for (let k = 0; k < copies; k++) {
    const dId = k * idStride
    for (const w of src.ways)
      out.way(
        w.id + dId,
        w.refs.map((r) => r + dId),
        w.tags,
      )
  }
  let connectors = 0
  const link = (a: number, aCopy: number, b: number, bCopy: number) => {
    connectors++
    out.way(copies * idStride + connectors, [a + aCopy * idStride, b + bCopy * idStride], CONNECTOR_TAGS)
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = r * cols + c
      if (c + 1 < cols)
        for (let j = 0; j < Math.min(ends.east.length, ends.west.length); j++)
          link(ends.east[j]!, k, ends.west[j]!, k + 1)
      if (r + 1 < rows)
        for (let j = 0; j < Math.min(ends.north.length, ends.south.length); j++)
          link(ends.north[j]!, k, ends.south[j]!, k + cols)
    }
  }
  for (let k = 0; k < copies; k++) {
    const dId = k * idStride
    for (const rel of src.relations) {
      out.relation(
        rel.id + dId,
        rel.tags,
        rel.members.map((m) => ({ ...m, ref: m.ref + dId })),
      )
    }
  }
  out.flush()
  return {
    copies,
    nodes: copies * src.nodeId.length,
    ways: copies * src.ways.length + connectors,
    relations: copies * src.relations.length,
    connectors,
    idStride,
    step,
    bbox,
    bytes: 0,
  }
}

/** The metro as bytes (small tilings, for tests). */
export function metroPbf(options: MetroOptions): { bytes: Uint8Array; summary: MetroSummary } {
  const frames: Uint8Array[] = []
  const summary = synthesizeMetro(options, (f) => frames.push(f))
  const bytes = new Uint8Array(frames.reduce((n, f) => n + f.length, 0))
  let at = 0
  for (const f of frames) {
    bytes.set(f, at)
    at += f.length
  }
  return { bytes, summary: { ...summary, bytes: bytes.length } }
}

/** Writes the metro to `path` (the caller picks a temporary folder; never a region's import path). */
export function writeMetroPbf(options: MetroOptions, path: string): MetroSummary {
  const fd = openSync(path, 'w')
  let bytes = 0
  try {
    const summary = synthesizeMetro(options, (f) => {
      writeSync(fd, f)
      bytes += f.length
    })
    return { ...summary, bytes }
  } finally {
    closeSync(fd)
  }
}
