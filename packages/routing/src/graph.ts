/**
 * The road graph in typed arrays (CSR). One graph serves every mode: each undirected edge (a piece of an OSM way
 * between two junctions) carries a mode-access bitmask, and appears twice in the adjacency (once from each end),
 * so the reverse search of a bidirectional query walks the same arrays.
 *
 * Stored bytes: per undirected edge 2 arcs x (target 4 + edge 4 + flags 1) = 18, from/to 8, length 4, access 1,
 * main-component 1 (routing core 32), class/lit/sidewalk/maxspeed 4, speeds 3, name 4, way id 8, shape offset 4
 * (55 in all); per node 20 (lat/lon Int32 8, OSM id 8, CSR offset 4); per shape point 8. bytesPerEdge() reports
 * the total over all arrays divided by the edge count (98.6 on heidelberg).
 */
import type { Mode } from './road-rules.ts'

export type { Mode } from './road-rules.ts'

export interface GraphMeta {
  /** [minLon, minLat, maxLon, maxLat] of the graph's nodes. */
  bbox: [number, number, number, number]
  /** The extracts the graph was built from, with their data date when the file gives one. */
  sources: { name: string; dataDate?: string }[]
  createdAt: string
}

export interface RoadGraph {
  nodeCount: number
  edgeCount: number
  /** Node coordinates, 1e-7 degrees. */
  nodeLat: Int32Array
  nodeLon: Int32Array
  nodeOsmId: Float64Array
  /** CSR: arcs of node v are firstArc[v] .. firstArc[v+1]-1. */
  firstArc: Uint32Array
  arcTarget: Uint32Array
  arcEdge: Uint32Array
  /**
   * Bits 0..2: the arc may be travelled (foot, bike, car) from its node to arcTarget; bits 3..5: from arcTarget
   * to its node (used by the reverse search); bit 6: the arc runs against the edge's geometry (to -> from).
   */
  arcFlags: Uint8Array
  edgeFrom: Uint32Array
  edgeTo: Uint32Array
  /** Metres along the geometry. */
  edgeLength: Float32Array
  /** Bits 0..2 from->to allowed for foot/bike/car, bits 3..5 to->from. */
  edgeAccess: Uint8Array
  /** Bit m set: the edge is in the largest connected component of mode m (snapping uses only those). */
  edgeMain: Uint8Array
  /** Index into HIGHWAY_CLASSES. */
  edgeClass: Uint8Array
  /** 0 unknown, 1 lit, 2 unlit. */
  edgeLit: Uint8Array
  /** 0 unknown, 1 none, 2 one side, 3 both sides, 4 mapped separately. */
  edgeSidewalk: Uint8Array
  /** Tagged maxspeed km/h, 0 unknown. */
  edgeMaxspeed: Uint8Array
  /** km/h per mode, 3 per edge: foot, bike, car. */
  edgeSpeed: Uint8Array
  /** Index into names (0 = unnamed). */
  edgeName: Uint32Array
  edgeWayId: Float64Array
  /** Intermediate shape points of edge e are shape[edgeShapeStart[e] .. edgeShapeStart[e+1]-1], from -> to. */
  edgeShapeStart: Uint32Array
  shapeLat: Int32Array
  shapeLon: Int32Array
  names: string[]
  meta: GraphMeta
}

export const MODE_BIT: Record<Mode, number> = { foot: 1, bike: 2, car: 4 }
export const ARC_REVERSED = 64

export const LIT_VALUES = ['unknown', 'yes', 'no'] as const
export const SIDEWALK_VALUES = ['unknown', 'none', 'one side', 'both', 'separate'] as const

/** Stored bytes divided by the number of undirected edges (nodes and shapes included). */
export function bytesPerEdge(graph: RoadGraph): number {
  let bytes = 0
  for (const v of Object.values(graph)) if (ArrayBuffer.isView(v)) bytes += v.byteLength
  for (const s of graph.names) bytes += s.length + 4
  return bytes / Math.max(1, graph.edgeCount)
}

/** Latitude/longitude in degrees of a node. */
export function nodeCoord(graph: RoadGraph, v: number): [number, number] {
  return [graph.nodeLat[v]! / 1e7, graph.nodeLon[v]! / 1e7]
}

/** The full geometry of edge e as [lat, lon] pairs in degrees, from its `from` node to its `to` node. */
export function edgeGeometry(graph: RoadGraph, e: number): [number, number][] {
  const pts: [number, number][] = [nodeCoord(graph, graph.edgeFrom[e]!)]
  for (let i = graph.edgeShapeStart[e]!, end = graph.edgeShapeStart[e + 1]!; i < end; i++) {
    pts.push([graph.shapeLat[i]! / 1e7, graph.shapeLon[i]! / 1e7])
  }
  pts.push(nodeCoord(graph, graph.edgeTo[e]!))
  return pts
}
