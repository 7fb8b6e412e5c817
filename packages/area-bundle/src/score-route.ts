/**
 * A found route scored as POST /api/route/find answers it (the contract's FoundRoute): the safety model over its
 * edges with the community signals of the trip's period, the lit and unlit streets it follows, and the reports near
 * it. One implementation for the server (sync-server modules/routes/service.ts) and the phone (plan.ts), so the same
 * route with the same data gets the same score, reasons and counts on both.
 */
import type { FoundRoute } from '@wings/contract'
import { decodePolyline } from '@wings/geo/polyline'
import type { Route } from '@wings/routing'
import { type EdgeFeatures, ROAD_CLASSES, type RouteEdge, routeSafetySummary, type TimeOfDay } from '@wings/safety'
import type { FeatureName } from './format.ts'
import type { IncidentCounter } from './incidents-nearby.ts'
import { routeStreets, type StreetInputs } from './route-streets.ts'

/** Said when the model finds nothing notable to say either way, so a route card never has an empty reason list. */
export const NO_NOTABLE_REASON = 'Nothing notable mapped along the way'

/** What scoring reads per edge: the graph's street names, the imported features and the community signals. */
export interface ScoringInputs {
  graph: StreetInputs['graph']
  /** The imported per-edge columns (features.bin), each one entry per edge. */
  features: { readonly [K in FeatureName]: ArrayLike<number> }
  /** Incident density per period and rating feedback per edge, as the server's region holds them. */
  signals: { incidentDensity: Readonly<Record<TimeOfDay, ArrayLike<number>>>; ratingFeedback: ArrayLike<number> }
}

const tri = (code: number) => (code === 1 ? 'yes' : code === 2 ? 'no' : 'unknown')

/** The model's features of edge `e` at `period`, signals included (density never below 0, rating in -1..1). */
export function edgeFeaturesOf({ features: f, signals }: ScoringInputs, e: number, period: TimeOfDay): EdgeFeatures {
  const maxspeed = f.maxspeed[e]!
  return {
    roadClass: ROAD_CLASSES[f.roadClass[e]!] ?? 'other',
    maxspeed: maxspeed > 0 ? maxspeed : null,
    lit: tri(f.lit[e]!),
    sidewalk: tri(f.sidewalk[e]!),
    shops: f.shops[e]!,
    food: f.food[e]!,
    transport: f.transport[e]!,
    help: f.help[e]!,
    open24h: f.open24h[e]!,
    cameras: f.cameras[e]!,
    hoursShops: f.hoursShops[e]!,
    hoursFood: f.hoursFood[e]!,
    openEvening: f.openEvening[e]!,
    openNight: f.openNight[e]!,
    unservedNight: f.unservedNight[e]!,
    incidentDensity: Math.max(0, signals.incidentDensity[period][e]!),
    ratingFeedback: Math.max(-1, Math.min(1, signals.ratingFeedback[e]!)),
  }
}

/**
 * Scores a route with the model, community signals included; with `countIncidents`, the reports near the route's
 * line (as its polyline gives it) are `incidentsNearby`, and those at night feed the reasons.
 */
export function scoreRoute(
  inputs: ScoringInputs,
  route: Omit<Route, 'legs'>,
  period: TimeOfDay,
  countIncidents?: IncidentCounter,
): FoundRoute {
  const edges: RouteEdge[] = []
  for (let i = 0; i < route.edges.length; i++)
    edges.push({ length: route.edgeMeters[i]!, features: edgeFeaturesOf(inputs, route.edges[i]!, period) })
  const counts = countIncidents?.(decodePolyline(route.geometry))
  const summary = routeSafetySummary(
    edges,
    period,
    counts === undefined ? {} : { incidentsNearby: counts.all, nightIncidentsNearby: counts.night },
  )
  return {
    geometry: route.geometry,
    summary: { distance: Math.round(route.distance * 10) / 10, duration: Math.round(route.duration * 10) / 10 },
    safetyScore: Math.max(0, Math.min(100, summary.score)),
    label: route.label,
    labels: route.labels,
    safety: {
      unlitMeters: summary.unlitMeters,
      ...routeStreets(inputs, route),
      incidentsNearby: counts?.all ?? 0,
      lowestScoreStretch: { score: summary.lowestScoreStretch.score, meters: summary.lowestScoreStretch.meters },
      reasons: summary.reasons.length > 0 ? summary.reasons : [NO_NOTABLE_REASON],
    },
  }
}
