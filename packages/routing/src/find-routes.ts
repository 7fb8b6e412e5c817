/**
 * Route alternatives. Candidates come from, in order: the fastest route (lambda 0), the optimum of the balanced
 * safety weight, the plateau method (via-routes.ts) on the costs of the safest weight in one or two passes (its
 * optimum, then its alternatives; VIA_PASSES), and, when those are not enough, the penalty method (edges of the
 * routes found so far cost more).
 * A candidate is kept when it runs along each route already kept for at most SIMILARITY_LIMIT of the shorter one's
 * length (route-overlap.ts: measured on the ground, so a sidewalk beside its street is the same route), takes at
 * most MAX_STRETCH times the fastest time, and is not dominated (slower AND riskier than a kept route); a kept route
 * it dominates leaves. Up to three routes are returned, each with every label it earned (see labelRoutes).
 */

import { encodePolyline } from '@wings/geo/polyline'
import { routerContext } from './context.ts'
import { NoRouteError, OutsideRegionError } from './errors.ts'
import { edgeGeometry, type RoadGraph } from './graph.ts'
import type { Landmarks } from './landmarks.ts'
import { MODE_INDEX, type Mode } from './road-rules.ts'
import { overlapShare, type RouteShape, routeShape } from './route-overlap.ts'
import { type CostOptions, type Leg, riskFloor, searchPath } from './search.ts'
import { nearestEdge, type Snap } from './spatial-index.ts'
import { viaRoutes } from './via-routes.ts'

export type RouteLabel = 'Fastest' | 'Safest' | 'Balanced'
export type LatLon = readonly [number, number]

export interface Route {
  /** The first of `labels`. */
  label: RouteLabel
  /** Every label the route earned, in LABEL_ORDER (Fastest, Safest, Balanced); never empty. */
  labels: RouteLabel[]
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
  /** The safety weight the route is optimal for (-1 for a plateau or penalty-method alternative). */
  lambda: number
}

export interface FindRoutesOptions {
  /** Per-edge risk 0..1, length graph.edgeCount (from the safety model, for the time of travel). Default zeros. */
  risk?: Float32Array
  /** Departure time; echoed in the result (the caller's risk array should already be for that time). */
  at?: Date
  /** Snap distance limit in metres (default 500). */
  maxSnapMeters?: number
  /** Safety weights for Balanced and Safest (default 2 and 8): cost = time x (1 + lambda x risk). */
  lambdas?: { balanced: number; safest: number }
  /** The region's landmarks (landmarks.ts), for goal-directed searches; without them the plane bound alone. */
  landmarks?: Landmarks
  /** The key of the landmarks' risk floor that `risk` is at or above edge by edge (the period of the trip). */
  riskKey?: string
  /** The plateau method's passes (default VIA_PASSES for the mode; benches compare others); [] leaves it out. */
  via?: readonly ViaParams[]
}

export interface RoutesResult {
  /** The fastest first, always present; then up to two alternatives, quicker before slower. */
  routes: [Route, ...Route[]]
  from: Snap
  to: Snap
  departAt?: Date
}

export const DEFAULT_MAX_SNAP_METERS = 500
export const DEFAULT_LAMBDAS = { balanced: 2, safest: 8 }
export const LABEL_ORDER: readonly RouteLabel[] = ['Fastest', 'Safest', 'Balanced']
/** Two routes offered together share at most this much of the shorter one's length. */
export const SIMILARITY_LIMIT = 0.7
/** No route takes more than this many times the fastest time. */
export const MAX_STRETCH = 2
export interface ViaParams {
  /** Routes cost at most this many times the safest optimum. */
  stretch: number
  /** A plateau is at least this share of the optimum's cost. */
  minPlateau: number
  /** The cheapest this many candidates are looked at. */
  limit: number
  /** Each tree grows to this share of the bound (a route's via nodes are in its middle). */
  reach: number
  /** The most nodes a pass's two trees settle together (via-routes.ts): one query's work stays bounded. */
  maxSettled: number
}

/**
 * About 100 ms of tree growth on this machine (bench/metro.bench.ts: a metro car trip's trees settled 100,000-130,000
 * nodes in about 40 ms). Past it, a pass gives what its trees hold and the safest route is searched alone:
 * alternatives may be fewer on a very long trip, and no query holds a worker for long.
 */
