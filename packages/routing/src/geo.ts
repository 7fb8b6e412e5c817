/** Geodesy helpers: great-circle distances and a local flat projection for snapping and A* bounds. */

export const EARTH_RADIUS_M = 6_371_008.8
const RAD = Math.PI / 180
/** Coordinates are stored as OSM does: integer 1e-7 degrees. */
export const COORD_SCALE = 1e7

export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD
  const dLon = (lon2 - lon1) * RAD
  const s1 = Math.sin(dLat / 2)
  const s2 = Math.sin(dLon / 2)
  const a = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Metres per degree of latitude (and of longitude at the equator). */
export const METERS_PER_DEGREE = EARTH_RADIUS_M * RAD

export function toFixed7(deg: number): number {
  return Math.round(deg * COORD_SCALE)
}
