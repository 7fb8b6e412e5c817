/**
 * OpenStreetMap PBF block decoding (https://wiki.openstreetmap.org/wiki/PBF_Format) on top of the `pbf` protobuf
 * reader: the HeaderBlock and the PrimitiveBlocks (nodes, dense nodes, ways, relations) that pbf-blobs.ts reads from
 * the file's frames, one block at a time.
 */
import { PbfReader } from 'pbf'
import { OsmPbfError } from './errors.ts'

const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes'])

export type Tags = Record<string, string>

export interface OsmHeader {
  /** [minLon, minLat, maxLon, maxLat] as written by the producer (may be a placeholder). */
  bbox?: [number, number, number, number]
  requiredFeatures: string[]
  optionalFeatures: string[]
  writingProgram?: string
  source?: string
  /** ISO date of the data (osmosis replication timestamp), when the file carries one. */
  replicationTimestamp?: string
}

export function decodeHeaderBlock(data: Uint8Array): OsmHeader {
  const h: OsmHeader = { requiredFeatures: [], optionalFeatures: [] }
  new PbfReader(data).readFields((tag, o, pbf) => {
    if (tag === 1) {
      const b = { left: 0, right: 0, top: 0, bottom: 0 }
      pbf.readMessage((t, bb, p) => {
        const v = p.readSVarint() / 1e9
        if (t === 1) bb.left = v
        else if (t === 2) bb.right = v
        else if (t === 3) bb.top = v
        else if (t === 4) bb.bottom = v
      }, b)
      o.bbox = [b.left, b.bottom, b.right, b.top]
    } else if (tag === 4) o.requiredFeatures.push(pbf.readString())
    else if (tag === 5) o.optionalFeatures.push(pbf.readString())
    else if (tag === 16) o.writingProgram = pbf.readString()
    else if (tag === 17) o.source = pbf.readString()
    else if (tag === 32) {
      const ts = pbf.readVarint()
      if (ts > 0) o.replicationTimestamp = new Date(ts * 1000).toISOString()
    }
  }, h)
  const unsupported = h.requiredFeatures.filter((f) => !SUPPORTED_FEATURES.has(f))
  if (unsupported.length > 0) {
    throw new OsmPbfError(
      `Not an OpenStreetMap PBF file this reader supports: required features ${unsupported.join(', ')}`,
    )
  }
  return h
}

/** Callbacks for the elements of a PrimitiveBlock; leave one out to skip that element type cheaply. */
export interface BlockVisitor {
  /** lat/lon in 1e-7 degrees; tags is null for untagged nodes. */
  node?(id: number, lat: number, lon: number, tags: Tags | null): void
  way?(id: number, refs: number[], tags: Tags | null): void
  /** Tags and members are decoded only for a visitor that has this callback. */
  relation?(id: number, tags: Tags | null, members: RelationMember[]): void
}

/** A relation member; `type` 0 node, 1 way, 2 relation. */
export interface RelationMember {
  type: number
  ref: number
  role: string
}

export interface BlockSummary {
  nodes: number
  ways: number
  relations: number
}

/** Decodes one PrimitiveBlock, calling the visitor for each element, and says what the block contained. */
export function decodePrimitiveBlock(data: Uint8Array, visitor: BlockVisitor): BlockSummary {
  const pbf = new PbfReader(data)
  let stringStart = -1
  let stringEnd = -1
  const groups: number[] = []
  let granularity = 100
  let latOffset = 0
  let lonOffset = 0
  while (pbf.pos < pbf.length) {
    const val = pbf.readVarint()
    const tag = val >> 3
    pbf.type = val & 7
    if (tag === 1) {
      stringEnd = pbf.readVarint() + pbf.pos
      stringStart = pbf.pos
      pbf.pos = stringEnd
    } else if (tag === 2) {
      const end = pbf.readVarint() + pbf.pos
      groups.push(pbf.pos, end)
      pbf.pos = end
    } else if (tag === 17) granularity = pbf.readVarint()
    else if (tag === 19) latOffset = pbf.readVarint(true)
    else if (tag === 20) lonOffset = pbf.readVarint(true)
    else pbf.skip(val)
  }
  if (pbf.pos !== pbf.length) throw new OsmPbfError('Not an OpenStreetMap PBF file: corrupt primitive block')
  const strings: string[] = []
  if (stringStart >= 0) {
    pbf.pos = stringStart
    while (pbf.pos < stringEnd) {
      const val = pbf.readVarint()
      pbf.type = val & 7
      if (val >> 3 === 1) strings.push(pbf.readString())
      else pbf.skip(val)
    }
  }
  const str: StringTable = (i) => {
    const s = i === undefined ? undefined : strings[i]
    if (s === undefined) throw new OsmPbfError('Not an OpenStreetMap PBF file: string index out of range')
    return s
  }
  // Coordinates in 1e-7 degrees: (offset + granularity * value) nanodegrees / 100.
  const toLat = (v: number) => Math.round((latOffset + granularity * v) / 100)
  const toLon = (v: number) => Math.round((lonOffset + granularity * v) / 100)
  const visitNode = visitor.node
  const node: RawNode | undefined = visitNode && ((id, lat, lon, tags) => visitNode(id, toLat(lat), toLon(lon), tags))
  const summary: BlockSummary = { nodes: 0, ways: 0, relations: 0 }

  // groups holds [start, end) pairs.
  for (let g = 0; g + 1 < groups.length; g += 2) {
    pbf.pos = groups[g]!
    const end = groups[g + 1]!
    while (pbf.pos < end) {
      const val = pbf.readVarint()
      const tag = val >> 3
      pbf.type = val & 7
      if (tag === 2) {
        summary.nodes++
        if (node) readDense(pbf, node, str)
        else pbf.skip(val)
      } else if (tag === 1) {
        summary.nodes++
        if (node) readNode(pbf, node, str)
        else pbf.skip(val)
      } else if (tag === 3) {
        summary.ways++
        if (visitor.way) readWay(pbf, visitor.way, str)
        else pbf.skip(val)
      } else if (tag === 4) {
        summary.relations++
        if (visitor.relation) {
          visitor.relation(...readRelation(pbf, str))
        } else pbf.skip(val)
      } else pbf.skip(val)
    }
  }
  return summary
}