export const VIA_MAX_SETTLED = 300_000

/**
 * The plateau method, in passes until three routes are kept. The first pass grows its trees to routes 1.2 times the
 * safest optimum: on a long trip that is several kilometres of detour, and the trees' work grows with the square of
 * the stretch. When it leaves routes missing (short trips, a river or a railway with few crossings), the second grows
 * them to 1.4 times. Car trips take one pass, each tree grown to half the bound, and no penalty rounds: no share of
 * three routes is asked of them, and on the metro 58% get three in 21 ms (p50 in process), where trees to 1.25 times
 * and 0.55 of the bound, then two penalty rounds, gave 69% in 30 ms. Tuned on heidelberg and the metro
 * (bench/routing.bench.ts, bench/metro.bench.ts, docs/metro.md).
 */
const TIGHT: ViaParams = { stretch: 1.2, minPlateau: 0.05, limit: 30, reach: 0.55, maxSettled: VIA_MAX_SETTLED }
const WIDE: ViaParams = { ...TIGHT, stretch: 1.4, reach: 0.6 }
export const VIA_PASSES: Readonly<Record<Mode, readonly ViaParams[]>> = {
  foot: [TIGHT, WIDE],
  bike: [TIGHT, WIDE],
  car: [{ ...TIGHT, reach: 0.5 }],
}
/**
 * The penalty method, when routes are still missing: each use of an edge makes it 1.5 times dearer, 2 searches. Not
 * for cars: on the metro it gave three routes to 4% more car trips (58% to 62%) for a fifth more time.
 */
const PENALTY_FACTOR = 1.5
const PENALTY_ROUNDS: Readonly<Record<Mode, number>> = { foot: 2, bike: 2, car: 0 }

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
  const route = measureLegs(graph, allLegs, mode, risk, lambda)
  route.geometry = encodePolyline(routePoints(graph, route))
  return route
}

/** A route's figures from its legs, its geometry left empty: cheap, for candidates that may be dropped. */
function measureLegs(
  graph: RoadGraph,
  allLegs: Leg[],
  mode: Mode,
  risk: Float32Array | undefined,
  lambda: number,
): Route {
  // Snapping onto a junction leaves zero-length pieces at the ends: drop them.
  const nonEmpty = allLegs.filter((l) => l.from !== l.to)
  const legs = nonEmpty.length > 0 ? nonEmpty : allLegs.slice(0, 1)
  const time = routerContext(graph).time[MODE_INDEX[mode]]
  const edges = new Uint32Array(legs.length)
  const edgeMeters = new Float32Array(legs.length)
  let distance = 0
  let duration = 0
  let riskMeters = 0
  for (const [i, { edge, from, to }] of legs.entries()) {
    const f = Math.abs(to - from)
    const meters = f * graph.edgeLength[edge]!
    edges[i] = edge
    edgeMeters[i] = meters
    distance += meters
    duration += f * time[edge]!
    if (risk) riskMeters += meters * risk[edge]!
  }
  return {
    label: 'Fastest',
    labels: ['Fastest'],
    geometry: '',
    distance,
    duration,
    meanRisk: distance > 0 ? riskMeters / distance : 0,
    edges,
    edgeMeters,
    legs,
    lambda,
  }
}

/** The legs' cost under the weight lambda, as the searches count it (time x (1 + lambda x risk), by fractions). */
function legsCost(graph: RoadGraph, legs: Leg[], mode: Mode, risk: Float32Array | undefined, lambda: number): number {
  const time = routerContext(graph).time[MODE_INDEX[mode]]
  let cost = 0
  for (const { edge, from, to } of legs) {
    cost += Math.abs(to - from) * time[edge]! * (risk !== undefined && lambda !== 0 ? 1 + lambda * risk[edge]! : 1)
  }
  return cost
}

const pointsCache = new WeakMap<Route, [number, number][]>()
const shapeCache = new WeakMap<Route, RouteShape>()

/** The route's line as [lat, lon] points (at least two), from its legs. */
function routePoints(graph: RoadGraph, route: Route): [number, number][] {
  let points = pointsCache.get(route)
  if (points !== undefined) return points
  points = []
  for (const leg of route.legs) {
    for (const p of legGeometry(graph, leg)) {
      const last = points[points.length - 1]
      if (last === undefined || last[0] !== p[0] || last[1] !== p[1]) points.push(p)
    }
  }
  const [first] = points
  if (points.length === 1 && first !== undefined) points.push(first)
  pointsCache.set(route, points)
  return points
}

