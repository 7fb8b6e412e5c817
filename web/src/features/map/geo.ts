/** Plain geometry for the maps: boxes, areas, centres. No Leaflet here, so it is cheap to import and to test. */

/** [lat, lon] in degrees. */
export type LatLon = [number, number]
/** [minLon, minLat, maxLon, maxLat] in degrees. */
export type Bbox = [number, number, number, number]

/** Kilometres per degree of latitude (the same constant the server checks bbox areas with). */
const KM_PER_DEG = 111.195
/** Web Mercator stops here. */
export const MAX_MERCATOR_LAT = 85.0511287798

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

/** Area of a bbox in square kilometres, as the server computes it (so a box we clamp is one it accepts). */
export function bboxKm2([minLon, minLat, maxLon, maxLat]: Bbox): number {
  const midLat = ((minLat + maxLat) / 2) * (Math.PI / 180)
  return (maxLat - minLat) * KM_PER_DEG * ((maxLon - minLon) * KM_PER_DEG * Math.cos(midLat))
}

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

/** Metres one screen pixel covers at `lat` and zoom `zoom` (256 px Web Mercator tiles). */
export function metersPerPixel(lat: number, zoom: number): number {
  return (
    (40_075_016.686 * Math.cos((clamp(lat, -MAX_MERCATOR_LAT, MAX_MERCATOR_LAT) * Math.PI) / 180)) / 2 ** (zoom + 8)
  )
}
