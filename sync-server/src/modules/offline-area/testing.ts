/** What the area bundle's tests share: the Mumbai extract, a quiet CLI, and about 3 km² around Grant Road station. */
import { fileURLToPath } from 'node:url'

export const MUMBAI = fileURLToPath(new URL('../../../../../shared/data/india-mumbai-south.osm.pbf', import.meta.url))
export const silent = { out: () => {}, err: () => {} }

export const GRANT_ROAD = { lat: 18.9633, lon: 72.8148 }
// 1.73 km a side.
const HALF_LAT = 1.732 / 111.32 / 2
const HALF_LON = HALF_LAT / Math.cos((GRANT_ROAD.lat * Math.PI) / 180)
/** [west, south, east, north]. */
export const GRANT_ROAD_BOX: [number, number, number, number] = [
  GRANT_ROAD.lon - HALF_LON,
  GRANT_ROAD.lat - HALF_LAT,
  GRANT_ROAD.lon + HALF_LON,
  GRANT_ROAD.lat + HALF_LAT,
]
