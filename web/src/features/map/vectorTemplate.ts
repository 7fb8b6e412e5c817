/** Which tiles a template names, and the data zoom a map zoom draws from (tiles.ts in @wings/contract). */
import { VECTOR_TILE_LEVEL_DIFF, VECTOR_TILE_MAX_ZOOM } from '@wings/contract'

/** Whether a tile URL template names the server's vector tiles (else it is a raster basemap). */
export const isVectorTemplate = (template: string) => /\.(mvt|pbf)(\?.*)?$/.test(template)

/** The data tile zoom a map zoom draws from. */
export const dataZoomFor = (mapZoom: number) =>
  Math.max(0, Math.min(VECTOR_TILE_MAX_ZOOM, Math.ceil(mapZoom) - VECTOR_TILE_LEVEL_DIFF))
