/**
 * Route finding on the loaded region: safety-aware alternatives (Fastest, Balanced, Safest) from the router, each
 * scored by the safety model for the time of day of the trip in the region's time zone. Routes that would be the
 * same come from the router as one route carrying each label it earned (`labels`).
 */
import {
  ErrorCode,
  type FoundRoute,
  MAX_TRIP_KM,
  RegionMessages,
  type RouteFindBody,
  type RouteFindResponse,
} from '@wings/contract'
import { equirectangularMetres } from '@wings/geo'
import { decodePolyline } from '@wings/geo/polyline'
import type { Route } from '@wings/routing'
import { type RouteEdge, routeSafetySummary, type TimeOfDay, timeOfDay } from '@wings/safety'
import { HttpError } from '../../http-error.ts'
import { edgeFeaturesAt } from '../region/features.ts'
import type { Region } from '../region/region.ts'
import type { RegionService } from '../region/service.ts'
import type { RegionSignals } from '../region/signals.ts'
import { routeStreets } from './route-streets.ts'

/** Said when the model finds nothing notable to say either way, so a route card never has an empty reason list. */
export const NO_NOTABLE_REASON = 'Nothing notable mapped along the way'

/**
 * Scores a route with the model, community signals included; with `signals`, the reports within 100 m of the
 * route are counted as `incidentsNearby` (and those reported at night) so the reasons can say so.
 */
export function scoreRoute(
  region: Region,
  route: Omit<Route, 'legs'>,
  period: TimeOfDay,
  signals?: RegionSignals | null,
): FoundRoute {
  const edges: RouteEdge[] = []
  for (let i = 0; i < route.edges.length; i++) {
    const e = route.edges[i] as number
    edges.push({
      length: route.edgeMeters[i] as number,
      features: {
        ...edgeFeaturesAt(region.features, e),
        incidentDensity: Math.max(0, region.signals.incidentDensity[period][e] as number),
        ratingFeedback: Math.max(-1, Math.min(1, region.signals.ratingFeedback[e] as number)),
      },
    })
  }
  const counts = signals ? signals.incidentCounts(decodePolyline(route.geometry)) : undefined
  const incidentsNearby = counts?.all
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
      ...routeStreets(region, route),
      incidentsNearby: incidentsNearby ?? 0,
      lowestScoreStretch: { score: summary.lowestScoreStretch.score, meters: summary.lowestScoreStretch.meters },
      reasons: summary.reasons.length > 0 ? summary.reasons : [NO_NOTABLE_REASON],
    },
  }
}

export function createRouteService(
  regions: RegionService,
  now: () => Date = () => new Date(),
  signals: RegionSignals | null = null,
) {
  return {
    /** The search runs on a region worker (region/work.ts); the scoring, with the community signals, here. */
    async find(body: RouteFindBody): Promise<RouteFindResponse> {
      const region = regions.require()
      // Refused before any search: no trip of the mode is that long, and a search of it would hold a worker.
      if (equirectangularMetres(...body.source, ...body.destination) > MAX_TRIP_KM[body.mode] * 1000) {
        throw new HttpError(422, ErrorCode.tripTooLong, RegionMessages.tooFar[body.mode])
      }
      const at = body.at === undefined ? now() : new Date(body.at)
      const period = timeOfDay(at, { timeZone: region.meta.timeZone })
      const found = await regions.work().find(body, period, at)
      if ('error' in found) {
        if (found.error === 'outsideRegion') {
          throw new HttpError(422, ErrorCode.outsideRegion, RegionMessages.outsideRegion)
        }
        throw new HttpError(404, ErrorCode.notFound, RegionMessages.noRoute)
      }
      return { routes: found.routes.map((route) => scoreRoute(region, route, period, signals)) }
    },
  }
}

export type RouteService = ReturnType<typeof createRouteService>