function shapeOf(graph: RoadGraph, route: Route): RouteShape {
  let shape = shapeCache.get(route)
  if (shape === undefined) {
    shape = routeShape(graph, routePoints(graph, route))
    shapeCache.set(route, shape)
  }
  return shape
}

/**
 * The share (0..1) of the shorter route's length that runs along the other route, on the ground: a sidewalk
 * beside a street counts as the street (route-overlap.ts).
 */
export function routeOverlap(graph: RoadGraph, a: Route, b: Route): number {
  const sa = shapeOf(graph, a)
  const sb = shapeOf(graph, b)
  return Math.max(overlapShare(sa, sb), overlapShare(sb, sa))
}

const fullEdgesCache = new WeakMap<Route, Set<number>>()

/** The edges a route travels from end to end. */
function fullEdges(route: Route): Set<number> {
  let edges = fullEdgesCache.get(route)
  if (edges === undefined) {
    edges = new Set()
    for (const leg of route.legs) if (Math.abs(leg.to - leg.from) === 1) edges.add(leg.edge)
    fullEdgesCache.set(route, edges)
  }
  return edges
}

/**
 * routeOverlap(a, b) > limit. First on whole edges both travel, which the two search trees of the plateau method
 * make common and which needs no line: those metres lie along both routes on the ground too, so more than `limit`
 * of them settles it. Then on b's samples, which most other candidates fail already.
 */
function overlapsMore(graph: RoadGraph, kept: Route, candidate: Route, limit: number): boolean {
  const keptEdges = fullEdges(kept)
  let sameEdges = 0
  for (let i = 0; i < candidate.legs.length; i++) {
    const leg = candidate.legs[i]!
    if (Math.abs(leg.to - leg.from) === 1 && keptEdges.has(leg.edge)) sameEdges += candidate.edgeMeters[i]!
  }
  if (sameEdges > limit * Math.min(kept.distance, candidate.distance)) return true
  const sk = shapeOf(graph, kept)
  const sc = shapeOf(graph, candidate)
  return overlapShare(sk, sc) > limit || overlapShare(sc, sk) > limit
}

/** Metres two routes share on the same edges (overlapping fractions), over the shorter route's length. */
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
 * Up to three routes from `from` to `to` ([lat, lon]) for the mode, the fastest first, each pair sharing at most
 * SIMILARITY_LIMIT of its length. Throws OutsideRegionError when a point is not near a usable road, NoRouteError
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

  const goal = { landmarks: options.landmarks, riskKey: options.riskKey }
  const fastestPath = searchPath(graph, src, dst, mode, goal)
  if (fastestPath === null) throw new NoRouteError()
  const fastest = measureLegs(graph, fastestPath.legs, mode, risk, 0)
  const kept: Route[] = [fastest]
  const consider = (r: Route): boolean => {
    // The cheap checks first: the overlap needs the route's line.
    if (r.duration > fastest.duration * MAX_STRETCH || kept.some((k) => dominated(r, k))) return false
    if (kept.some((k) => overlapsMore(graph, k, r, SIMILARITY_LIMIT))) return false
    for (let i = kept.length - 1; i > 0; i--) if (dominated(kept[i]!, r)) kept.splice(i, 1)
    if (kept.length >= 3) return false
    kept.push(r)
    return true
  }

  // Balanced: the optimum of the balanced weight. Safest: the optimum of the safety weight, from the plateau method,
  // whose alternatives are then locally optimal for that weight too (without risk data: for travel time). The routes
  // found so far, weighed by the safety weight, bound the plateau trees from their first node.
  const floor = risk !== undefined ? riskFloor(risk) : 0
  const viaLambda = risk !== undefined ? lambdas.safest : 0
  let upperBound = legsCost(graph, fastest.legs, mode, risk, viaLambda)
  if (risk !== undefined) {
    const p = searchPath(graph, src, dst, mode, { risk, lambda: lambdas.balanced, riskFloor: floor, ...goal })
    if (p !== null) {
      consider(measureLegs(graph, p.legs, mode, risk, lambdas.balanced))
      upperBound = Math.min(upperBound, legsCost(graph, p.legs, mode, risk, viaLambda))
    }
  }
  let safestFound = false
  for (const params of options.via ?? VIA_PASSES[mode]) {
    if (kept.length >= 3) break
    const via = viaRoutes(graph, src, dst, mode, {
      risk,
      lambda: viaLambda,
      riskFloor: floor,
      ...goal,
      ...params,
      upperBound,
    })
    // Trees stopped by maxSettled: the safest route is searched alone below, the penalty method fills in.
    if (via === null || !via.exact) break
    if (risk !== undefined && !safestFound) consider(measureLegs(graph, via.optimal.legs, mode, risk, viaLambda))
    safestFound = true
    upperBound = via.optimal.cost
    for (const legs of via.alternatives) {
      if (kept.length >= 3) break
      consider(measureLegs(graph, legs, mode, risk, -1))
    }
  }
  if (!safestFound && risk !== undefined) {
    const p = searchPath(graph, src, dst, mode, { risk, lambda: viaLambda, riskFloor: floor, ...goal })
    if (p !== null) consider(measureLegs(graph, p.legs, mode, risk, viaLambda))
  }
  if (kept.length < 3 && PENALTY_ROUNDS[mode] > 0) {
    penaltyAlternatives(
      graph,
      src,
      dst,
      mode,
      { risk, lambda: lambdas.balanced, riskFloor: floor, ...goal },
      kept,
      consider,
    )
  }

  const routes = kept.slice(1).sort((a, b) => a.duration - b.duration)
  for (const r of kept) r.geometry = encodePolyline(routePoints(graph, r))
  const result: RoutesResult = { routes: labelRoutes([fastest, ...routes], lambdas.balanced), from: src, to: dst }
  if (options.at) result.departAt = options.at
  return result
}

