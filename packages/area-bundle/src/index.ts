/**
 * @wings/area-bundle: one area of the region for the phone (road graph, safety inputs, places, help, incidents), in
 * one binary file with a checksum, and the code that plans and scores routes on it, which the server uses too.
 * The server encodes the bundle (sync-server modules/offline-area); a Web Worker decodes it.
 *
 *   const bundle = decodeAreaBundle(bytes)                       // AreaBundleError: drop it, fetch it again
 *   planRoutes(bundle, { source, destination, mode, at })        // POST /api/route/find's answer; OfflinePlanError
 *   fillRiskArray(bundle.columns.night, 'night', risk)           // the server's risks, bit for bit
 *   searchPlaces(createPlaceIndex(bundle.places), 'grnt rd', { near, recent })   // place search: AreaPlace[]
 */
export { type AreaBundle, type DecodedAreaBundle, decodeAreaBundle } from './decode.ts'
export { type AreaBundleParts, encodeAreaBundle } from './encode.ts'
export {
  AreaBundleError,
  type AreaBundleErrorCode,
  type AreaFeatures,
  type AreaIncidentCell,
  type AreaMeta,
  type AreaPlace,
  type AreaRegion,
  type AreaSignals,
  crc32,
  FEATURE_COLUMNS,
  FORMAT_VERSION,
  MAGIC,
  type PlaceKind,
} from './format.ts'
export {
  INCIDENT_RADIUS_METERS,
  INCIDENTS_NEARBY_DAYS,
  type IncidentCounter,
  type IncidentCounts,
  incidentCounter,
  incidentGrid,
  type NearbyReport,
} from './incidents-nearby.ts'
export {
  ABBREVIATIONS,
  editDistance,
  isLatin,
  normalize,
  type QueryWord,
  typoBudget,
  type WordScore,
  wordMatch,
  wordsOf,
} from './place-text.ts'
export { OfflinePlanError, OUTSIDE_KEPT_AREA, OutsideKeptAreaError, planRoutes, type TripEnd } from './plan.ts'
export { type RouteStreets, routeStreets, STREET_MIN_METERS, type StreetInputs } from './route-streets.ts'
export { edgeFeaturesOf, NO_NOTABLE_REASON, type ScoringInputs, scoreRoute } from './score-route.ts'
export { createPlaceIndex, type PlaceIndex, type PlaceSearchOptions, searchPlaces } from './search-places.ts'
export { edgesExtent, edgesInBox, type Subgraph, sliceColumns, subgraphOf } from './subgraph.ts'
