/**
 * Serves tiles from DATA_DIR/region/tiles.bin: loaded on first use and again whenever the file is replaced (a new
 * import), rendered on demand on worker threads (render-worker.ts: a cold tile takes up to about 100 ms, which must
 * not hold up the request thread), PNGs kept in a bounded LRU cache. ETags hash the region's import time and the
 * tile, so they change with every import and a browser revalidates cheaply.
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { createWorkerPool, DEFAULT_POOL_SIZE } from '../../worker-pool.ts'
import { runOnPool } from '../../workers-busy.ts'
import { encodePng } from './png.ts'
import type { TileTask } from './render-worker.ts'
import { TILES_FILE } from './tile-data.ts'
import { drawPng, tileFile } from './tile-file.ts'
import { TILE_SIZE } from './tile-math.ts'

export const REGION_DIR = 'region'

export interface TileCacheLimits {
  tiles: number
  bytes: number
}

export const DEFAULT_TILE_CACHE: TileCacheLimits = { tiles: 2000, bytes: 64 * 1024 * 1024 }
/**
 * Cold tiles that may wait for a worker: map views ask for 20-40 at once, offline-area downloads several at a time,
 * and a tile takes about 10 ms; more answer 503 with Retry-After.
 */
export const TILE_QUEUE_LIMIT = 256

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
  const pngs = new Map<string, Buffer>()
  let cachedBytes = 0
  /** The renderer for the current tiles.bin (its build time names the ETags), or undefined without a region. */
  const current = tileFile(file, () => {
    pngs.clear()
    cachedBytes = 0
  })
  // Its threads start on the first cold tile.
  const pool = createWorkerPool<TileTask, Uint8Array | null>({
    entry: new URL('./render-worker.ts', import.meta.url),
    data: { file },
    size: DEFAULT_POOL_SIZE,
    queueLimit: TILE_QUEUE_LIMIT,
  })

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
    /**
     * Tile z/x/y (already validated) as a PNG, 304 when `ifNoneMatch` has its ETag, 503 without a region; a cold
     * tile is drawn on a worker (WorkersBusyError when they are all busy).
     */
    async tile(z: number, x: number, y: number, ifNoneMatch?: string): Promise<TileAnswer> {
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
        const drawn = r.covers(z, x, y) ? await runOnPool(pool, { z, x, y }) : null
        png = drawn ? Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength) : emptyTile()
        remember(key, png)
      }
      return { status: 200, etag, png }
    },
    /** Renders on this thread, without the cache (benchmarks). */
    renderUncached(z: number, x: number, y: number): Buffer | undefined {
      const r = current()
      if (!r) return undefined
      return drawPng(r, z, x, y) ?? emptyTile()
    },
    cacheStats: () => ({ tiles: pngs.size, bytes: cachedBytes }),
    /** Stops the workers (when the app closes). */
    close: pool.close,
  }
}

export type TilesService = ReturnType<typeof createTilesService>
