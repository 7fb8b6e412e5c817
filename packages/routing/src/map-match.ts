/**
 * Map matching: which edges lie near a point (for incident reports) and which edges a travelled line follows (for
 * route ratings). Both read the router's snap grid, so callers never touch its cells.
 */
import { METRES_PER_DEGREE, metresPerDegreeLon, segmentDistance2 } from '@wings/geo'
import { routerContext } from './context.ts'
import { OutsideRegionError } from './errors.ts'
import { snapPoint } from './find-routes.ts'
import type { Mode, RoadGraph } from './graph.ts'

type Point = readonly [number, number]

/** Metres from (lat, lon) to edge e's geometry (on a local plane around the point). */
function edgeDistance(graph: RoadGraph, e: number, lat: number, lon: number): number {
  const kx = metresPerDegreeLon(lat)
  const from = graph.edgeFrom[e]!
  const to = graph.edgeTo[e]!
  let px = (graph.nodeLon[from]! / 1e7 - lon) * kx
  let py = (graph.nodeLat[from]! / 1e7 - lat) * METRES_PER_DEGREE
  let best = Number.POSITIVE_INFINITY
  const s0 = graph.edgeShapeStart[e]!
  const s1 = graph.edgeShapeStart[e + 1]!
  for (let i = s0; i <= s1; i++) {
    const last = i === s1
    const qx = ((last ? graph.nodeLon[to]! : graph.shapeLon[i]!) / 1e7 - lon) * kx
    const qy = ((last ? graph.nodeLat[to]! : graph.shapeLat[i]!) / 1e7 - lat) * METRES_PER_DEGREE
    best = Math.min(best, segmentDistance2(0, 0, px, py, qx, qy))
    px = qx
    py = qy
  }
  return Math.sqrt(best)
}

/** Every edge (any mode) with a point within `radius` metres of (lat, lon). */
export function edgesNear(graph: RoadGraph, lat: number, lon: number, radius: number): number[] {
  const grid = routerContext(graph).grid
  const gx = lon * grid.kx - grid.originX
  const gy = lat * METRES_PER_DEGREE - grid.originY
  // The grid's plane (fixed for the region) and the point's differ slightly: look one extra cell around.
  const reach = Math.ceil(radius / grid.cell) + 1
  const cx = Math.floor(gx / grid.cell)
  const cy = Math.floor(gy / grid.cell)
  const seen = new Set<number>()
  const out: number[] = []
  for (let r = Math.max(0, cy - reach); r <= Math.min(grid.rows - 1, cy + reach); r++) {
    for (let c = Math.max(0, cx - reach); c <= Math.min(grid.cols - 1, cx + reach); c++) {
      const idx = r * grid.cols + c
      for (let k = grid.cellStart[idx]!; k < grid.cellStart[idx + 1]!; k++) {
        const e = grid.cellEdges[k]!
        if (seen.has(e)) continue
        seen.add(e)
        if (edgeDistance(graph, e, lat, lon) <= radius) out.push(e)
      }
    }
  }
  return out
}

/** The line's length in metres and the point `at` metres along it (asked in increasing order). */
function along(points: readonly Point[]) {
  const cum = [0]
  for (let i = 1; i < points.length; i++) {
    const [lat1, lon1] = points[i - 1]!
    const [lat2, lon2] = points[i]!
    const kx = metresPerDegreeLon((lat1 + lat2) / 2)
    cum.push(cum[i - 1]! + Math.hypot((lon2 - lon1) * kx, (lat2 - lat1) * METRES_PER_DEGREE))
  }
  const length = cum.at(-1)!
  let seg = 1
  return {
    length,
    at(meters: number): [number, number] {
      while (seg < points.length - 1 && cum[seg]! < meters) seg++
      const a = points[seg - 1]!
      const b = points[seg]!
      const span = cum[seg]! - cum[seg - 1]!
      const t = span > 0 ? Math.max(0, Math.min(1, (meters - cum[seg - 1]!) / span)) : 0
      return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
    },
  }
}

export interface TrackMatchOptions {
  /** A point every this many metres along the line is snapped... */
  stepMeters: number
  /** ...to the nearest edge usable by the mode within this many metres. */
  maxMeters: number
  /** At most this many points (the step grows for long lines). */
  maxSamples: number
  /** The first and last metres (at most 20% of the line each) are not matched: they are near its ends. */
  trimMeters: number
}

export interface TrackMatch {
  /** Edges the line follows, each once. */
  edges: number[]
  /** The point half-way along the line. */
  midpoint: [number, number]
}

/**
 * Map-matches a travelled line ([lat, lon] points, at least two) onto the graph. An edge counts when two points
 * snap to it, or one point when it is shorter than two steps (a point at a junction may snap to a cross street: one
 * hit on a long edge is noise).
 */
export function matchTrack(
  graph: RoadGraph,
  points: readonly Point[],
  mode: Mode,
  options: TrackMatchOptions,
): TrackMatch {
  const line = along(points)
  const midpoint = along(points).at(line.length / 2)
  const trim = Math.min(options.trimMeters, line.length * 0.2)
  const span = line.length - 2 * trim
  const step = Math.max(options.stepMeters, span / options.maxSamples)
  const hits = new Map<number, number>()
  for (let s = trim; s <= line.length - trim + 1e-6; s += step) {
    try {
      const snap = snapPoint(graph, line.at(s), mode, options.maxMeters)
      hits.set(snap.edge, (hits.get(snap.edge) ?? 0) + 1)
    } catch (error) {
      if (!(error instanceof OutsideRegionError)) throw error
    }
  }
  const edges: number[] = []
  for (const [edge, count] of hits) {
    if (count >= 2 || graph.edgeLength[edge]! <= 2 * step) edges.push(edge)
  }
  return { edges, midpoint }
}
