/**
 * The region's and the planner's plain values, without schemas: the planner's first screen needs them and no TypeBox;
 * the schemas built from them are in region.ts.
 */

/** Credit that every screen showing region data must give (ODbL). */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors'

export const TRAVEL_MODES = ['car', 'bike', 'foot'] as const
export type TravelMode = (typeof TRAVEL_MODES)[number]

/**
 * The longest trip planned per mode, in a straight line: a 50 km walk is over ten hours. Past it the server answers
 * 422 TRIP_TOO_LONG at once, before any search (docs/metro.md).
 */
export const MAX_TRIP_KM: Readonly<Record<TravelMode, number>> = { foot: 50, bike: 100, car: 300 }

export const ROUTE_LABELS = ['Fastest', 'Safest', 'Balanced'] as const

/** What route finding answers besides routes; plain strings, so the phone's planner (a Web Worker) costs no TypeBox. */
export const RegionMessages = {
  noRegion: 'No region imported yet',
  outsideRegion: 'This place is outside the mapped region',
  noRoute: 'No route found between these places',
  tooFar: {
    foot: `These places are more than ${MAX_TRIP_KM.foot} km apart: too far to walk`,
    bike: `These places are more than ${MAX_TRIP_KM.bike} km apart: too far to cycle`,
    car: `These places are more than ${MAX_TRIP_KM.car} km apart: too far to plan a drive`,
  },
} as const

/** What the app and the geocoder say about a place outside the region's outline. */
export const COVERAGE_MESSAGE = 'Wings has no map data for this area yet'
/** The map's legend for the outline. */
export const COVERAGE_LEGEND = 'Wings has map data inside this line'

/**
 * The region's outline (GET /api/region `outline`): a GeoJSON MultiPolygon of [lon, lat] points, one closed outer ring
 * per polygon and no holes (a park or a lake inside the city is covered too).
 */
export interface RegionOutline {
  type: 'MultiPolygon'
  coordinates: [number, number][][][]
}

/** Whether [lat, lon] lies inside one of the outline's polygons (ray casting on the outer rings). */
export function insideOutline(outline: RegionOutline, lat: number, lon: number): boolean {
  for (const [ring] of outline.coordinates) {
    if (!ring) continue
    let inside = false
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number]
      const [xj, yj] = ring[j] as [number, number]
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside
    }
    if (inside) return true
  }
  return false
}
