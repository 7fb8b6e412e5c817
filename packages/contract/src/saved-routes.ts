import { type Static, Type } from 'typebox'
import { ObjectId, saveSchemas, Text } from './common.ts'
import { LatLon } from './region.ts'
import { SAVED_ROUTE_NAME_MAX, SavedRouteMessages } from './saved-routes-rules.ts'

/**
 * The route she chose, kept with the saved route so it can be drawn again with no signal. Optional: the spec's
 * payload has only the two places.
 */
export const SavedRouteDetail = Type.Object(
  {
    mode: Type.Union([Type.Literal('car'), Type.Literal('bike'), Type.Literal('foot')], {
      title: 'Mode',
      errorMessage: 'Mode must be car, bike or foot',
    }),
    label: Type.Union([Type.Literal('Fastest'), Type.Literal('Safest'), Type.Literal('Balanced')], {
      title: 'Label',
      errorMessage: 'Label must be Fastest, Safest or Balanced',
    }),
    /** Encoded polyline, precision 5. */
    geometry: Type.String({
      title: 'geometry',
      minLength: 2,
      maxLength: 20_000,
      pattern: '^[\\x3F-\\x7E]+$',
      errorMessage: SavedRouteMessages.geometry,
    }),
    /** Metres and seconds. */
    distance: Type.Number({ title: 'distance', minimum: 0, maximum: 10_000_000 }),
    duration: Type.Number({ title: 'duration', minimum: 0, maximum: 10_000_000 }),
    safetyScore: Type.Integer({ title: 'safetyScore', minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false, title: 'route' },
)
export type SavedRouteDetail = Static<typeof SavedRouteDetail>

/**
 * POST /api/route/save and the 'route.save' op: the spec's payload, plus the client's `_id` (offline-first; optional
 * over REST) and the chosen route. `userId` must be the signed-in user (else 403). The same start, destination
 * (to 4 decimals) and mode as one of her saved routes is a duplicate: 409 'Route already saved!'.
 */
const routeSaveFields = {
  userId: ObjectId,
  currentLocation: LatLon('currentLocation'),
  destinationLocation: LatLon('destinationLocation'),
  currentLocationName: Text('currentLocationName', SAVED_ROUTE_NAME_MAX),
  destinationLocationName: Text('destinationLocationName', SAVED_ROUTE_NAME_MAX),
  route: Type.Optional(SavedRouteDetail),
}

/** POST /api/route/save, and the 'route.save' op. */
export const { body: RouteSaveBody, op: RouteSaveOp } = saveSchemas(routeSaveFields)
export type RouteSaveBody = Static<typeof RouteSaveBody>
export type RouteSaveOp = Static<typeof RouteSaveOp>

export const SavedRoute = Type.Object({
  _id: ObjectId,
  currentLocationName: Type.String(),
  currentLocation: Type.Tuple([Type.Number(), Type.Number()]),
  destinationLocationName: Type.String(),
  destinationLocation: Type.Tuple([Type.Number(), Type.Number()]),
  route: Type.Optional(SavedRouteDetail),
  /** ISO date-time. */
  createdAt: Type.String(),
})
export type SavedRoute = Static<typeof SavedRoute>

export const RouteSaveResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.Literal(SavedRouteMessages.saved),
  route: SavedRoute,
})
export type RouteSaveResponse = Static<typeof RouteSaveResponse>

/** GET /api/route/all: the caller's saved routes, newest first. */
export const SavedRoutesResponse = Type.Object({ success: Type.Literal(true), routes: Type.Array(SavedRoute) })
export type SavedRoutesResponse = Static<typeof SavedRoutesResponse>

export const RouteDeleteResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.Literal(SavedRouteMessages.deleted),
})
export type RouteDeleteResponse = Static<typeof RouteDeleteResponse>
