/**
 * Map tiles kept in IndexedDB (Dexie `tiles`), so a map she has seen, and every area she saved, draws without a
 * connection.
 *
 * - Tiles only cached because they were shown are capped (TILE_CACHE_MAX_BYTES) and evicted least recently used
 *   first. Tiles held by a saved area (`areas` not empty) are never evicted.
 * - A tile is answered from the cache when it is of the current region import (`version`), and also when it is older
 *   but the phone is offline or the server cannot be reached. Else it is fetched and stored again.
 * - A full disk never breaks a map: evict more and retry once, else show the tile without keeping it.
 */
import { db, type TileRow } from '../../db/db.ts'
import { isQuotaError } from '../../db/storage.ts'

/** Bytes the tiles no saved area holds may take together. */
export const TILE_CACHE_MAX_BYTES = 40 * 1024 * 1024
/** A shown tile's `usedAt` is written at most this often (ms): reading a tile should not mean writing it. */
export const TOUCH_INTERVAL_MS = 60_000
/** Eviction goes this far below the cap, so it does not run again after every new tile. */
const EVICT_TO = 0.9
/** Rows read per step while measuring or evicting. */
const CHUNK = 100

export interface LoadedTile {
  data: ArrayBuffer
  /** MIME type, e.g. 'image/png'. */
  type: string
  bytes: number
  /** True when the bytes came from IndexedDB, not from the network. */
  fromCache: boolean
}

export interface LoadTileOptions {
  signal?: AbortSignal
  /** A saved area the tile belongs to: added to the tile's `areas`, so it is kept until the area goes. */
  area?: string
  /** Throw when the tile cannot be stored (saving an area), instead of answering it uncached. */
  mustStore?: boolean
}

/** The tile could not be fetched and no copy is cached. `status` is 0 for a network failure. */
export class TileFetchError extends Error {
  readonly status: number
  constructor(url: string, status: number) {
    super(status ? `The map tile ${url} could not be loaded (${status})` : `The map tile ${url} could not be loaded`)
    this.name = 'TileFetchError'
    this.status = status
  }
}

/** A tile URL from a {z}/{x}/{y} template ({s} becomes 'a', {r} nothing): the same key wherever it is built. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', 'a')
    .replaceAll('{r}', '')
}

let capBytes = TILE_CACHE_MAX_BYTES
/** Bytes held by tiles no area holds, as far as this tab knows; null until measured (or after areas changed). */
let lruBytes: number | null = null
/** Evictions run one after another. */
let evictions: Promise<void> = Promise.resolve()

/** Changes the cap (tests use a small one); no argument restores TILE_CACHE_MAX_BYTES. */
export function setTileCacheCap(bytes: number = TILE_CACHE_MAX_BYTES): void {
  capBytes = bytes
  lruBytes = null
}

/** Resolves when the evictions started so far are done (tests; and before reporting sizes). */
export function tileCacheSettled(): Promise<void> {
  return evictions
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError')
}

const lruShare = (row: TileRow | undefined) => (row && row.areas.length === 0 ? row.bytes : 0)

function adjustLru(delta: number): void {
  if (lruBytes !== null && delta !== 0) lruBytes = Math.max(0, lruBytes + delta)
}

async function readTile(url: string): Promise<TileRow | undefined> {
  try {
    return await db.tiles.get(url)
  } catch {
    return undefined
  }
}

/** Answers a cached row: touches its `usedAt` (at most once a minute) and adds `area` to it. */
async function answerCached(row: TileRow, options: LoadTileOptions): Promise<LoadedTile> {
  const now = Date.now()
  const { area } = options
  const stale = now - row.usedAt > TOUCH_INTERVAL_MS
  if (area && !row.areas.includes(area)) {
    // Saving an area: the tile must now be held by it (a full disk here fails the save).
    try {
      await db.transaction('rw', db.tiles, async () => {
        const current = await db.tiles.get(row.url)
        if (!current) {
          await db.tiles.put({ ...row, usedAt: now, areas: [area] })
          return
        }
        if (current.areas.includes(area)) return
        await db.tiles.update(row.url, { areas: [...current.areas, area], usedAt: now })
        adjustLru(-lruShare(current))
      })
    } catch (error) {
      if (options.mustStore) throw error
    }
  } else if (stale) {
    void db.tiles.update(row.url, { usedAt: now }).catch(() => undefined)
  }
  return { data: row.data, type: row.type, bytes: row.bytes, fromCache: true }
}

/** Stores a fetched tile, keeping the areas that already hold it. */
async function writeTile(url: string, data: ArrayBuffer, type: string, version: string, area?: string): Promise<void> {
  let delta = 0
  await db.transaction('rw', db.tiles, async () => {
    const old = await db.tiles.get(url)
    const areas = [...(old?.areas ?? [])]
    if (area && !areas.includes(area)) areas.push(area)
    const row: TileRow = { url, data, type, bytes: data.byteLength, usedAt: Date.now(), areas, version }
    await db.tiles.put(row)
    delta = lruShare(row) - lruShare(old)
  })
  adjustLru(delta)
}