/** Penalty method: the edges of every route found so far cost more, once more per use; search again. */
function penaltyAlternatives(
  graph: RoadGraph,
  src: Snap,
  dst: Snap,
  mode: Mode,
  costs: CostOptions,
  kept: Route[],
  consider: (r: Route) => boolean,
): void {
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
  for (const r of kept) penalize(r)
  for (let round = 0; round < PENALTY_ROUNDS[mode] && kept.length < 3; round++) {
    const p = searchPath(graph, src, dst, mode, { ...costs, penalized: true })
    if (p === null) break
    const r = measureLegs(graph, p.legs, mode, costs.risk, -1)
    consider(r)
    penalize(r)
  }
  ctx.penaltyGen++
}

/**
 * Labels, over routes sorted by time with the fastest first (none dominated, so each is safer than every quicker
 * one): Fastest is the first; Safest the lowest mean risk (a tie goes to a route with no label yet); Balanced the
 * route with no label yet and the lowest balanced cost, else, when every route already has one, the route of all
 * with the lowest balanced cost. So three routes get one label each, and fewer routes carry every label they
 * earned, in LABEL_ORDER.
 */
function labelRoutes(routes: [Route, ...Route[]], balancedLambda: number): [Route, ...Route[]] {
  const earned = routes.map(() => new Set<RouteLabel>())
  earned[0]!.add('Fastest')
  let safest = 0
  for (let i = 1; i < routes.length; i++) {
    const d = routes[i]!.meanRisk - routes[safest]!.meanRisk
    if (d < -1e-12 || (Math.abs(d) <= 1e-12 && earned[safest]!.size > 0)) safest = i
  }
  earned[safest]!.add('Safest')
  const balancedCost = (r: Route) => r.duration * (1 + balancedLambda * r.meanRisk)
  const pick = (candidates: number[]) =>
    candidates.reduce((best, i) => (balancedCost(routes[i]!) < balancedCost(routes[best]!) ? i : best))
  const unlabelled = routes.map((_, i) => i).filter((i) => earned[i]!.size === 0)
  earned[pick(unlabelled.length > 0 ? unlabelled : routes.map((_, i) => i))]!.add('Balanced')
  for (const [i, r] of routes.entries()) {
    r.labels = LABEL_ORDER.filter((l) => earned[i]!.has(l))
    r.label = r.labels[0] ?? 'Fastest'
  }
  return routes
}
