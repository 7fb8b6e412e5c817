/**
 * Compact binary form of a RoadGraph: 'WNGRAPH1', a little-endian uint32 JSON length, the JSON (counts, meta,
 * names, array layout), then every typed array 8-byte aligned. Loading makes views on the one buffer (no copy).
 */
import type { RoadGraph } from './graph.ts'

const MAGIC = 'WNGRAPH1'
const ARRAYS = [
  ['nodeLat', Int32Array],
  ['nodeLon', Int32Array],
  ['nodeOsmId', Float64Array],
  ['firstArc', Uint32Array],
  ['arcTarget', Uint32Array],
  ['arcEdge', Uint32Array],
  ['arcFlags', Uint8Array],
  ['edgeFrom', Uint32Array],
  ['edgeTo', Uint32Array],
  ['edgeLength', Float32Array],
  ['edgeAccess', Uint8Array],
  ['edgeMain', Uint8Array],
  ['edgeClass', Uint8Array],
  ['edgeLit', Uint8Array],
  ['edgeSidewalk', Uint8Array],
  ['edgeMaxspeed', Uint8Array],
  ['edgeSpeed', Uint8Array],
  ['edgeName', Uint32Array],
  ['edgeWayId', Float64Array],
  ['edgeShapeStart', Uint32Array],
  ['shapeLat', Int32Array],
  ['shapeLon', Int32Array],
] as const
type ArrayKey = (typeof ARRAYS)[number][0]

const align8 = (n: number) => (n + 7) & ~7

export function serializeGraph(graph: RoadGraph): Uint8Array {
  const layout: Record<string, [number, number]> = {}
  const parts: { bytes: Uint8Array; at: number }[] = []
  let offset = 0
  for (const [key] of ARRAYS) {
    const arr = graph[key]
    layout[key] = [offset, arr.length]
    parts.push({ bytes: new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), at: offset })
    offset = align8(offset + arr.byteLength)
  }
  const header = new TextEncoder().encode(
    JSON.stringify({
      nodeCount: graph.nodeCount,
      edgeCount: graph.edgeCount,
      meta: graph.meta,
      names: graph.names,
      layout,
    }),
  )
  const dataStart = align8(12 + header.length)
  const out = new Uint8Array(dataStart + offset)
  out.set(new TextEncoder().encode(MAGIC), 0)
  new DataView(out.buffer).setUint32(8, header.length, true)
  out.set(header, 12)
  for (const { bytes, at } of parts) out.set(bytes, dataStart + at)
  return out
}

export function deserializeGraph(bytes: Uint8Array): RoadGraph {
  if (bytes.length < 12 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error('Not a Wings routing graph file')
  }
  // Typed array views need aligned offsets: copy once if the input is not 8-byte aligned.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice()
  const headerLength = new DataView(buf.buffer, buf.byteOffset, 12).getUint32(8, true)
  if (12 + headerLength > buf.length) throw new Error('Truncated Wings routing graph file')
  const header = JSON.parse(new TextDecoder().decode(buf.subarray(12, 12 + headerLength)))
  const dataStart = buf.byteOffset + align8(12 + headerLength)
  const graph = {
    nodeCount: header.nodeCount,
    edgeCount: header.edgeCount,
    meta: header.meta,
    names: header.names,
  } as RoadGraph
  for (const [key, Ctor] of ARRAYS) {
    const [offset, length] = header.layout[key] as [number, number]
    const start = dataStart + offset
    if (start + length * Ctor.BYTES_PER_ELEMENT > buf.byteOffset + buf.length) {
      throw new Error('Truncated Wings routing graph file')
    }
    ;(graph as unknown as Record<ArrayKey, unknown>)[key] = new Ctor(buf.buffer as ArrayBuffer, start, length)
  }
  return graph
}
