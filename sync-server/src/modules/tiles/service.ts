/**
 * Serves the region's vector tiles from DATA_DIR/region/tiles.bin (made at import: a tile is one positioned read,
 * so no tile holds up the request thread), opened on first use and again whenever the file is replaced (a new
 * import). ETags hash the region's import time and the tile, so they change with every import and a browser
 * revalidates cheaply. Tiles outside the region box are answered empty (a valid MVT with no layers).
 */
import { createHash } from 'node:crypto'
import { type Stats, statSync } from 'node:fs'
import { join } from 'node:path'
import type { TileAreaSize } from '@wings/contract'
import type { Box } from './coastline.ts'
import { TILES_FILE, TileArchive } from './tile-archive.ts'
import { tilesOver } from './vector-tiles.ts'

export const REGION_DIR = 'region'

export type TileAnswer = { status: 200; etag: string; data: Buffer } | { status: 304; etag: string } | { status: 503 }

/** Whether an If-None-Match header names this ETag (or is '*'); weak forms match too. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

/** Whether tile z/x/y touches the box. */
export function tileTouches([x0, y0, x1, y1]: Box, z: number, x: number, y: number): boolean {
  const n = 2 ** z
  return x / n <= x1 && (x + 1) / n >= x0 && y / n <= y1 && (y + 1) / n >= y0
}

export function createTilesService({ dataDir }: { dataDir: string }) {
  const file = join(dataDir, REGION_DIR, TILES_FILE)
  let archive: TileArchive | undefined
  let openedFrom: Stats | undefined

  /** The archive as the file is now (undefined without a region). */
  const current = (): TileArchive | undefined => {
    const stat = statSync(file, { throwIfNoEntry: false })
    if (!stat) return undefined
    if (
      !archive ||
      !openedFrom ||
      stat.ino !== openedFrom.ino ||
      stat.mtimeMs !== openedFrom.mtimeMs ||
      stat.size !== openedFrom.size
    ) {
      archive?.close()
      archive = new TileArchive(file)
      openedFrom = stat
    }
    return archive
  }

  return {
    /** Tile z/x/y (already validated) as MVT bytes, 304 when `ifNoneMatch` has its ETag, 503 without a region. */
    tile(z: number, x: number, y: number, ifNoneMatch?: string): TileAnswer {
      const a = current()
      if (!a) return { status: 503 }
      const etag = `"${createHash('sha1').update(`${a.header.builtAt}/${z}/${x}/${y}`).digest('base64url').slice(0, 22)}"`
      if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag }
      const data = tileTouches(a.header.region, z, x, y) ? a.read(z, x, y) : Buffer.alloc(0)
      return { status: 200, etag, data }
    },

    /** The data tiles over a world box at zooms minZoom..maxZoom, and their bytes; undefined without a region. */
    areaSize(box: Box, minZoom: number, maxZoom: number): TileAreaSize | undefined {
      const a = current()
      if (!a) return undefined
      let tiles = 0
      let bytes = 0
      for (let z = minZoom; z <= maxZoom; z++) {
        const r = tilesOver(box, z)
        tiles += (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1)
        for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) bytes += a.size(z, x, y)
      }
      return { tiles, bytes }
    },

    /** Closes the archive (when the app closes). */
    close: async () => {
      archive?.close()
      archive = undefined
    },
  }
}

export type TilesService = ReturnType<typeof createTilesService>
