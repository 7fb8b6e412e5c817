/**
 * Saved routes' limits, messages and duplicate rule, without schemas: the planner saves routes before any TypeBox is
 * needed; the schemas built from them are in saved-routes.ts.
 */

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
