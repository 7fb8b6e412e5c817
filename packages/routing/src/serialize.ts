/**
 * Compact binary form of a RoadGraph: 'WNGRAPH1', a little-endian uint32 JSON length, the JSON (counts, meta,
 * names, array layout), then every typed array 8-byte aligned. Loading makes views on the one buffer (no copy).
 */
import { packer, unpack } from './container.ts'
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

export function serializeGraph(graph: RoadGraph): Uint8Array {
  const pack = packer(MAGIC)
  const layout: Record<string, [number, number]> = {}
  for (const [key] of ARRAYS) layout[key] = pack.place(graph[key])
  const { nodeCount, edgeCount, meta, names } = graph
  return pack.finish({ nodeCount, edgeCount, meta, names, layout })
}

export function deserializeGraph(bytes: Uint8Array): RoadGraph {
  const { header, view } = unpack(bytes, MAGIC, 'routing graph')
  const graph = {
    nodeCount: header.nodeCount,
    edgeCount: header.edgeCount,
    meta: header.meta,
    names: header.names,
  } as RoadGraph
  for (const [key, Ctor] of ARRAYS) {
    ;(graph as unknown as Record<ArrayKey, unknown>)[key] = view<ArrayBufferView>(Ctor, header.layout[key])
  }
  return graph
}
