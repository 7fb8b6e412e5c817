/** Map tiles: raster PNG tiles of the imported region, 256 px, Web Mercator, served by the sync server. */

/** The server's own tiles; TILE_URL may point the app at another basemap with the same {z}/{x}/{y} scheme. */
export const DEFAULT_TILE_URL = '/api/tiles/{z}/{x}/{y}.png'
export const TILE_PIXELS = 256
export const MIN_TILE_ZOOM = 0
export const MAX_TILE_ZOOM = 19
// Attribution: OSM_ATTRIBUTION (region.ts), which every map showing these tiles must display (ODbL).

export const TileMessages = {
  badTile: `z, x and y must name a tile: whole numbers, 0 <= z <= ${MAX_TILE_ZOOM}, 0 <= x, y < 2^z`,
  noRegion: 'No map region has been imported yet',
} as const
