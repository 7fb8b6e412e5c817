/** Plain geometry for the maps: boxes, areas, centres. No Leaflet here, so it is cheap to import and to test. */
import { bboxKm2 } from '@wings/geo'

/** Box areas, the Mercator bound and the map scale are the shared geometry's (the server measures with the same). */
export { bboxKm2, MAX_MERCATOR_LAT, metresPerPixel as metersPerPixel } from '@wings/geo'

/** [lat, lon] in degrees. */
export type LatLon = [number, number]
/** [minLon, minLat, maxLon, maxLat] in degrees. */
export type Bbox = [number, number, number, number]

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

export function bboxCenter([minLon, minLat, maxLon, maxLat]: Bbox): LatLon {
  return [(minLat + maxLat) / 2, (minLon + maxLon) / 2]
}

/** The box kept inside valid longitudes and latitudes. */
export function normalizeBbox([minLon, minLat, maxLon, maxLat]: Bbox): Bbox {
  return [clamp(minLon, -180, 180), clamp(minLat, -90, 90), clamp(maxLon, -180, 180), clamp(maxLat, -90, 90)]
}

/**
 * The box shrunk around its centre (same shape) until it covers at most `maxKm2`, with a little margin so the
 * server's own check never refuses it. Boxes already small enough come back unchanged (but normalized).
 */
export function clampBboxArea(bbox: Bbox, maxKm2: number): Bbox {
  const box = normalizeBbox(bbox)
  const area = bboxKm2(box)
  const limit = maxKm2 * 0.98
  if (!(area > limit)) return box
  const scale = Math.sqrt(limit / area)
  const [lat, lon] = bboxCenter(box)
  const halfLon = ((box[2] - box[0]) / 2) * scale
  const halfLat = ((box[3] - box[1]) / 2) * scale
  return normalizeBbox([lon - halfLon, lat - halfLat, lon + halfLon, lat + halfLat])
}

/** The overlap of two boxes, or null when they do not overlap. */
export function intersectBbox(a: Bbox, b: Bbox): Bbox | null {
  const box: Bbox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]
  return box[0] < box[2] && box[1] < box[3] ? box : null
}

/** The box around `points`, grown by `padDegrees` on every side; null for no points. */
export function boundsOf(points: readonly LatLon[], padDegrees = 0): Bbox | null {
  if (points.length === 0) return null
  let minLat = Number.POSITIVE_INFINITY
  let minLon = Number.POSITIVE_INFINITY
  let maxLat = Number.NEGATIVE_INFINITY
  let maxLon = Number.NEGATIVE_INFINITY
  for (const [lat, lon] of points) {
    minLat = Math.min(minLat, lat)
    maxLat = Math.max(maxLat, lat)
    minLon = Math.min(minLon, lon)
    maxLon = Math.max(maxLon, lon)
  }
  return normalizeBbox([minLon - padDegrees, minLat - padDegrees, maxLon + padDegrees, maxLat + padDegrees])
}

/** 'minLon,minLat,maxLon,maxLat' as the server's bbox query parameter wants it (at most 6 decimals). */
export function bboxParam(bbox: Bbox): string {
  return bbox.map((n) => Number(n.toFixed(6)).toString()).join(',')
}
