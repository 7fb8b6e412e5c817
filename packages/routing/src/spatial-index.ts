/**
 * Snapping: a uniform grid of edges (each edge listed in every cell its segments' boxes touch), searched in
 * rings around the query until no nearer edge can exist; the point is projected onto the nearest segment.
 */
import { METRES_PER_DEGREE, metresPerDegreeLon, segmentFraction } from '@wings/geo'
import { MODE_BIT, type Mode, type RoadGraph } from './graph.ts'

export interface SpatialGrid {
  originX: number
  originY: number
  cell: number
  cols: number
  rows: number
  /** Metres per degree of longitude used for bucketing. */
  kx: number
  cellStart: Uint32Array
  cellEdges: Uint32Array
  /** Per-edge stamps so an edge listed in several cells is measured once per query. */
  seen: Uint32Array
  query: number
}

const TARGET_CELL_M = 150
const MAX_CELLS = 4_000_000

export function buildSpatialGrid(graph: RoadGraph): SpatialGrid {
  const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
  const kx = metresPerDegreeLon((minLat + maxLat) / 2)
  const ky = METRES_PER_DEGREE
  const originX = minLon * kx
  const originY = minLat * ky
  const w = Math.max(1, (maxLon - minLon) * kx)
  const h = Math.max(1, (maxLat - minLat) * ky)
  let cell = TARGET_CELL_M
  while ((w / cell + 1) * (h / cell + 1) > MAX_CELLS) cell *= 1.5
  const cols = Math.floor(w / cell) + 1
  const rows = Math.floor(h / cell) + 1
  const ncell = cols * rows
  const last = new Int32Array(ncell).fill(-1)
  const counts = new Uint32Array(ncell + 1)

  const forEachCell = (e: number, visit: (c: number) => void) => {
    const vFrom = graph.edgeFrom[e]!
    const vTo = graph.edgeTo[e]!
    let px = graph.nodeLon[vFrom]! / 1e7
    let py = graph.nodeLat[vFrom]! / 1e7
    const s0 = graph.edgeShapeStart[e]!
    const s1 = graph.edgeShapeStart[e + 1]!
    for (let i = s0; i <= s1; i++) {
      const to = i < s1
      const qx = to ? graph.shapeLon[i]! / 1e7 : graph.nodeLon[vTo]! / 1e7
      const qy = to ? graph.shapeLat[i]! / 1e7 : graph.nodeLat[vTo]! / 1e7
      const c0 = clamp(Math.floor((Math.min(px, qx) * kx - originX) / cell), cols)
      const c1 = clamp(Math.floor((Math.max(px, qx) * kx - originX) / cell), cols)
      const r0 = clamp(Math.floor((Math.min(py, qy) * ky - originY) / cell), rows)
      const r1 = clamp(Math.floor((Math.max(py, qy) * ky - originY) / cell), rows)
      for (let r = r0; r <= r1; r++) {
        for (let c = c0; c <= c1; c++) {
          const idx = r * cols + c
          if (last[idx] === e) continue
          last[idx] = e
          visit(idx)
        }
      }
      px = qx
      py = qy
    }
  }
  for (let e = 0; e < graph.edgeCount; e++) forEachCell(e, (idx) => counts[idx + 1]!++)
  for (let i = 0; i < ncell; i++) counts[i + 1]! += counts[i]!
  const cellEdges = new Uint32Array(counts[ncell]!)
  const fill = counts.slice(0, ncell)
  last.fill(-1)
  for (let e = 0; e < graph.edgeCount; e++)
    forEachCell(e, (idx) => {
      cellEdges[fill[idx]!++] = e
    })
  return {
    originX,
    originY,
    cell,
    cols,
    rows,
    kx,
    cellStart: counts,
    cellEdges,
    seen: new Uint32Array(graph.edgeCount),
    query: 0,
  }
}

function clamp(v: number, n: number): number {
  return v < 0 ? 0 : v >= n ? n - 1 : v
}

/** A point on the road network: on `edge`, at `fraction` (0 at its from node, 1 at its to node) of its length. */
export interface Snap {
  edge: number
  fraction: number
  lat: number
  lon: number
  /** Metres from the query point to the road. */
  distance: number
}

