/**
 * The streets a route follows and whether each is lit ("2 more lit streets"): shared with the phone, so it lives in
 * @wings/area-bundle (route-streets.ts).
 */
export { type RouteStreets, routeStreets, STREET_MIN_METERS } from '@wings/area-bundle'
