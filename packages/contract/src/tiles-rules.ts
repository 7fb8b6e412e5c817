/**
 * Map tiles: Mapbox Vector Tiles (MVT) of the imported region, Web Mercator, made at import and served by the sync
 * server; the app draws them (labels in her language included). Data tiles are 512 px: tile zoom z is drawn at map
 * zoom z + 1, and the last data zoom is drawn larger up to MAX_TILE_ZOOM. Plain values, without schemas: the maps need them
 * and no TypeBox; the schemas are in tiles.ts.
 */
/** The server's own tiles; TILE_URL may point the app at another basemap with the same {z}/{x}/{y} scheme. */
export const DEFAULT_TILE_URL = '/api/tiles/{z}/{x}/{y}.mvt'
/** The one tile format the server makes. */
export const TILE_FORMAT = 'mvt'
export const TILE_MEDIA_TYPE = 'application/vnd.mapbox-vector-tile'
/** Highest data-tile zoom the server makes; the map draws it larger above (map zoom up to MAX_TILE_ZOOM). */
export const VECTOR_TILE_MAX_ZOOM = 15
/** Map zoom = data-tile zoom + this (512 px data tiles on 256 px map tiles). */
export const VECTOR_TILE_LEVEL_DIFF = 1
export const TILE_PIXELS = 256
export const MIN_TILE_ZOOM = 0
export const MAX_TILE_ZOOM = 19
// Attribution: OSM_ATTRIBUTION (region.ts), which every map showing these tiles must display (ODbL).

export const TileMessages = {
  badTile: `z, x and y must name a tile: whole numbers, 0 <= z <= ${VECTOR_TILE_MAX_ZOOM}, 0 <= x, y < 2^z`,
  badFormat: `Unknown tile format: tiles are served as .${TILE_FORMAT} (Mapbox Vector Tiles)`,
  badArea: 'bbox must be minLon,minLat,maxLon,maxLat with minLon < maxLon and minLat < maxLat, within the world',
  badZooms: `minzoom and maxzoom must be whole numbers with 0 <= minzoom <= maxzoom <= ${VECTOR_TILE_MAX_ZOOM}`,
  tooManyTiles: 'This area has too many tiles to size at once: make it smaller',
  noRegion: 'No map region has been imported yet',
} as const

/** Most tiles one size request may cover (an offline area holds at most 2,500). */
export const TILE_SIZE_MAX_TILES = 10_000
