/**
 * The road graph of an area, cut from the region's graph: every edge whose geometry reaches into the box, whole, with
 * its two nodes. Nodes, edges and each node's arcs keep the region graph's order, and the graph keeps the region's
 * meta (its bbox too), so the router's plane, snapping grid and tie-breaks are the server's: a search that stays in
 * the area settles the same nodes in the same order and finds the same routes.
 */
import type { RoadGraph } from '@wings/routing'

export interface Subgraph {
  graph: RoadGraph
  /** The region graph's id of each of the area's edges (increasing). */
  edges: Uint32Array
}

/** The region's edges whose geometry's bounding box meets `box` ([west, south, east, north], degrees). */
export function edgesInBox(graph: RoadGraph, [west, south, east, north]: readonly number[]): Uint32Array {
  const [w, s, e, n] = [west, south, east, north].map((d) => Math.round((d as number) * 1e7)) as [
    number,
    number,
    number,
    number,
  ]
  const { nodeLat, nodeLon, shapeLat, shapeLon, edgeShapeStart, edgeFrom, edgeTo } = graph
  const out: number[] = []
  for (let edge = 0; edge < graph.edgeCount; edge++) {
    const a = edgeFrom[edge]!
    const b = edgeTo[edge]!
    let minLat = Math.min(nodeLat[a]!, nodeLat[b]!)
    let maxLat = Math.max(nodeLat[a]!, nodeLat[b]!)
    let minLon = Math.min(nodeLon[a]!, nodeLon[b]!)
    let maxLon = Math.max(nodeLon[a]!, nodeLon[b]!)
    for (let i = edgeShapeStart[edge]!, end = edgeShapeStart[edge + 1]!; i < end; i++) {
      const lat = shapeLat[i]!
      const lon = shapeLon[i]!
      if (lat < minLat) minLat = lat
      else if (lat > maxLat) maxLat = lat
      if (lon < minLon) minLon = lon
      else if (lon > maxLon) maxLon = lon
    }
    if (maxLat >= s && minLat <= n && maxLon >= w && minLon <= e) out.push(edge)
  }
  return Uint32Array.from(out)
}

/** [west, south, east, north] of the geometry of `edges` (degrees): an edge kept whole may reach past the box. */
export function edgesExtent(graph: RoadGraph, edges: Uint32Array): [number, number, number, number] {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  const take = (lat: number, lon: number) => {
    if (lat < s) s = lat
    if (lat > n) n = lat
    if (lon < w) w = lon
    if (lon > e) e = lon
  }
  for (const edge of edges) {
    take(graph.nodeLat[graph.edgeFrom[edge]!]!, graph.nodeLon[graph.edgeFrom[edge]!]!)
    take(graph.nodeLat[graph.edgeTo[edge]!]!, graph.nodeLon[graph.edgeTo[edge]!]!)
    for (let i = graph.edgeShapeStart[edge]!, end = graph.edgeShapeStart[edge + 1]!; i < end; i++)
      take(graph.shapeLat[i]!, graph.shapeLon[i]!)
  }
  return edges.length === 0 ? [0, 0, 0, 0] : [w / 1e7, s / 1e7, e / 1e7, n / 1e7]
}

