/**
 * @wings/routing: OSM PBF import, the road graph (CSR typed arrays), snapping and safety-aware routing.
 *
 *   const extract = readOsmPbf('/path/region.osm.pbf')          // OsmPbfError on bad input
 *   const graph = buildRoadGraph([extract, other])               // merge extracts
 *   saveGraph(graph, 'region.graph'); const g = loadGraph('region.graph')
 *   const { routes } = findRoutes(g, [lat, lon], [lat, lon], 'foot', { risk })  // OutsideRegionError, NoRouteError
 */
export { buildRoadGraph, markMainComponents } from './build-graph.ts'
export { routerContext } from './context.ts'
export { NoRouteError, OsmPbfError, OutsideRegionError } from './errors.ts'
export {
  DEFAULT_LAMBDAS,
  DEFAULT_MAX_SNAP_METERS,
  type FindRoutesOptions,
  findRoutes,
  LABEL_ORDER,
  type LatLon,
  legGeometry,
  MAX_STRETCH,
  type Route,
  type RouteLabel,
  type RoutesResult,
  routeFromLegs,
  routeOverlap,
  SIMILARITY_LIMIT,
  sharedShare,
  snapPoint,
} from './find-routes.ts'
export {
  bytesPerEdge,
  edgeGeometry,
  type GraphMeta,
  LIT_VALUES,
  MODE_BIT,
  nodeCoord,
  type RoadGraph,
  SIDEWALK_VALUES,
} from './graph.ts'
export { loadGraph, saveGraph } from './graph-file.ts'
export {
  buildLandmarks,
  deserializeLandmarks,
  fillRiskSet,
  type LandmarkOptions,
  type LandmarkSet,
  type Landmarks,
  serializeLandmarks,
  type TripBounds,
  tripBounds,
} from './landmarks.ts'
export { loadLandmarks, saveLandmarks } from './landmarks-file.ts'
export { edgesNear, matchTrack, type TrackMatch, type TrackMatchOptions } from './map-match.ts'
export { type BlockVisitor, decodePrimitiveBlock, type OsmHeader, type RelationMember, type Tags } from './osm-pbf.ts'
export {
  type AreaKind,
  type OsmArea,
  type OsmExtract,
  type OsmPoint,
  type OsmWay,
  type PlaceKind,
  type ReadOptions,
  readOsmPbf,
  type SafetyPoiKind,
} from './osm-reader.ts'
export { joinRings } from './osm-tags.ts'
export { readBlobs } from './pbf-blobs.ts'
export { HIGHWAY_CLASSES, type HighwayClass, MODES, type Mode, parseMaxspeed, roadAttributes } from './road-rules.ts'
export { type CostOptions, type Leg, type SearchResult, searchPath } from './search.ts'
export { deserializeGraph, serializeGraph } from './serialize.ts'
export type { Snap } from './spatial-index.ts'
export { CYCLE_KMH, STEPS_WALK_KMH, travelKmh, URBAN_CONGESTION, WALK_KMH } from './travel-speed.ts'
export { type ViaOptions, viaRoutes } from './via-routes.ts'
