/**
 * Route alternatives: Fastest (lambda 0), Balanced and Safest (higher safety weights); when those coincide, the
 * penalty method (edges of the routes found so far cost more) proposes more. Candidates are then filtered: none
 * sharing >= 80% of the shorter one's length with a route already kept, none dominated (longer AND riskier than
 * another kept route: slower and higher mean risk), none more than MAX_STRETCH times slower than the fastest.
 */
import { routerContext } from './context.ts'
import { NoRouteError, OutsideRegionError } from './errors.ts'
import { haversine } from './geo.ts'
import { edgeGeometry, type RoadGraph } from './graph.ts'
import { encodePolyline } from './polyline.ts'
import { MODE_INDEX, type Mode } from './road-rules.ts'
import { type Leg, searchPath } from './search.ts'
import { nearestEdge, type Snap } from './spatial-index.ts'

export type RouteLabel = 'Fastest' | 'Safest' | 'Balanced'
export type LatLon = readonly [number, number]

export interface Route {
  label: RouteLabel
  /** Encoded polyline, precision 5, from the snapped start to the snapped end. */
  geometry: string
  /** Metres. */
  distance: number
  /** Seconds, travel time without the safety weighting. */
  duration: number
  /** Mean per-edge risk (0..1) weighted by the metres travelled on each edge. */
  meanRisk: number
  /** Edges travelled, in order, and the metres travelled on each (partial at both ends). */
  edges: Uint32Array
  edgeMeters: Float32Array
  /** The pieces of edges travelled, with fractions (0 = edge's from node, 1 = to node). */
  legs: Leg[]
  /** The safety weight the route was found with (-1 for a penalty-method alternative). */
  lambda: number
}

export interface FindRoutesOptions {
  /** Per-edge risk 0..1, length graph.edgeCount (from the safety model, for the time of travel). Default zeros. */
  risk?: Float32Array
  /** Departure time; echoed in the result (the caller's risk array should already be for that time). */
  at?: Date
  /** Snap distance limit in metres (default 500). */
  maxSnapMeters?: number
  /** Safety weights for Balanced and Safest (default 2 and 8). */
  lambdas?: { balanced: number; safest: number }
}

export interface RoutesResult {
  /** 'Fastest' first, always present; then up to two alternatives. */
  routes: [Route, ...Route[]]
  from: Snap
  to: Snap
  departAt?: Date
}

export const DEFAULT_MAX_SNAP_METERS = 500
export const DEFAULT_LAMBDAS = { balanced: 2, safest: 8 }
const SIMILARITY_LIMIT = 0.8
const MAX_STRETCH = 2
const PENALTY_FACTOR = 1.5
const PENALTY_ROUNDS = 3

/** Nearest usable road for the mode, or OutsideRegionError (HTTP 422). */
export function snapPoint(graph: RoadGraph, point: LatLon, mode: Mode, maxMeters = DEFAULT_MAX_SNAP_METERS): Snap {
  const [lat, lon] = point
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw new OutsideRegionError()
  }
  const snap = nearestEdge(graph, routerContext(graph).grid, lat, lon, mode, maxMeters)
  if (snap === null) throw new OutsideRegionError()
  return snap
}

/** Points of edge e between two fractions (either order), as [lat, lon] in travel order. */
export function legGeometry(graph: RoadGraph, leg: Leg): [number, number][] {
  // At least two points (the edge's two nodes); cum[i] is the plane length up to pts[i], so indexes below
  // pts.length are always in range.
  const pts = edgeGeometry(graph, leg.edge)
  const cum = [0]
  let total = 0
  for (let i = 1; i < pts.length; i++) {
    total += planar(pts[i - 1]!, pts[i]!)
    cum.push(total)
  }
  const at = (f: number): [number, number] => {
    const d = f * total
    let i = 1
    while (i < pts.length - 1 && cum[i]! < d) i++
    const c0 = cum[i - 1]!
    const seg = cum[i]! - c0
    const t = seg > 0 ? Math.min(1, Math.max(0, (d - c0) / seg)) : 0
    const [alat, alon] = pts[i - 1]!
    const [blat, blon] = pts[i]!
    return [alat + (blat - alat) * t, alon + (blon - alon) * t]
  }
  const lo = Math.min(leg.from, leg.to)
  const hi = Math.max(leg.from, leg.to)
  const out: [number, number][] = [at(lo)]
  for (let i = 1; i < pts.length - 1; i++) {
    const c = cum[i]!
    if (c > lo * total && c < hi * total) out.push(pts[i]!)
  }
  out.push(at(hi))
  if (leg.from > leg.to) out.reverse()
  return out
}

