/** Distances on the Earth, one radius for all of Wings: the mean radius (IUGG), 6 371 008.8 m. */

export const EARTH_RADIUS_M = 6_371_008.8
/** Radians per degree. */
export const RAD = Math.PI / 180
/** Metres per degree of latitude (and of longitude at the equator): about 111 195.08 m. */
export const METRES_PER_DEGREE = EARTH_RADIUS_M * RAD

/** Great-circle metres between two points. */
export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD
  const dLon = (lon2 - lon1) * RAD
  const s1 = Math.sin(dLat / 2)
  const s2 = Math.sin(dLon / 2)
  const a = s1 * s1 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * s2 * s2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Metres between two points on the flat (equirectangular) plane at their mean latitude: exact enough within a city. */
export function equirectangularMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * RAD * Math.cos(((lat1 + lat2) / 2) * RAD)
  const y = (lat2 - lat1) * RAD
  return Math.sqrt(x * x + y * y) * EARTH_RADIUS_M
}
