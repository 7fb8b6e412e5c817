/** DATA_DIR/region/tiles.bin as a renderer, for the tiles service and its workers (render-worker.ts). */
import { type Stats, statSync } from 'node:fs'
import { encodePng } from './png.ts'
import { TileRenderer } from './render.ts'
import { readTileData } from './tile-data.ts'
import { TILE_SIZE } from './tile-math.ts'

/**
 * The renderer for the file as it is now (undefined when there is none): loaded on first use and again whenever
 * the file is replaced (a new import), when `onReload` runs too.
 */
export function tileFile(file: string, onReload: () => void = () => {}): () => TileRenderer | undefined {
  let renderer: TileRenderer | undefined
  let loadedFrom: Stats | undefined
  return () => {
    const stat = statSync(file, { throwIfNoEntry: false })
    if (!stat) return undefined
    if (
      !renderer ||
      !loadedFrom ||
      stat.ino !== loadedFrom.ino ||
      stat.mtimeMs !== loadedFrom.mtimeMs ||
      stat.size !== loadedFrom.size
    ) {
      renderer = new TileRenderer(readTileData(file))
      loadedFrom = stat
      onReload()
    }
    return renderer
  }
}

/** The tile drawn and encoded as PNG, or null when it does not touch the region (served as the empty tile). */
export function drawPng(renderer: TileRenderer, z: number, x: number, y: number): Buffer | null {
  return renderer.render(z, x, y) ? encodePng(TILE_SIZE, TILE_SIZE, renderer.raster.data) : null
}