function planar(a: readonly [number, number], b: readonly [number, number]): number {
  const dy = b[0] - a[0]
  const dx = (b[1] - a[1]) * Math.cos((a[0] * Math.PI) / 180)
  return Math.sqrt(dx * dx + dy * dy)
}

/** Builds a Route (without its final label) from search legs. */
export function routeFromLegs(graph: RoadGraph, allLegs: Leg[], mode: Mode, risk?: Float32Array, lambda = 0): Route {
  // Snapping onto a junction leaves zero-length pieces at the ends: drop them.
  const nonEmpty = allLegs.filter((l) => l.from !== l.to)
  const legs = nonEmpty.length > 0 ? nonEmpty : allLegs.slice(0, 1)
  const time = routerContext(graph).time[MODE_INDEX[mode]]
  const edges = new Uint32Array(legs.length)
  const edgeMeters = new Float32Array(legs.length)
  let distance = 0
  let duration = 0
  let riskMeters = 0
  const points: [number, number][] = []
  for (const [i, leg] of legs.entries()) {
    const { edge, from, to } = leg
    const f = Math.abs(to - from)
    const meters = f * graph.edgeLength[edge]!
    edges[i] = edge
    edgeMeters[i] = meters
    distance += meters
    duration += f * time[edge]!
    if (risk) riskMeters += meters * risk[edge]!
    const g = legGeometry(graph, leg)
    for (const p of g) {
      const last = points[points.length - 1]
      if (last === undefined || last[0] !== p[0] || last[1] !== p[1]) points.push(p)
    }
  }
  const [first] = points
  if (points.length === 1 && first !== undefined) points.push(first)
  return {
    label: 'Fastest',
    geometry: encodePolyline(points),
    distance,
    duration,
    meanRisk: distance > 0 ? riskMeters / distance : 0,
    edges,
    edgeMeters,
    legs,
    lambda,
  }
}

/** Metres two routes share (same edge, overlapping fractions), over the shorter route's length. */
export function sharedShare(a: Route, b: Route): number {
  const spans = new Map<number, [number, number][]>()
  for (const l of a.legs) {
    const list = spans.get(l.edge) ?? []
    list.push([Math.min(l.from, l.to), Math.max(l.from, l.to)])
    spans.set(l.edge, list)
  }
  let shared = 0
  // Fraction overlap times edge length: legs carry metres via edgeMeters/|to-from|.
  for (const [i, l] of b.legs.entries()) {
    const list = spans.get(l.edge)
    if (!list) continue
    const lo = Math.min(l.from, l.to)
    const hi = Math.max(l.from, l.to)
    const perFraction = hi > lo ? b.edgeMeters[i]! / (hi - lo) : 0
    for (const [alo, ahi] of list) shared += Math.max(0, Math.min(hi, ahi) - Math.max(lo, alo)) * perFraction
  }
  const shorter = Math.min(a.distance, b.distance)
  return shorter > 0 ? shared / shorter : 1
}

/** `r` takes longer than `by` AND is riskier: no reason to offer it. (Fastest is never dominated.) */
function dominated(r: Route, by: Route): boolean {
  return by.duration < r.duration && by.meanRisk < r.meanRisk
}

