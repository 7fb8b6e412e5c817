/**
 * Every tile of the region, made block by block. A geojson-vt index keeps every tile it has cut, each with its
 * features (and the deepest ones with their full-detail source too), so one index over a metro's features, asked for
 * all its tiles, grows to gigabytes and spends half its time collecting garbage. Here each block of tiles (the tiles
 * under one tile of a band's block zoom, over the band's zooms) gets indexes of its own over only the features that
 * can be in it: those whose box meets the block's, buffer included, and whose minzoom is at most the band's deepest
 * zoom. They are dropped once the block's tiles are out.
 *
 * The tiles are the ones a single index makes: geojson-vt cuts every tile from its parent's, zoom by zoom from the
 * world tile down, and cuts and simplifies each feature alone, so a tile does not depend on which other features its
 * index holds (tile-blocks.test.ts compares them byte for byte).
 */
import { VECTOR_TILE_MAX_ZOOM } from '@wings/contract'
import type { Box } from './coastline.ts'
import type { Coords, Geometry, MapFeature } from './map-reader.ts'
import type { ArchiveTile } from './tile-archive.ts'
import { TILE_BUFFER, TILE_EXTENT, tilesOver, VectorTiler } from './vector-tiles.ts'

/**
 * The bands' first zooms; a band's blocks are its first zoom's tiles. Zooms 0-10 are one block of few features (main
 * roads, railways, water, parks, places); 11-12 add the streets, in blocks of about 20 km; 13-15 everything, in
 * blocks of about 5 km. Chosen by measurement on the synthetic metro (docs/tiles.md): larger blocks hold more at
 * once, smaller ones cut the same features again for each block.
 */
export const BAND_ZOOMS: readonly number[] = [0, 11, 13]

/** The world box of a feature's points. */
export function featureBox(geometry: Geometry): Box {
  const box: Box = [1, 1, 0, 0]
  const add = (x: number, y: number) => {
    if (x < box[0]) box[0] = x
    if (y < box[1]) box[1] = y
    if (x > box[2]) box[2] = x
    if (y > box[3]) box[3] = y
  }
  const addAll = (coords: Coords | undefined) => {
    for (let i = 0; coords && i + 1 < coords.length; i += 2) add(coords[i] as number, coords[i + 1] as number)
  }
  switch (geometry.type) {
    case 'Point':
      add(...geometry.coordinates)
      break
    case 'LineString':
      addAll(geometry.coordinates)
      break
    case 'Polygon':
      addAll(geometry.coordinates[0])
      break
    case 'MultiPolygon':
      for (const polygon of geometry.coordinates) addAll(polygon[0])
      break
  }
  return box
}

/**
 * Every non-empty tile over the box from zoom 0 to maxZoom, block by block (ordered by band, then block, then zoom,
 * x, y). Each tile is handed out as soon as it is made: write it and let it go.
 */
export function* makeTiles(
  features: readonly MapFeature[],
  box: Box,
  maxZoom = VECTOR_TILE_MAX_ZOOM,
  bands: readonly number[] = BAND_ZOOMS,
): Generator<ArchiveTile> {
  const boxes = new Float64Array(4 * features.length)
  const minzooms = new Uint8Array(features.length)
  features.forEach((f, i) => {
    boxes.set(featureBox(f.geometry), 4 * i)
    minzooms[i] = f.minzoom
  })
  // Zoom 0 always starts a band, so that every zoom is in one.
  const starts = [...new Set([0, ...bands])].filter((z) => z <= maxZoom).sort((p, q) => p - q)
  for (const [b, from] of starts.entries()) {
    const to = (starts[b + 1] ?? maxZoom + 1) - 1
    const blocks = tilesOver(box, from)
    for (let bx = blocks.x0; bx <= blocks.x1; bx++) {
      for (let by = blocks.y0; by <= blocks.y1; by++) {
        // The block's box with twice the tiles' buffer: a superset of what the index can put in its tiles.
        const n = 2 ** from
        const margin = (2 * TILE_BUFFER) / TILE_EXTENT
        const x0 = (bx - margin) / n
        const y0 = (by - margin) / n
        const x1 = (bx + 1 + margin) / n
        const y1 = (by + 1 + margin) / n
        const chosen: MapFeature[] = []
        for (let i = 0; i < features.length; i++) {
          const k = 4 * i
          if ((minzooms[i] as number) > to) continue
          if ((boxes[k + 2] as number) < x0 || (boxes[k] as number) > x1) continue
          if ((boxes[k + 3] as number) < y0 || (boxes[k + 1] as number) > y1) continue
          chosen.push(features[i] as MapFeature)
        }
        if (chosen.length === 0) continue
        const tiler = new VectorTiler(chosen, maxZoom)
        for (let z = from; z <= to; z++) {
          const r = tilesOver(box, z)
          const scale = 2 ** (z - from)
          for (let x = Math.max(r.x0, bx * scale); x <= Math.min(r.x1, (bx + 1) * scale - 1); x++) {
            for (let y = Math.max(r.y0, by * scale); y <= Math.min(r.y1, (by + 1) * scale - 1); y++) {
              const data = tiler.tile(z, x, y)
              if (data.length > 0) yield { z, x, y, data }
            }
          }
        }
      }
    }
  }
}