/**
 * Nearest edge usable by the mode (in either direction, and in the mode's largest connected component) within
 * maxMeters, or null.
 */
export function nearestEdge(
  graph: RoadGraph,
  grid: SpatialGrid,
  lat: number,
  lon: number,
  mode: Mode,
  maxMeters: number,
): Snap | null {
  const bit = MODE_BIT[mode]
  const accessMask = bit | (bit << 3)
  const gx = lon * grid.kx - grid.originX
  const gy = lat * METRES_PER_DEGREE - grid.originY
  const cx = Math.floor(gx / grid.cell)
  const cy = Math.floor(gy / grid.cell)
  // Query-local plane, exact enough within a few km.
  const qkx = metresPerDegreeLon(lat)
  const qky = METRES_PER_DEGREE
  const q = ++grid.query
  if (q === 0xffffffff) {
    grid.seen.fill(0)
    grid.query = 1
  }
  let bestD2 = maxMeters * maxMeters
  let bestEdge = -1
  let bestAlong = 0
  let bestTotal = 1
  let bestX = 0
  let bestY = 0
  const maxRing = Math.ceil(maxMeters / grid.cell / 0.9) + 1
  for (let ring = 0; ring <= maxRing; ring++) {
    // Cells of ring r+1 are at least r cells away from the query (0.9: the bucketing plane differs slightly).
    const ringMin = (ring - 1) * grid.cell * 0.9
    if (ringMin > 0 && ringMin * ringMin > bestD2) break
    for (let r = cy - ring; r <= cy + ring; r++) {
      if (r < 0 || r >= grid.rows) continue
      const edgeRow = r === cy - ring || r === cy + ring
      const step = edgeRow ? 1 : Math.max(1, 2 * ring)
      for (let c = cx - ring; c <= cx + ring; c += step) {
        if (c < 0 || c >= grid.cols) continue
        const idx = r * grid.cols + c
        for (let k = grid.cellStart[idx]!, kEnd = grid.cellStart[idx + 1]!; k < kEnd; k++) {
          const e = grid.cellEdges[k]!
          if (grid.seen[e] === grid.query) continue
          grid.seen[e] = grid.query
          if ((graph.edgeAccess[e]! & accessMask) === 0 || (graph.edgeMain[e]! & bit) === 0) continue
          // Walk the edge's segments in query-local metres.
          const vFrom = graph.edgeFrom[e]!
          const vTo = graph.edgeTo[e]!
          let px = (graph.nodeLon[vFrom]! / 1e7 - lon) * qkx
          let py = (graph.nodeLat[vFrom]! / 1e7 - lat) * qky
          const s0 = graph.edgeShapeStart[e]!
          const s1 = graph.edgeShapeStart[e + 1]!
          let along = 0
          let eBest = Number.POSITIVE_INFINITY
          let eAlong = 0
          let eX = 0
          let eY = 0
          for (let i = s0; i <= s1; i++) {
            const to = i < s1
            const qx = ((to ? graph.shapeLon[i]! : graph.nodeLon[vTo]!) / 1e7 - lon) * qkx
            const qy = ((to ? graph.shapeLat[i]! : graph.nodeLat[vTo]!) / 1e7 - lat) * qky
            const dx = qx - px
            const dy = qy - py
            const len2 = dx * dx + dy * dy
            const t = segmentFraction(0, 0, px, py, qx, qy)
            const sx = px + t * dx
            const sy = py + t * dy
            const d2 = sx * sx + sy * sy
            const segLen = Math.sqrt(len2)
            if (d2 < eBest) {
              eBest = d2
              eAlong = along + t * segLen
              eX = sx
              eY = sy
            }
            along += segLen
            px = qx
            py = qy
          }
          if (eBest < bestD2 || (eBest === bestD2 && bestEdge < 0)) {
            bestD2 = eBest
            bestEdge = e
            bestAlong = eAlong
            bestTotal = along
            bestX = eX
            bestY = eY
          }
        }
      }
    }
  }
  if (bestEdge < 0) return null
  return {
    edge: bestEdge,
    fraction: bestTotal > 0 ? Math.min(1, Math.max(0, bestAlong / bestTotal)) : 0,
    lat: lat + bestY / qky,
    lon: lon + bestX / qkx,
    distance: Math.sqrt(bestD2),
  }
}
