/**
 * Serves tiles from DATA_DIR/region/tiles.bin: loaded on first use and again whenever the file is replaced (a new
 * import), rendered on demand, PNGs kept in a bounded LRU cache. ETags hash the region's import time and the tile,
 * so they change with every import and a browser revalidates cheaply.
 */
import { createHash } from 'node:crypto'
import { type Stats, statSync } from 'node:fs'
import { join } from 'node:path'
import { encodePng } from './png.ts'
import { TileRenderer } from './render.ts'
import { readTileData, TILES_FILE } from './tile-data.ts'
import { TILE_SIZE } from './tile-math.ts'

export const REGION_DIR = 'region'

export interface TileCacheLimits {
  tiles: number
  bytes: number
}

export const DEFAULT_TILE_CACHE: TileCacheLimits = { tiles: 2000, bytes: 64 * 1024 * 1024 }

export type TileAnswer = { status: 200; etag: string; png: Buffer } | { status: 304; etag: string } | { status: 503 }

let emptyPng: Buffer | undefined
/** A fully transparent tile (outside the region). */
export function emptyTile(): Buffer {
  emptyPng ??= encodePng(TILE_SIZE, TILE_SIZE, new Uint8Array(TILE_SIZE * TILE_SIZE * 4), 9)
  return emptyPng
}

/** Whether an If-None-Match header names this ETag (or is '*'); weak forms match too. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

export function createTilesService({
  dataDir,
  cache = DEFAULT_TILE_CACHE,
}: {
  dataDir: string
  cache?: TileCacheLimits
}) {
  const file = join(dataDir, REGION_DIR, TILES_FILE)
  let renderer: TileRenderer | undefined
  let loadedFrom: Stats | undefined
  const pngs = new Map<string, Buffer>()
  let cachedBytes = 0

  /** The renderer for the current tiles.bin, or undefined when no region is imported. */
  const current = (): TileRenderer | undefined => {
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
      pngs.clear()
      cachedBytes = 0
    }
    return renderer
  }

  const remember = (key: string, png: Buffer) => {
    pngs.set(key, png)
    cachedBytes += png.length
    while (pngs.size > cache.tiles || cachedBytes > cache.bytes) {
      const oldest = pngs.keys().next()
      if (oldest.done) break
      cachedBytes -= pngs.get(oldest.value)?.length ?? 0
      pngs.delete(oldest.value)
    }
  }

  return {
    /** Tile z/x/y (already validated) as a PNG, 304 when `ifNoneMatch` has its ETag, 503 without a region. */
    tile(z: number, x: number, y: number, ifNoneMatch?: string): TileAnswer {
      const r = current()
      if (!r) return { status: 503 }
      const key = `${z}/${x}/${y}`
      const etag = `"${createHash('sha1').update(`${r.data.builtAt}/${key}`).digest('base64url').slice(0, 22)}"`
      if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag }
      let png = pngs.get(key)
      if (png) {
        // Most recently used goes last.
        pngs.delete(key)
        pngs.set(key, png)
      } else {
        png = r.render(z, x, y) ? encodePng(TILE_SIZE, TILE_SIZE, r.raster.data) : emptyTile()
        remember(key, png)
      }
      return { status: 200, etag, png }
    },
    /** Renders without the cache (benchmarks). */
    renderUncached(z: number, x: number, y: number): Buffer | undefined {
      const r = current()
      if (!r) return undefined
      return r.render(z, x, y) ? encodePng(TILE_SIZE, TILE_SIZE, r.raster.data) : emptyTile()
    },
    cacheStats: () => ({ tiles: pngs.size, bytes: cachedBytes }),
  }
}

export type TilesService = ReturnType<typeof createTilesService>
