/**
 * The import step that makes the region's vector tiles: the map features of the extracts (map-reader.ts), the land
 * of the region box with the sea cut out of it where the extracts have coastlines (coastline.ts), every tile from
 * zoom 0 to VECTOR_TILE_MAX_ZOOM over the region box (vector-tiles.ts), all written to `tiles.bin`.
 */
import { join } from 'node:path'
import { VECTOR_TILE_MAX_ZOOM } from '@wings/contract'
import { latToWorldY, lonToWorldX } from '@wings/geo'
import type { RoadGraph } from '@wings/routing'
import type { ImportStep } from '../region/import-step.ts'
import { type Box, joinChains, seaPolygons } from './coastline.ts'
import { type MapFeature, readMapSource } from './map-reader.ts'
import { type ArchiveTile, TILES_FILE, writeArchive } from './tile-archive.ts'
import { tilesOver, VectorTiler } from './vector-tiles.ts'

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
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [x0, y0],
            [x1, y0],
            [x1, y1],
            [x0, y1],
            [x0, y0],
          ],
        ],
      },
    },
    ...sea.map(
      (polygon): MapFeature => ({
        layer: 'water',
        props: { kind: 'sea' },
        minzoom: 0,
        geometry: { type: 'Polygon', coordinates: polygon },
      }),
    ),
    ...source.features,
  ]
  return { features, seaPolygons: sea.length }
}

/** Every non-empty tile over the box from zoom 0 to maxZoom. */
export function makeTiles(tiler: VectorTiler, box: Box, maxZoom = VECTOR_TILE_MAX_ZOOM): ArchiveTile[] {
  const tiles: ArchiveTile[] = []
  for (let z = 0; z <= maxZoom; z++) {
    const r = tilesOver(box, z)
    for (let x = r.x0; x <= r.x1; x++) {
      for (let y = r.y0; y <= r.y1; y++) {
        const data = tiler.tile(z, x, y)
        if (data.length > 0) tiles.push({ z, x, y, data })
      }
    }
  }
  return tiles
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
  const tiler = new VectorTiler(features)
  const builtAt = Date.parse(graph.meta.createdAt)
  writeArchive(
    join(dir, TILES_FILE),
    { maxZoom: tiler.maxZoom, builtAt: Number.isFinite(builtAt) ? builtAt : Date.now(), region: box },
    makeTiles(tiler, box),
  )
}
