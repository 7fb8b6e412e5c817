/**
 * A route from the searches' legs: its figures (metres, seconds, mean risk, the safety-weighted cost) and its line.
 * findRoutes measures every candidate (measureLegs) and draws only the routes it keeps (routePoints).
 */
import { encodePolyline } from '@wings/geo/polyline'
import { routerContext } from './context.ts'
import { edgeGeometry, type RoadGraph } from './graph.ts'
import { MODE_INDEX, type Mode } from './road-rules.ts'
import type { Leg } from './search.ts'

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
export function measureLegs(
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
export function legsCost(
  graph: RoadGraph,
  legs: Leg[],
  mode: Mode,
  risk: Float32Array | undefined,
  lambda: number,
): number {
  const time = routerContext(graph).time[MODE_INDEX[mode]]
  let cost = 0
  for (const { edge, from, to } of legs) {
    cost += Math.abs(to - from) * time[edge]! * (risk !== undefined && lambda !== 0 ? 1 + lambda * risk[edge]! : 1)
  }
  return cost
}

const pointsCache = new WeakMap<Route, [number, number][]>()

/** The route's line as [lat, lon] points (at least two), from its legs. */
export function routePoints(graph: RoadGraph, route: Route): [number, number][] {
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
