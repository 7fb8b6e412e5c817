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
import type { RoadGraph } from './graph.ts'
import type { Landmarks } from './landmarks.ts'
import type { Mode } from './road-rules.ts'
import { type LatLon, legsCost, measureLegs, type Route, type RouteLabel, routePoints } from './route-legs.ts'
import { overlapsMore } from './route-overlap.ts'
import { type CostOptions, riskFloor, searchPath } from './search.ts'
import { nearestEdge, type Snap } from './spatial-index.ts'
import { viaRoutes } from './via-routes.ts'

export { type LatLon, legGeometry, type Route, type RouteLabel, routeFromLegs } from './route-legs.ts'
export { routeOverlap, sharedShare } from './route-overlap.ts'

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
