// The map's light pieces. Its components bring their styles (a side effect a bundler keeps): they are in
// components.ts, so a screen that only needs the region does not load the map's CSS and code with it.
export type { LatLon, MapLine } from './MapView.tsx'
export { resetRegionSession, useRegion } from './useRegion.ts'
