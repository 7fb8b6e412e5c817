/**
 * The server's tile names: z/x/y as in OSM's slippy-map tiles, up to the zoom Wings serves. The Web Mercator maths
 * (world units, tileOf, tileBbox) is @wings/geo's.
 */
import { MAX_TILE_ZOOM } from '@wings/contract'

export const MAX_ZOOM = MAX_TILE_ZOOM

/** z, x and y name a tile: integers, 0 <= z <= maxZoom, 0 <= x, y < 2^z. */
export function isValidTile(z: number, x: number, y: number, maxZoom = MAX_ZOOM): boolean {
  if (!Number.isInteger(z) || !Number.isInteger(x) || !Number.isInteger(y)) return false
  if (z < 0 || z > maxZoom) return false
  const n = 2 ** z
  return x >= 0 && x < n && y >= 0 && y < n
}