/** The subgraph of `edges` (increasing region edge ids) and their nodes, in the region graph's order. */
export function subgraphOf(graph: RoadGraph, edges: Uint32Array): Subgraph {
  const m = edges.length
  const newEdge = new Int32Array(graph.edgeCount).fill(-1)
  const keepNode = new Uint8Array(graph.nodeCount)
  for (let i = 0; i < m; i++) {
    const e = edges[i]!
    newEdge[e] = i
    keepNode[graph.edgeFrom[e]!] = 1
    keepNode[graph.edgeTo[e]!] = 1
  }
  const newNode = new Int32Array(graph.nodeCount).fill(-1)
  const nodes: number[] = []
  for (let v = 0; v < graph.nodeCount; v++) {
    if (keepNode[v] === 0) continue
    newNode[v] = nodes.length
    nodes.push(v)
  }
  const n = nodes.length

  const nodeLat = new Int32Array(n)
  const nodeLon = new Int32Array(n)
  const nodeOsmId = new Float64Array(n)
  const firstArc = new Uint32Array(n + 1)
  const arcs: number[] = []
  for (let i = 0; i < n; i++) {
    const v = nodes[i]!
    nodeLat[i] = graph.nodeLat[v]!
    nodeLon[i] = graph.nodeLon[v]!
    nodeOsmId[i] = graph.nodeOsmId[v]!
    firstArc[i] = arcs.length
    for (let a = graph.firstArc[v]!; a < graph.firstArc[v + 1]!; a++) if (newEdge[graph.arcEdge[a]!]! >= 0) arcs.push(a)
  }
  firstArc[n] = arcs.length
  const arcTarget = new Uint32Array(arcs.length)
  const arcEdge = new Uint32Array(arcs.length)
  const arcFlags = new Uint8Array(arcs.length)
  arcs.forEach((a, i) => {
    arcTarget[i] = newNode[graph.arcTarget[a]!]!
    arcEdge[i] = newEdge[graph.arcEdge[a]!]!
    arcFlags[i] = graph.arcFlags[a]!
  })

  // Names: the ones the area's edges use, in the region's order ('' stays first: 0 is unnamed).
  const nameIndex = new Map<number, number>([[0, 0]])
  const usedNames = [...new Set(Array.from(edges, (e) => graph.edgeName[e]!))]
    .filter((k) => k !== 0)
    .sort((a, b) => a - b)
  for (const k of usedNames) nameIndex.set(k, nameIndex.size)
  const names = [graph.names[0] ?? '', ...usedNames.map((k) => graph.names[k] ?? '')]

  let shapes = 0
  for (const e of edges) shapes += graph.edgeShapeStart[e + 1]! - graph.edgeShapeStart[e]!
  const edgeShapeStart = new Uint32Array(m + 1)
  const shapeLat = new Int32Array(shapes)
  const shapeLon = new Int32Array(shapes)
  const pick = <T extends Uint8Array | Uint32Array | Float32Array | Float64Array>(source: T, out: T): T => {
    for (let i = 0; i < m; i++) out[i] = source[edges[i]!]!
    return out
  }
  const edgeFrom = new Uint32Array(m)
  const edgeTo = new Uint32Array(m)
  const edgeName = new Uint32Array(m)
  const edgeSpeed = new Uint8Array(3 * m)
  let s = 0
  for (let i = 0; i < m; i++) {
    const e = edges[i]!
    edgeFrom[i] = newNode[graph.edgeFrom[e]!]!
    edgeTo[i] = newNode[graph.edgeTo[e]!]!
    edgeName[i] = nameIndex.get(graph.edgeName[e]!)!
    for (let k = 0; k < 3; k++) edgeSpeed[3 * i + k] = graph.edgeSpeed[3 * e + k]!
    edgeShapeStart[i] = s
    for (let p = graph.edgeShapeStart[e]!; p < graph.edgeShapeStart[e + 1]!; p++, s++) {
      shapeLat[s] = graph.shapeLat[p]!
      shapeLon[s] = graph.shapeLon[p]!
    }
  }
  edgeShapeStart[m] = s

  return {
    edges,
    graph: {
      nodeCount: n,
      edgeCount: m,
      nodeLat,
      nodeLon,
      nodeOsmId,
      firstArc,
      arcTarget,
      arcEdge,
      arcFlags,
      edgeFrom,
      edgeTo,
      edgeLength: pick(graph.edgeLength, new Float32Array(m)),
      edgeAccess: pick(graph.edgeAccess, new Uint8Array(m)),
      edgeMain: pick(graph.edgeMain, new Uint8Array(m)),
      edgeClass: pick(graph.edgeClass, new Uint8Array(m)),
      edgeLit: pick(graph.edgeLit, new Uint8Array(m)),
      edgeSidewalk: pick(graph.edgeSidewalk, new Uint8Array(m)),
      edgeMaxspeed: pick(graph.edgeMaxspeed, new Uint8Array(m)),
      edgeSpeed,
      edgeName,
      edgeWayId: pick(graph.edgeWayId, new Float64Array(m)),
      edgeShapeStart,
      shapeLat,
      shapeLon,
      names,
      meta: graph.meta,
    },
  }
}

/** Every column of `columns` (one entry per region edge) cut to the area's edges. */
export function sliceColumns<C extends { [K in keyof C]: Uint8Array | Uint16Array | Float32Array }>(
  columns: C,
  edges: Uint32Array,
): C {
  const out: Record<string, Uint8Array | Uint16Array | Float32Array> = {}
  for (const [name, column] of Object.entries(columns) as [string, Uint8Array | Uint16Array | Float32Array][]) {
    const Ctor = column.constructor as new (n: number) => typeof column
    const cut = new Ctor(edges.length)
    for (let i = 0; i < edges.length; i++) cut[i] = column[edges[i]!]!
    out[name] = cut
  }
  return out as C
}
