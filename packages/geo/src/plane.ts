/**
 * A local flat plane for metre maths near a point or inside a region: x = lon x metresPerDegreeLon(lat0),
 * y = lat x METRES_PER_DEGREE. Within a few km the error is far below a GPS fix's.
 */
import { equirectangularMetres, METRES_PER_DEGREE, RAD } from './distance.ts'

/** Metres per degree of longitude at `lat`. */
export function metresPerDegreeLon(lat: number): number {
  return Math.cos((lat * Math.PI) / 180) * METRES_PER_DEGREE
}

/** The point `metres` north of (lat, lon) (south when negative). */
export function offsetNorth<P extends { lat: number }>(point: P, metres: number): P {
  return { ...point, lat: point.lat + metres / METRES_PER_DEGREE }
}

/** Where on segment a-b the point p is closest: 0 at a, 1 at b (0 for a segment of no length). */
export function segmentFraction(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const len2 = dx * dx + dy * dy
  return len2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0
}

/** Squared distance from p to segment a-b on a plane. */
export function segmentDistance2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax
  const dy = by - ay
  const t = segmentFraction(px, py, ax, ay, bx, by)
  const ex = ax + t * dx - px
  const ey = ay + t * dy - py
  return ex * ex + ey * ey
}

/** Metres from (lat, lon) to the segment (lat1, lon1)-(lat2, lon2), and the closest point on it. */
export function metresToSegment(
  lat: number,
  lon: number,
  lat1: number,
  lon1: number,
  lat2: number,
  lon2: number,
): { distance: number; lat: number; lon: number } {
  const k = Math.cos(lat * RAD)
  const t = segmentFraction(0, 0, (lon1 - lon) * k, lat1 - lat, (lon2 - lon) * k, lat2 - lat)
  const pLat = lat1 + (lat2 - lat1) * t
  const pLon = lon1 + (lon2 - lon1) * t
  return { distance: equirectangularMetres(lat, lon, pLat, pLon), lat: pLat, lon: pLon }
}

/** Area in km² of a box [minLon, minLat, maxLon, maxLat] (on the plane at its middle latitude). */
export function bboxKm2([minLon, minLat, maxLon, maxLat]: readonly [number, number, number, number]): number {
  const kmPerDegree = METRES_PER_DEGREE / 1000
  return (maxLat - minLat) * kmPerDegree * ((maxLon - minLon) * kmPerDegree * Math.cos(((minLat + maxLat) / 2) * RAD))
}
