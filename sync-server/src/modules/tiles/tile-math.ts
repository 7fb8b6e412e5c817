/**
 * Web Mercator (EPSG:3857) in "world" units: x and y run 0..1 across the whole map, y downwards from 85.0511° N,
 * so tile (z, x, y) covers [x, x+1] / 2^z by [y, y+1] / 2^z, as in OSM's slippy-map tile names.
 */
import { MAX_TILE_ZOOM } from '@wings/contract'

export const TILE_SIZE = 256
export const MAX_ZOOM = MAX_TILE_ZOOM
/** Web Mercator stops here: beyond it y would run off the square world. */
export const MAX_LATITUDE = 85.0511287798066

export function lonToWorldX(lon: number): number {
  return (lon + 180) / 360
}

export function latToWorldY(lat: number): number {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat))
  const s = Math.sin((clamped * Math.PI) / 180)
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)
}

export function worldXToLon(x: number): number {
  return x * 360 - 180
}

export function worldYToLat(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI
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

/** z, x and y name a tile: integers, 0 <= z <= maxZoom, 0 <= x, y < 2^z. */
export function isValidTile(z: number, x: number, y: number, maxZoom = MAX_ZOOM): boolean {
  if (!Number.isInteger(z) || !Number.isInteger(x) || !Number.isInteger(y)) return false
  if (z < 0 || z > maxZoom) return false
  const n = 2 ** z
  return x >= 0 && x < n && y >= 0 && y < n
}
