/** The map tiles' API shapes; their plain values are in tiles-rules.ts. */
import { type Static, Type } from 'typebox'

/** GET /api/tiles/size?bbox=minLon,minLat,maxLon,maxLat&minzoom=&maxzoom=: what saving that area would download. */
export const TileAreaSizeQuery = Type.Object({
  bbox: Type.String({ maxLength: 200 }),
  minzoom: Type.String({ maxLength: 3 }),
  maxzoom: Type.String({ maxLength: 3 }),
})
export type TileAreaSizeQuery = Static<typeof TileAreaSizeQuery>

export const TileAreaSize = Type.Object({
  /** Data tiles over the box at those zooms. */
  tiles: Type.Integer({ minimum: 0 }),
  /** Their bytes, as the phone stores them. */
  bytes: Type.Integer({ minimum: 0 }),
})
export type TileAreaSize = Static<typeof TileAreaSize>
