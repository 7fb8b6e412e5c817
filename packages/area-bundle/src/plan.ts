/**
 * Route finding on the phone (docs/planner.md, "Planned on the phone"): POST /api/route/find's answer computed from
 * an area bundle, by the server's own code. The period is the trip's in the region's zone, the risks are
 * fillRiskArray on the bundle's columns (the server's, bit for bit), findRoutes takes the server worker's options
 * (landmarks aside: they only bound the searches, so the routes are the same), and the scoring is score-route.ts.
 * A trip the bundle cannot answer exactly throws an OfflinePlanError, never a half-computed route.
 */
import {
  ErrorCode,
  MAX_TRIP_KM,
  RegionMessages,
  type RouteFindBody,
  type RouteFindResponse,
  TRAVEL_MODES,
} from '@wings/contract'
import { equirectangularMetres } from '@wings/geo'
// Subpaths: the package's index also offers its file and PBF readers (node:fs), which a Web Worker cannot load.
import { NoRouteError, OutsideRegionError } from '@wings/routing/errors'
import { findRoutes } from '@wings/routing/find-routes'
import { fillRiskArray, type TimeOfDay, timeOfDay } from '@wings/safety'
import type { AreaBundle } from './decode.ts'
import { incidentCounter } from './incidents-nearby.ts'
import { scoreRoute } from './score-route.ts'

/** Phone-only: an end of the trip lies outside the area the bundle was kept for. */
export const OUTSIDE_KEPT_AREA = 'OUTSIDE_KEPT_AREA'

/**
 * Why the phone could not plan a trip. `code` is the server's for the same trip (VALIDATION_ERROR, TRIP_TOO_LONG,
 * OUTSIDE_REGION, NOT_FOUND, with its message) or OUTSIDE_KEPT_AREA, which only the phone can say.
 */
export class OfflinePlanError extends Error {
  override readonly name: string = 'OfflinePlanError'
  constructor(
    readonly code:
      | typeof ErrorCode.validation
      | typeof ErrorCode.tripTooLong
      | typeof ErrorCode.outsideRegion
      | typeof ErrorCode.notFound
      | typeof OUTSIDE_KEPT_AREA,
    message: string,
  ) {
    super(message)
  }
}

export type TripEnd = 'source' | 'destination' | 'both'

/** An end of the trip (or both) is outside the bundle's box: keep that area when online, or ask the server. */
export class OutsideKeptAreaError extends OfflinePlanError {
  override readonly name = 'OutsideKeptAreaError'
  constructor(readonly end: TripEnd) {
    super(
      OUTSIDE_KEPT_AREA,
      `The ${end === 'both' ? 'start and the destination are' : `${end} is`} outside the area kept on this phone`,
    )
  }
}

// RFC 3339 date-time, as the server's schema takes `at` (a zone is required).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/

const invalid = (message: string) => new OfflinePlanError(ErrorCode.validation, message)

function checkPoint(point: unknown, title: string): readonly [number, number] {
  if (!Array.isArray(point) || point.length !== 2) throw invalid(`${title} must be [latitude, longitude]`)
  const [lat, lon] = point as unknown[]
  if (typeof lat !== 'number' || !(Math.abs(lat) <= 90))
    throw invalid(`${title} latitude must be a number from -90 to 90`)
  if (typeof lon !== 'number' || !(Math.abs(lon) <= 180))
    throw invalid(`${title} longitude must be a number from -180 to 180`)
  return [lat, lon]
}

/** The trip's moment: `at` when given (refused as the server refuses it when malformed), else now. */
function tripTime(at: unknown, now: Date): Date {
  if (at === undefined) return now
  if (typeof at !== 'string' || !DATE_TIME.test(at) || Number.isNaN(Date.parse(at)))
    throw invalid('at must be an ISO date-time')
  return new Date(at)
}

const inBox = ([lat, lon]: readonly [number, number], [w, s, e, n]: readonly number[]) =>
  lat >= s! && lat <= n! && lon >= w! && lon <= e!

// Risk arrays per bundle and period: a planner asks many trips of one bundle.
const risks = new WeakMap<AreaBundle, Partial<Record<TimeOfDay, Float32Array>>>()

function riskOf(bundle: AreaBundle, period: TimeOfDay): Float32Array {
  let kept = risks.get(bundle)
  if (!kept) {
    kept = {}
    risks.set(bundle, kept)
  }
  kept[period] ??= fillRiskArray(bundle.columns[period], period, new Float32Array(bundle.graph.edgeCount))
  return kept[period]
}

/**
 * POST /api/route/find's answer for `body`, from the bundle: the same routes, distances, durations, scores, reasons
 * and counts as the server with the same data. `now` (default: the clock) is the trip's time when `body.at` is absent,
 * and the moment "incidents nearby" counts the last year from. Throws OfflinePlanError.
 */
export function planRoutes(bundle: AreaBundle, body: RouteFindBody, options: { now?: Date } = {}): RouteFindResponse {
  const now = options.now ?? new Date()
  const source = checkPoint(body.source, 'Source')
  const destination = checkPoint(body.destination, 'Destination')
  if (!TRAVEL_MODES.includes(body.mode)) throw invalid('Mode must be car, bike or foot')
  const at = tripTime(body.at, now)
  // In the server's order: a trip too long for the mode is refused before anything else.
  if (equirectangularMetres(...source, ...destination) > MAX_TRIP_KM[body.mode] * 1000)
    throw new OfflinePlanError(ErrorCode.tripTooLong, RegionMessages.tooFar[body.mode])
  // Outside the box, the graph would still snap the point, but maybe to a road that is not its nearest.
  const sourceIn = inBox(source, bundle.meta.box)
  const destinationIn = inBox(destination, bundle.meta.box)
  if (!sourceIn || !destinationIn)
    throw new OutsideKeptAreaError(sourceIn ? 'destination' : destinationIn ? 'source' : 'both')

  const period = timeOfDay(at, { timeZone: bundle.meta.region.timeZone })
  let found: ReturnType<typeof findRoutes>
  try {
    found = findRoutes(bundle.graph, source, destination, body.mode, { risk: riskOf(bundle, period), at })
  } catch (error) {
    if (error instanceof OutsideRegionError)
      throw new OfflinePlanError(ErrorCode.outsideRegion, RegionMessages.outsideRegion)
    if (error instanceof NoRouteError) throw new OfflinePlanError(ErrorCode.notFound, RegionMessages.noRoute)
    throw error
  }
  const countIncidents = incidentCounter(bundle.graph.meta.bbox, bundle.reports, now.getTime())
  return { routes: found.routes.map((route) => scoreRoute(bundle, route, period, countIncidents)) }
}
