/**
 * @wings/area-bundle: one area of the region for the phone (road graph, safety inputs, places, help, incidents), in
 * one binary file with a checksum. The server encodes it (sync-server modules/offline-area); a Web Worker decodes it.
 *
 *   const bundle = decodeAreaBundle(bytes)                       // AreaBundleError: drop it, fetch it again
 *   fillRiskArray(bundle.columns.night, 'night', risk)           // the server's risks, bit for bit
 *   findRoutes(bundle.graph, from, to, 'foot', { risk })         // trips with both ends in bundle.meta.box
 */
export { type AreaBundle, decodeAreaBundle } from './decode.ts'
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
export { edgesInBox, type Subgraph, sliceColumns, subgraphOf } from './subgraph.ts'