async function storeTile(
  url: string,
  data: ArrayBuffer,
  type: string,
  version: string,
  options: LoadTileOptions,
): Promise<void> {
  try {
    await writeTile(url, data, type, version, options.area)
  } catch (error) {
    if (!isQuotaError(error)) {
      if (options.mustStore) throw error
      return
    }
    // The disk is full: make room among the shown-only tiles (half of what they take) and try once more.
    await evictTiles({ remeasure: true, fraction: 0.5 })
    try {
      await writeTile(url, data, type, version, options.area)
    } catch (again) {
      if (options.mustStore) throw again
      return
    }
  }
  if (lruBytes === null || lruBytes > capBytes) void evictTiles()
}

/**
 * A map tile: from IndexedDB when cached and current (or when the network cannot give a newer one), else fetched,
 * stored and answered. Rejects with TileFetchError when neither works, and with the abort reason when aborted.
 */
export async function loadTile(url: string, version: string, options: LoadTileOptions = {}): Promise<LoadedTile> {
  const { signal } = options
  signal?.throwIfAborted()
  const cached = await readTile(url)
  signal?.throwIfAborted()
  if (cached && (cached.version === version || isOffline())) return answerCached(cached, options)
  let response: Response
  try {
    response = await fetch(url, { signal, credentials: 'same-origin' })
  } catch (error) {
    if (isAbort(error, signal)) throw signal?.reason ?? error
    if (cached) return answerCached(cached, options)
    throw new TileFetchError(url, 0)
  }
  if (!response.ok) {
    if (cached) return answerCached(cached, options)
    throw new TileFetchError(url, response.status)
  }
  let data: ArrayBuffer
  try {
    data = await response.arrayBuffer()
  } catch (error) {
    if (isAbort(error, signal)) throw signal?.reason ?? error
    if (cached) return answerCached(cached, options)
    throw new TileFetchError(url, 0)
  }
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() || 'image/png'
  await storeTile(url, data, type, version, options)
  return { data, type, bytes: data.byteLength, fromCache: false }
}

/** URLs of the tiles no saved area holds, least recently used first (keys only: no tile data is read). */
async function lruUrls(): Promise<string[]> {
  const [byAge, held] = await Promise.all([
    db.tiles.orderBy('usedAt').primaryKeys(),
    db.tiles.orderBy('areas').primaryKeys(),
  ])
  const heldSet = new Set(held)
  return byAge.filter((url) => !heldSet.has(url))
}

async function measureLru(urls: string[]): Promise<number> {
  let total = 0
  for (let i = 0; i < urls.length; i += CHUNK) {
    const rows = await db.tiles.bulkGet(urls.slice(i, i + CHUNK))
    for (const row of rows) total += lruShare(row)
  }
  return total
}

async function evictNow(cap: number, remeasure: boolean, fraction: number): Promise<void> {
  let urls: string[] | null = null
  if (lruBytes === null || remeasure) {
    urls = await lruUrls()
    lruBytes = await measureLru(urls)
  }
  const maxBytes = Math.min(cap, lruBytes * fraction)
  if (lruBytes <= maxBytes || lruBytes === 0) return
  const goal = fraction < 1 ? maxBytes : maxBytes * EVICT_TO
  urls ??= await lruUrls()
  for (let i = 0; i < urls.length && lruBytes > goal; i += CHUNK) {
    const chunk = urls.slice(i, i + CHUNK)
    let freed = 0
    await db.transaction('rw', db.tiles, async () => {
      const rows = await db.tiles.bulkGet(chunk)
      const gone: string[] = []
      for (const row of rows) {
        if (!row || row.areas.length > 0) continue
        if ((lruBytes ?? 0) - freed <= goal) break
        gone.push(row.url)
        freed += row.bytes
      }
      await db.tiles.bulkDelete(gone)
    })
    lruBytes = Math.max(0, lruBytes - freed)
  }
}

export interface EvictOptions {
  /** Default: the cap. */
  maxBytes?: number
  /** Recount their size first (after areas were deleted their tiles joined them, or another tab changed them). */
  remeasure?: boolean
  /** Keep at most this share of what they take now (0.5 after a full disk). */
  fraction?: number
}

/** Evicts the least recently used tiles that no saved area holds until they take at most `maxBytes`. */
export function evictTiles(options: EvictOptions = {}): Promise<void> {
  const { maxBytes = capBytes, remeasure = false, fraction = 1 } = options
  const run = evictions.then(() => evictNow(maxBytes, remeasure, fraction))
  evictions = run.catch(() => {
    lruBytes = null
  })
  return evictions
}