/**
 * Up to three routes from `from` to `to` ([lat, lon]) for the mode: 'Fastest' first, then 'Safest' and
 * 'Balanced' when distinct enough. Throws OutsideRegionError when a point is not near a usable road, NoRouteError
 * when no path connects them.
 */
export function findRoutes(
  graph: RoadGraph,
  from: LatLon,
  to: LatLon,
  mode: Mode,
  options: FindRoutesOptions = {},
): RoutesResult {
  if (options.risk !== undefined && options.risk.length !== graph.edgeCount) {
    throw new RangeError(`risk has ${options.risk.length} entries, the graph ${graph.edgeCount} edges`)
  }
  const maxSnap = options.maxSnapMeters ?? DEFAULT_MAX_SNAP_METERS
  const src = snapPoint(graph, from, mode, maxSnap)
  const dst = snapPoint(graph, to, mode, maxSnap)
  const risk = options.risk
  const lambdas = options.lambdas ?? DEFAULT_LAMBDAS

  const fastestPath = searchPath(graph, src, dst, mode, {})
  if (fastestPath === null) throw new NoRouteError()
  const fastest = routeFromLegs(graph, fastestPath.legs, mode, risk, 0)
  const candidates: Route[] = []
  if (risk !== undefined) {
    for (const lambda of [lambdas.safest, lambdas.balanced]) {
      const p = searchPath(graph, src, dst, mode, { risk, lambda })
      if (p) candidates.push(routeFromLegs(graph, p.legs, mode, risk, lambda))
    }
  }

  const kept: Route[] = [fastest]
  const consider = (r: Route) => {
    if (kept.length >= 3) return
    if (r.duration > fastest.duration * MAX_STRETCH) return
    if (kept.some((k) => sharedShare(k, r) >= SIMILARITY_LIMIT || dominated(r, k))) return
    kept.push(r)
  }
  for (const c of candidates) consider(c)

  // Penalty method: make the edges of every route found so far dearer and search again.
  if (kept.length < 3) {
    const ctx = routerContext(graph)
    ctx.penaltyGen++
    if (ctx.penaltyGen >= 0xfffffff0) {
      ctx.penaltyStamp.fill(0)
      ctx.penaltyGen = 1
    }
    const penalize = (r: Route) => {
      for (const e of r.edges) {
        if (ctx.penaltyStamp[e] !== ctx.penaltyGen) {
          ctx.penaltyStamp[e] = ctx.penaltyGen
          ctx.penalty[e] = PENALTY_FACTOR
        } else ctx.penalty[e]! *= PENALTY_FACTOR
      }
    }
    for (const r of [fastest, ...candidates]) penalize(r)
    const lambda = risk !== undefined ? lambdas.balanced : 0
    for (let round = 0; round < PENALTY_ROUNDS && kept.length < 3; round++) {
      const p = searchPath(graph, src, dst, mode, { risk, lambda, penalized: true })
      if (p === null) break
      const r = routeFromLegs(graph, p.legs, mode, risk, -1)
      consider(r)
      penalize(r)
    }
    ctx.penaltyGen++
  }

  // Labels: the lowest-risk of the others is Safest, the remaining one Balanced.
  const others = kept
    .slice(1)
    .filter((r) => !kept.some((k) => k !== r && dominated(r, k)))
    .sort((a, b) => a.meanRisk - b.meanRisk || a.duration - b.duration)
  if (others[0]) others[0].label = 'Safest'
  if (others[1]) others[1].label = 'Balanced'
  const routes: [Route, ...Route[]] = [fastest, ...others.slice(0, 1), ...others.slice(1)]
  const result: RoutesResult = { routes, from: src, to: dst }
  if (options.at) result.departAt = options.at
  return result
}

/** Straight-line metres between two [lat, lon] points. */
export function distanceMeters(a: LatLon, b: LatLon): number {
  return haversine(a[0], a[1], b[0], b[1])
}
