import { type Static, Type } from 'typebox'
import { ObjectId, Text } from './common.ts'
import { LatLon } from './region.ts'

export const SAVED_ROUTE_NAME_MAX = 300
/** Saved routes one account may keep (a bound on storage, far above what a person uses). */
export const SAVED_ROUTES_MAX = 200

export const SavedRouteMessages = {
  saved: 'Route saved successfully!',
  /** The spec's text, answered (409) only for a real duplicate: the same start, destination and mode. */
  duplicate: 'Route already saved!',
  deleted: 'Route deleted',
  notFound: 'This saved route does not exist',
  notYours: 'This saved route belongs to another account',
  otherUser: 'userId must be the signed-in user',
  tooMany: `You can keep at most ${SAVED_ROUTES_MAX} saved routes. Delete one to save another.`,
  geometry: 'geometry must be an encoded polyline',
} as const

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

export const RouteSaveBody = Type.Object(
  { _id: Type.Optional(ObjectId), ...routeSaveFields },
  { additionalProperties: false },
)
export type RouteSaveBody = Static<typeof RouteSaveBody>

/** 'route.save': like RouteSaveBody, but `_id` is required (the client made the saved route, so it named it). */
export const RouteSaveOp = Type.Object({ _id: ObjectId, ...routeSaveFields }, { additionalProperties: false })
export type RouteSaveOp = Static<typeof RouteSaveOp>

/** 'route.delete' */
export const RouteRefOp = Type.Object({ _id: ObjectId }, { additionalProperties: false })
export type RouteRefOp = Static<typeof RouteRefOp>

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

/** DELETE /api/route/delete/:id */
export const SavedRouteIdParams = Type.Object({ id: ObjectId })

/** What the duplicate rule compares: both places and the chosen route's mode (absent when none). */
export interface SavedRouteKeyFields {
  currentLocation: readonly [number, number]
  destinationLocation: readonly [number, number]
  route?: { mode: string } | undefined
}

/**
 * The duplicate rule, shared by the server and the phone: two saved routes are the same when their start and
 * destination agree to 4 decimals (about 11 m) and their modes agree (both absent counts as the same).
 */
export function savedRouteKey({ currentLocation, destinationLocation, route }: SavedRouteKeyFields): string {
  const at = (v: number) => Math.round(v * 10_000)
  return `${[...currentLocation, ...destinationLocation].map(at).join(',')}|${route?.mode ?? ''}`
}
