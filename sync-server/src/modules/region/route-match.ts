/**
 * Map matching of a rated route (docs/community-signals.md): the decoded line's points are snapped onto the graph's
 * edges. CPU-heavy for a long line, so it runs on a region worker (tasks.ts); kept free of the server's other
 * modules so that a worker loads little.
 */
import { decodePolyline, OutsideRegionError, type RoadGraph, snapPoint } from '@wings/routing'

/** Route matching: a point every MATCH_STEP_METERS along the line is snapped to the nearest edge within MATCH_MAX_METERS. */
export const MATCH_STEP_METERS = 20
export const MATCH_MAX_METERS = 30
/** At most this many points per route (the step grows for long routes). */
export const MATCH_MAX_SAMPLES = 2000
/** The first and last metres of a rated route (at most 20% of it each) are not matched: they are near its ends. */
export const MATCH_TRIM_METERS = 100

const M_PER_DEG = 111_195

/** The polyline's length and the point `at` metres along it. */
function along(points: readonly (readonly [number, number])[]) {
  const cum = [0]
  for (let i = 1; i < points.length; i++) {
    const [lat1, lon1] = points[i - 1] as readonly [number, number]
    const [lat2, lon2] = points[i] as readonly [number, number]
    const kx = Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180) * M_PER_DEG
    cum.push((cum[i - 1] as number) + Math.hypot((lon2 - lon1) * kx, (lat2 - lat1) * M_PER_DEG))
  }
  const length = cum.at(-1) as number
  let seg = 1
  return {
    length,
    /** Points must be asked in increasing order. */
    at(meters: number): [number, number] {
      while (seg < points.length - 1 && (cum[seg] as number) < meters) seg++
      const a = points[seg - 1] as readonly [number, number]
      const b = points[seg] as readonly [number, number]
      const span = (cum[seg] as number) - (cum[seg - 1] as number)
      const t = span > 0 ? Math.max(0, Math.min(1, (meters - (cum[seg - 1] as number)) / span)) : 0
      return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
    },
  }
}

export interface RouteMatch {
  /** Edges the route follows, each once. */
  edges: number[]
  /** The point half-way along the route. */
  midpoint: [number, number]
}

/**
 * Map-matches a travelled line onto the graph: a point every MATCH_STEP_METERS along it (more widely spaced on
 * long routes, at most MATCH_MAX_SAMPLES), leaving out MATCH_TRIM_METERS at each end, is snapped to the nearest
 * edge usable by the mode within MATCH_MAX_METERS. An edge counts when two points snap to it, or one point when
 * it is shorter than two steps (a point at a junction may snap to a cross street: one hit on a long edge is noise).
 */
export function matchRoute(
  graph: RoadGraph,
  points: readonly (readonly [number, number])[],
  mode: 'car' | 'bike' | 'foot',
): RouteMatch {
  const line = along(points)
  const midpoint = along(points).at(line.length / 2)
  const trim = Math.min(MATCH_TRIM_METERS, line.length * 0.2)
  const span = line.length - 2 * trim
  const step = Math.max(MATCH_STEP_METERS, span / MATCH_MAX_SAMPLES)
  const hits = new Map<number, number>()
  for (let s = trim; s <= line.length - trim + 1e-6; s += step) {
    try {
      const snap = snapPoint(graph, line.at(s), mode, MATCH_MAX_METERS)
      hits.set(snap.edge, (hits.get(snap.edge) ?? 0) + 1)
    } catch (error) {
      if (!(error instanceof OutsideRegionError)) throw error
    }
  }
  const edges: number[] = []
  for (const [edge, count] of hits) {
    if (count >= 2 || (graph.edgeLength[edge] as number) <= 2 * step) edges.push(edge)
  }
  return { edges, midpoint }
}

function decodeLine(geometry: string): [number, number][] | null {
  let points: [number, number][]
  try {
    points = decodePolyline(geometry)
  } catch {
    return null
  }
  if (points.length < 2) return null
  for (const [lat, lon] of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  }
  return points
}

/** Decodes a rated route and matches it; null when it is not an encoded line of at least two valid points. */
export function matchGeometry(graph: RoadGraph, geometry: string, mode: 'car' | 'bike' | 'foot'): RouteMatch | null {
  const points = decodeLine(geometry)
  return points ? matchRoute(graph, points, mode) : null
}
