/**
 * Route finding on the loaded region: safety-aware alternatives (Fastest, Balanced, Safest) from the router, each
 * scored by the safety model for the time of day of the trip in the region's time zone. Routes that would be the
 * same come from the router as one route carrying each label it earned (`labels`).
 */
import { type IncidentCounter, scoreRoute } from '@wings/area-bundle'
import { ErrorCode, MAX_TRIP_KM, RegionMessages, type RouteFindBody, type RouteFindResponse } from '@wings/contract'
import { equirectangularMetres } from '@wings/geo'
import { timeOfDay } from '@wings/safety'
import { HttpError } from '../../http-error.ts'
import type { RegionService } from '../region/service.ts'
import type { RegionSignals } from '../region/signals.ts'

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
      // The scoring is the phone's too (@wings/area-bundle score-route.ts): one implementation, the same answers.
      const countIncidents: IncidentCounter | undefined = signals ? (line) => signals.incidentCounts(line) : undefined
      return { routes: found.routes.map((route) => scoreRoute(region, route, period, countIncidents)) }
    },
  }
}

export type RouteService = ReturnType<typeof createRouteService>
