/** A minimal .osm.pbf writer (DenseNodes + Ways, zlib blobs) for hand-made test fixtures. */
import { deflateSync } from 'node:zlib'
import { PbfWriter } from 'pbf'

export interface FixtureNode {
  id: number
  lat: number
  lon: number
  tags?: Record<string, string>
}
export interface FixtureWay {
  id: number
  refs: number[]
  tags: Record<string, string>
}
/** A relation; member `type` 0 node, 1 way, 2 relation. */
export interface FixtureRelation {
  id: number
  members: { type: 0 | 1 | 2; ref: number; role: string }[]
  tags: Record<string, string>
}

/** One file block: its BlobHeader of `type` and its Blob, zlib-compressed unless `compress` is false. */
export function frame(type: string, payload: Uint8Array, compress = true): Uint8Array {
  const blob = new PbfWriter()
  if (compress) {
    blob.writeVarintField(2, payload.length)
    blob.writeBytesField(3, deflateSync(payload))
  } else blob.writeBytesField(1, payload)
  const blobBytes = blob.finish()
  const header = new PbfWriter()
  header.writeStringField(1, type)
  header.writeVarintField(3, blobBytes.length)
  const headerBytes = header.finish()
  const out = new Uint8Array(4 + headerBytes.length + blobBytes.length)
  new DataView(out.buffer).setUint32(0, headerBytes.length)
  out.set(headerBytes, 4)
  out.set(blobBytes, 4 + headerBytes.length)
  return out
}

export function writeOsmPbf(nodes: FixtureNode[], ways: FixtureWay[], relations: FixtureRelation[] = []): Uint8Array {
  const head = new PbfWriter()
  head.writeStringField(4, 'OsmSchema-V0.6')
  head.writeStringField(4, 'DenseNodes')
  head.writeStringField(16, 'wings-test-fixture')
  head.writeVarintField(32, 1_700_000_000)

  const strings = ['']
  const sid = new Map<string, number>([['', 0]])
  const s = (v: string) => {
    let i = sid.get(v)
    if (i === undefined) {
      i = strings.length
      strings.push(v)
      sid.set(v, i)
    }
    return i
  }
  // Coordinates with the default granularity (100 nanodegrees) and no offsets.
  const ids: number[] = []
  const lats: number[] = []
  const lons: number[] = []
  const kv: number[] = []
  let pid = 0
  let plat = 0
  let plon = 0
  for (const n of nodes) {
    const lat = Math.round(n.lat * 1e7)
    const lon = Math.round(n.lon * 1e7)
    ids.push(n.id - pid)
    lats.push(lat - plat)
    lons.push(lon - plon)
    pid = n.id
    plat = lat
    plon = lon
    for (const [k, v] of Object.entries(n.tags ?? {})) kv.push(s(k), s(v))
    kv.push(0)
  }
  const wayMsgs = ways.map((w) => {
    const pw = new PbfWriter()
    pw.writeVarintField(1, w.id)
    const entries = Object.entries(w.tags)
    pw.writePackedVarint(
      2,
      entries.map(([k]) => s(k)),
    )
    pw.writePackedVarint(
      3,
      entries.map(([, v]) => s(v)),
    )
    let prevRef = 0
    pw.writePackedSVarint(
      8,
      w.refs.map((r) => {
        const delta = r - prevRef
        prevRef = r
        return delta
      }),
    )
    return pw.finish()
  })

  const relationMsgs = relations.map((r) => {
    const pr = new PbfWriter()
    pr.writeVarintField(1, r.id)
    const entries = Object.entries(r.tags)
    pr.writePackedVarint(
      2,
      entries.map(([k]) => s(k)),
    )
    pr.writePackedVarint(
      3,
      entries.map(([, v]) => s(v)),
    )
    pr.writePackedVarint(
      8,
      r.members.map((m) => s(m.role)),
    )
    let prev = 0
    pr.writePackedSVarint(
      9,
      r.members.map((m) => {
        const delta = m.ref - prev
        prev = m.ref
        return delta
      }),
    )
    pr.writePackedVarint(
      10,
      r.members.map((m) => m.type),
    )
    return pr.finish()
  })

  const block = new PbfWriter()
  const table = new PbfWriter()
  for (const str of strings) table.writeBytesField(1, new TextEncoder().encode(str))
  block.writeBytesField(1, table.finish())
  const dense = new PbfWriter()
  dense.writePackedSVarint(1, ids)
  dense.writePackedSVarint(8, lats)
  dense.writePackedSVarint(9, lons)
  dense.writePackedVarint(10, kv)
  const nodeGroup = new PbfWriter()
  nodeGroup.writeBytesField(2, dense.finish())
  block.writeBytesField(2, nodeGroup.finish())
  const wayGroup = new PbfWriter()
  for (const m of wayMsgs) wayGroup.writeBytesField(3, m)
  block.writeBytesField(2, wayGroup.finish())
  if (relationMsgs.length > 0) {
    const relationGroup = new PbfWriter()
    for (const m of relationMsgs) relationGroup.writeBytesField(4, m)
    block.writeBytesField(2, relationGroup.finish())
  }
  block.writeVarintField(17, 100)

  const parts = [frame('OSMHeader', head.finish(), false), frame('OSMData', block.finish())]
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let o = 0
  for (const p of parts) {
    out.set(p, o)
    o += p.length
  }
  return out
}
