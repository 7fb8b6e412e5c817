/**
 * The import step that makes the region's vector tiles: the map features of the extracts (map-reader.ts), the land
 * of the region box with the sea cut out of it where the extracts have coastlines (coastline.ts), every tile from
 * zoom 0 to VECTOR_TILE_MAX_ZOOM over the region box (vector-tiles.ts, block by block: tile-blocks.ts), each written
 * to `tiles.bin` as it is made.
 */
import { join } from 'node:path'
import { VECTOR_TILE_MAX_ZOOM } from '@wings/contract'
import { latToWorldY, lonToWorldX } from '@wings/geo'
import type { RoadGraph } from '@wings/routing'
import type { ImportStep } from '../region/import-step.ts'
import { type Box, joinChains, seaPolygons } from './coastline.ts'
import { type MapFeature, packCoords, readMapSource } from './map-reader.ts'
import { TILES_FILE, writeArchive } from './tile-archive.ts'
import { makeTiles } from './tile-blocks.ts'

/** The region's box in world units (the road graph's box). */
export function regionBox(graph: RoadGraph): Box {
  const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
  return [lonToWorldX(minLon), latToWorldY(maxLat), lonToWorldX(maxLon), latToWorldY(minLat)]
}

/** The map features of the extracts plus the land (earth) and the sea of the region box. */
export function regionFeatures(files: readonly string[], box: Box): { features: MapFeature[]; seaPolygons: number } {
  const source = readMapSource(files)
  const [x0, y0, x1, y1] = box
  const sea = seaPolygons(joinChains(source.coastlines), box)
  const features: MapFeature[] = [
    {
      layer: 'earth',
      props: { kind: 'earth' },
      minzoom: 0,
      geometry: { type: 'Polygon', coordinates: [Float64Array.of(x0, y0, x1, y0, x1, y1, x0, y1, x0, y0)] },
    },
    ...sea.map(
      (polygon): MapFeature => ({
        layer: 'water',
        props: { kind: 'sea' },
        minzoom: 0,
        geometry: { type: 'Polygon', coordinates: polygon.map(packCoords) },
      }),
    ),
    ...source.features,
  ]
  return { features, seaPolygons: sea.length }
}

/**
 * Writes `tiles.bin` into the new region folder, from the extracts' files (read again for what the map draws). The
 * import time in the file (the graph's createdAt) names the tiles' ETags, so a new import changes them all.
 */
export const tilesImportStep: ImportStep = ({ extracts, graph, dir }) => {
  const files = extracts.map((x) => x.source)
  if (files.includes('buffer')) throw new Error('Map tiles are made from extract files: import files, not buffers')
  const box = regionBox(graph)
  const { features } = regionFeatures(files, box)
  const builtAt = Date.parse(graph.meta.createdAt)
  writeArchive(
    join(dir, TILES_FILE),
    { maxZoom: VECTOR_TILE_MAX_ZOOM, builtAt: Number.isFinite(builtAt) ? builtAt : Date.now(), region: box },
    makeTiles(features, box),
  )
}
