/**
 * Web Mercator (EPSG:3857) in "world" units: x and y run 0..1 across the whole map, y downwards from 85.0511° N,
 * so tile (z, x, y) covers [x, x+1] / 2^z by [y, y+1] / 2^z, as in OSM's slippy-map tile names.
 */

/** The equator's length on Web Mercator's sphere (2π x 6 378 137 m): a world unit is this many metres there. */
export const MERCATOR_EQUATOR_M = 40_075_016.686
/** Web Mercator stops here: beyond it y would run off the square world. */
export const MAX_MERCATOR_LAT = 85.0511287798066

const clampLat = (lat: number) => Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat))

export function lonToWorldX(lon: number): number {
  return (lon + 180) / 360
}

export function latToWorldY(lat: number): number {
  const s = Math.sin((clampLat(lat) * Math.PI) / 180)
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)
}

export function worldXToLon(x: number): number {
  return x * 360 - 180
}

export function worldYToLat(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI
}

/** Metres on the ground one world unit spans at world row `y` (the map's scale there). */
export function metresPerWorldUnit(y: number): number {
  return MERCATOR_EQUATOR_M * Math.cos(Math.atan(Math.sinh(Math.PI * (1 - 2 * y))))
}

/** Metres one screen pixel covers at `lat` and zoom `zoom` (256 px tiles). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (MERCATOR_EQUATOR_M * Math.cos((clampLat(lat) * Math.PI) / 180)) / 2 ** (zoom + 8)
}

/** The tile of zoom z that holds a point. */
export function tileOf(lat: number, lon: number, z: number): { x: number; y: number } {
  const n = 2 ** z
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v * n)))
  return { x: clamp(lonToWorldX(lon)), y: clamp(latToWorldY(lat)) }
}

/** A tile's extent in degrees. */
export function tileBbox(
  z: number,
  x: number,
  y: number,
): { west: number; south: number; east: number; north: number } {
  const n = 2 ** z
  return {
    west: worldXToLon(x / n),
    east: worldXToLon((x + 1) / n),
    north: worldYToLat(y / n),
    south: worldYToLat((y + 1) / n),
  }
}