/** String table lookup; a missing or out-of-range index (corrupt block) throws OsmPbfError. */
type StringTable = (i: number | undefined) => string
/** The visitor's node callback on a block's raw coordinates (before its granularity and offsets). */
type RawNode = (id: number, lat: number, lon: number, tags: Tags | null) => void

function tagsOf(keys: number[], vals: number[], str: StringTable): Tags | null {
  if (keys.length === 0) return null
  const tags: Tags = {}
  for (let i = 0; i < keys.length; i++) tags[str(keys[i])] = str(vals[i])
  return tags
}

function readDense(pbf: PbfReader, node: RawNode, str: StringTable): void {
  const end = pbf.readVarint() + pbf.pos
  const ids: number[] = []
  const lats: number[] = []
  const lons: number[] = []
  const kv: number[] = []
  while (pbf.pos < end) {
    const val = pbf.readVarint()
    const tag = val >> 3
    pbf.type = val & 7
    if (tag === 1) pbf.readPackedSVarint(ids)
    else if (tag === 8) pbf.readPackedSVarint(lats)
    else if (tag === 9) pbf.readPackedSVarint(lons)
    else if (tag === 10) pbf.readPackedVarint(kv)
    else pbf.skip(val)
  }
  if (lats.length !== ids.length || lons.length !== ids.length) {
    throw new OsmPbfError('Not an OpenStreetMap PBF file: corrupt dense nodes')
  }
  let id = 0
  let lat = 0
  let lon = 0
  let k = 0
  const hasTags = kv.length > 0
  // lats and lons have ids.length entries (checked above).
  for (let i = 0; i < ids.length; i++) {
    id += ids[i]!
    lat += lats[i]!
    lon += lons[i]!
    let tags: Tags | null = null
    if (hasTags) {
      while (k < kv.length && kv[k] !== 0) {
        tags ??= {}
        tags[str(kv[k])] = str(kv[k + 1])
        k += 2
      }
      k++
    }
    node(id, lat, lon, tags)
  }
}

function readNode(pbf: PbfReader, node: RawNode, str: StringTable): void {
  const n = { id: 0, lat: 0, lon: 0, keys: [] as number[], vals: [] as number[] }
  pbf.readMessage((tag, o, p) => {
    if (tag === 1) o.id = p.readSVarint()
    else if (tag === 2) p.readPackedVarint(o.keys)
    else if (tag === 3) p.readPackedVarint(o.vals)
    else if (tag === 8) o.lat = p.readSVarint()
    else if (tag === 9) o.lon = p.readSVarint()
  }, n)
  node(n.id, n.lat, n.lon, tagsOf(n.keys, n.vals, str))
}

function readWay(pbf: PbfReader, way: NonNullable<BlockVisitor['way']>, str: StringTable): void {
  const w = { id: 0, keys: [] as number[], vals: [] as number[], refs: [] as number[] }
  pbf.readMessage((tag, o, p) => {
    if (tag === 1) o.id = p.readVarint()
    else if (tag === 2) p.readPackedVarint(o.keys)
    else if (tag === 3) p.readPackedVarint(o.vals)
    else if (tag === 8) p.readPackedSVarint(o.refs)
  }, w)
  const refs = w.refs
  for (let i = 1; i < refs.length; i++) refs[i]! += refs[i - 1]!
  way(w.id, refs, tagsOf(w.keys, w.vals, str))
}

function readRelation(pbf: PbfReader, str: StringTable): [number, Tags | null, RelationMember[]] {
  const r = {
    id: 0,
    keys: [] as number[],
    vals: [] as number[],
    roles: [] as number[],
    ids: [] as number[],
    types: [] as number[],
  }
  pbf.readMessage((tag, o, p) => {
    if (tag === 1) o.id = p.readVarint()
    else if (tag === 2) p.readPackedVarint(o.keys)
    else if (tag === 3) p.readPackedVarint(o.vals)
    else if (tag === 8) p.readPackedVarint(o.roles)
    else if (tag === 9) p.readPackedSVarint(o.ids)
    else if (tag === 10) p.readPackedVarint(o.types)
  }, r)
  const members: RelationMember[] = []
  let ref = 0
  for (let i = 0; i < r.ids.length; i++) {
    ref += r.ids[i] ?? 0
    members.push({ type: r.types[i] ?? 0, ref, role: str(r.roles[i] ?? 0) })
  }
  return [r.id, tagsOf(r.keys, r.vals, str), members]
}
