/**
 * Map areas saved for offline use: which tiles an area needs (slippy-map tile math), which zooms to keep so the
 * download stays reasonable, the download itself (through the tile cache, so the tiles are shared with the maps),
 * cancel and delete.
 */
import type { TileAreaSize } from '@wings/contract'
import { latToWorldY, lonToWorldX } from '@wings/geo'
import { useLiveQuery } from 'dexie-react-hooks'
import { callApi } from '../../api/client.ts'
import { db, type OfflineAreaRow } from '../../db/db.ts'
import { isQuotaError, requestPersistentStorage } from '../../db/storage.ts'
import { INTL_LOCALE, i18n } from '../../i18n/catalog.tsx'
import { languageOrEnglish } from '../../i18n/language.ts'
import { dropSavedArea, KeepError, keepArea } from '../offline-planner/index.ts'
import { type Bbox, intersectBbox } from './geo.ts'
import { t } from './messages.ts'
import { evictTiles, loadTile, TileFetchError, tileUrl } from './tileCache.ts'
import { currentRegion } from './useRegion.ts'
import { dataZoomFor, isVectorTemplate } from './vectorTemplate.ts'

/** Most tiles one saved area may have (a few MB of the server's vector tiles; 25-40 MB of a raster basemap's). */
export const AREA_MAX_TILES = 2500
/** Zooms saved: from one above the view's (never below AREA_MIN_ZOOM) up to AREA_MAX_ZOOM (street level). */
export const AREA_MIN_ZOOM = 10
export const AREA_MAX_ZOOM = 17
/** Tiles downloaded at the same time. */
export const SAVE_CONCURRENCY = 4
/** Extra tries for a tile that failed (network, 429, 5xx), and the pause before each (ms). */
const RETRY_DELAYS_MS = [1000, 3000]

/** What to tell her, in her language at the moment it is read. */
export const OfflineMessages = {
  get tooLarge() {
    return t('tooLarge')
  },
  get noSpace() {
    return t('noSpace')
  },
  get failed() {
    return t('downloadFailed')
  },
}

/** Why a save failed: `message` is what to tell her. */
export class AreaSaveError extends Error {
  readonly reason: 'space' | 'network'
  constructor(reason: 'space' | 'network') {
    super(reason === 'space' ? OfflineMessages.noSpace : OfflineMessages.failed)
    this.name = 'AreaSaveError'
    this.reason = reason
  }
}

export interface TileCoords {
  z: number
  x: number
  y: number
}

/** The tiles covering a box at one zoom: columns minX..maxX and rows minY..maxY (inclusive). */
export interface TileRange {
  z: number
  minX: number
  maxX: number
  minY: number
  maxY: number
}

/** Fractional tile column of a longitude at zoom z. */
export function lonToTileX(lon: number, z: number): number {
  return lonToWorldX(lon) * 2 ** z
}

/** Fractional tile row of a latitude at zoom z (Web Mercator; rows grow southwards). */
export function latToTileY(lat: number, z: number): number {
  return latToWorldY(lat) * 2 ** z
}

export function tileRange([minLon, minLat, maxLon, maxLat]: Bbox, z: number): TileRange {
  const last = 2 ** z - 1
  const inWorld = (n: number) => Math.max(0, Math.min(last, n))
  // The far edges use ceil - 1: a box ending exactly on a tile edge does not take the next tile.
  const minX = inWorld(Math.floor(lonToTileX(minLon, z)))
  const maxX = Math.max(minX, inWorld(Math.ceil(lonToTileX(maxLon, z)) - 1))
  const minY = inWorld(Math.floor(latToTileY(maxLat, z)))
  const maxY = Math.max(minY, inWorld(Math.ceil(latToTileY(minLat, z)) - 1))
  return { z, minX, maxX, minY, maxY }
}

const rangeSize = (r: TileRange) => (r.maxX - r.minX + 1) * (r.maxY - r.minY + 1)

/** How many tiles cover the box over the zooms, without listing them. */
export function countTiles(bbox: Bbox, minZoom: number, maxZoom: number): number {
  let total = 0
  for (let z = minZoom; z <= maxZoom; z++) total += rangeSize(tileRange(bbox, z))
  return total
}

/** Every tile covering the box, zoom by zoom (count them first with countTiles: this is a lazy list). */
export function* tilesInBbox(bbox: Bbox, minZoom: number, maxZoom: number): Generator<TileCoords> {
  for (let z = minZoom; z <= maxZoom; z++) {
    const r = tileRange(bbox, z)
    for (let x = r.minX; x <= r.maxX; x++) {
      for (let y = r.minY; y <= r.maxY; y++) yield { z, x, y }
    }
  }
}

export type AreaPlan =
  | { ok: true; minZoom: number; maxZoom: number; tileCount: number }
  | { ok: false; message: string }

/**
 * The zooms to save for the box seen at `currentZoom`: map zooms from max(currentZoom - 1, AREA_MIN_ZOOM) up to
 * AREA_MAX_ZOOM, dropping the closest zooms while the area would need more than `maxTiles`; refused when even one
 * zoom is too many. The zooms answered are those of the tiles to fetch: for the server's vector tiles (`template`
 * ending .mvt), the data zooms those map zooms are drawn from (one less, at most VECTOR_TILE_MAX_ZOOM, drawn larger
 * above: street level works offline up to zoom 19).
 */
export function planArea(bbox: Bbox, currentZoom: number, maxTiles: number = AREA_MAX_TILES, template = ''): AreaPlan {
  const tileZoom = isVectorTemplate(template) ? dataZoomFor : (z: number) => z
  const minZoom = tileZoom(Math.min(AREA_MAX_ZOOM, Math.max(Math.floor(currentZoom) - 1, AREA_MIN_ZOOM)))
  for (let maxZoom = tileZoom(AREA_MAX_ZOOM); maxZoom >= minZoom; maxZoom--) {
    const tileCount = countTiles(bbox, minZoom, maxZoom)
    if (tileCount <= maxTiles) return { ok: true, minZoom, maxZoom, tileCount }
  }
  return { ok: false, message: OfflineMessages.tooLarge }
}

/**
 * What saving the area would download, asked of the server before she saves it (`GET /api/tiles/size`); null for a
 * raster basemap (the server does not know its tiles) or when the server cannot be reached.
 */
export async function areaSize(
  bbox: Bbox,
  plan: { minZoom: number; maxZoom: number },
  template: string,
  signal?: AbortSignal,
): Promise<TileAreaSize | null> {
  if (!isVectorTemplate(template) || /^https?:/i.test(template)) return null
  const query = { bbox: bbox.map((v) => v.toFixed(6)).join(','), minzoom: plan.minZoom, maxzoom: plan.maxZoom }
  try {
    return await callApi('tileAreaSize', { query, ...(signal ? { signal } : {}) })
  } catch {
    return null
  }
}

export interface AreaSpec {
  name: string
  bbox: Bbox
  minZoom: number
  maxZoom: number
}

export interface SaveAreaOptions {
  signal?: AbortSignal
  onProgress?: (done: number, total: number) => void
  /** Tile URL template and version (region importedAt); default: the region as last known. */
  tileUrl?: string
  version?: string
  concurrency?: number
  /** Pauses before retrying a failed tile (ms); tests pass []. */
  retryDelays?: readonly number[]
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * 'Area saved 22 Nov, 14:05' (the phone's time), in the language she reads as she saves it (the name is kept as
 * made). English keeps its own month names ('Sep', where Intl says 'Sept'); Hindi and Marathi take Intl's.
 */
export function defaultAreaName(date: Date = new Date()): string {
  const language = languageOrEnglish(i18n.locale)
  const pad = (n: number) => String(n).padStart(2, '0')
  const when =
    language === 'en'
      ? `${date.getDate()} ${MONTHS[date.getMonth()]}, ${pad(date.getHours())}:${pad(date.getMinutes())}`
      : date.toLocaleString(INTL_LOCALE[language], {
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
  return t('areaName', { when })
}

function newAreaId(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `area-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason)
      return
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

const retryable = (error: unknown) =>
  error instanceof TileFetchError && (error.status === 0 || error.status === 429 || error.status >= 500)

/** Takes the area's id off every tile holding it (they become ordinary, evictable tiles). */
async function releaseTiles(id: string): Promise<void> {
  await db.tiles
    .where('areas')
    .equals(id)
    .modify((tile) => {
      tile.areas = tile.areas.filter((a) => a !== id)
    })
}

/** The id the automatic pack of places of help is kept under (around where she last opened Nearest help). */
export const NEARBY_HERE = 'here'

/**
 * Keeps the places of help of the box (GET /api/nearby/area) under `id`, replacing what was there, so Nearest help
 * answers there offline (docs/nearby.md). Best effort: false when the server could not give them (offline, outside
 * the region, a box too large); the map area is saved all the same.
 */
export async function saveNearbyPack(id: string, bbox: Bbox): Promise<boolean> {
  const [west, south, east, north] = intersectBbox(bbox, (await currentRegion()).bbox) ?? bbox
  const edge = (v: number) => v.toFixed(5)
  try {
    const pack = await callApi('nearbyArea', {
      query: { south: edge(south), west: edge(west), north: edge(north), east: edge(east) },
    })
    await db.nearbyAreas.put({ id, savedAt: Date.now(), pack })
    return true
  } catch {
    return false
  }
}

/**
 * Downloads every tile of the area (SAVE_CONCURRENCY at a time, through the tile cache) and then writes the area.
 * Aborting (`signal`) or a failure leaves no area behind: the tiles already fetched stay as ordinary cached tiles.
 * Rejects with the abort reason, or an AreaSaveError whose message can be shown.
 */
export async function saveArea(spec: AreaSpec, options: SaveAreaOptions = {}): Promise<OfflineAreaRow> {
  const { signal, onProgress, concurrency = SAVE_CONCURRENCY, retryDelays = RETRY_DELAYS_MS } = options
  signal?.throwIfAborted()
  const region = options.tileUrl === undefined || options.version === undefined ? await currentRegion() : null
  const template = options.tileUrl ?? region?.tileUrl ?? ''
  const version = options.version ?? region?.importedAt ?? ''
  const total = countTiles(spec.bbox, spec.minZoom, spec.maxZoom)
  const id = newAreaId()
  void requestPersistentStorage()

  // One controller for the workers: her cancel, or the first failure, stops them all.
  const stop = new AbortController()
  const onAbort = () => stop.abort(signal?.reason)
  signal?.addEventListener('abort', onAbort, { once: true })
  const tiles = tilesInBbox(spec.bbox, spec.minZoom, spec.maxZoom)
  let done = 0
  let bytes = 0
  let failure: unknown = null
  onProgress?.(0, total)

  async function fetchOne({ z, x, y }: TileCoords): Promise<number> {
    const url = tileUrl(template, z, x, y)
    for (let attempt = 0; ; attempt++) {
      try {
        const tile = await loadTile(url, version, { signal: stop.signal, area: id, mustStore: true })
        return tile.bytes
      } catch (error) {
        const pause = retryDelays[attempt]
        if (stop.signal.aborted || !retryable(error) || pause === undefined) throw error
        await wait(pause, stop.signal)
      }
    }
  }

  async function worker(): Promise<void> {
    while (!stop.signal.aborted) {
      const next = tiles.next()
      if (next.done) return
      try {
        const size = await fetchOne(next.value)
        bytes += size
      } catch (error) {
        if (!stop.signal.aborted) {
          failure = error
          stop.abort(error)
        }
        return
      }
      done += 1
      onProgress?.(done, total)
    }
  }

  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, total)) }, worker))
    if (signal?.aborted) throw signal.reason
    if (failure) throw failure
    const row: OfflineAreaRow = {
      id,
      name: spec.name,
      bbox: spec.bbox,
      minZoom: spec.minZoom,
      maxZoom: spec.maxZoom,
      tileCount: total,
      bytes,
      createdAt: Date.now(),
    }
    // The area's road data, so the planner finds routes in it offline (docs/planner.md, Kept on the phone). Fetched
    // before the area is written, so 'saved' means all of it. A full disk fails the save; any other failure is mended
    // when the planner next opens online (refreshKept).
    await keepArea(spec.bbox, {
      kind: 'saved',
      areaId: id,
      region: await currentRegion(),
      ...(signal ? { signal } : {}),
    }).catch((error: unknown) => {
      if (signal?.aborted || (error instanceof KeepError && error.reason === 'space')) throw error
    })
    await db.offlineAreas.add(row)
    await saveNearbyPack(id, spec.bbox)
    return row
  } catch (error) {
    await releaseTiles(id).catch(() => undefined)
    await db.offlineAreas.delete(id).catch(() => undefined)
    await db.nearbyAreas.delete(id).catch(() => undefined)
    await dropSavedArea(id).catch(() => undefined)
    void evictTiles({ remeasure: true })
    if (signal?.aborted) throw signal.reason
    const full = isQuotaError(error) || (error instanceof KeepError && error.reason === 'space')
    throw new AreaSaveError(full ? 'space' : 'network')
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * Deletes a saved area, its places of help and its road data: its tiles no other area holds become ordinary cached
 * tiles, evicted down to the cap.
 */
export async function deleteArea(id: string): Promise<void> {
  await db.transaction('rw', db.tiles, db.offlineAreas, db.nearbyAreas, async () => {
    await releaseTiles(id)
    await db.offlineAreas.delete(id)
    await db.nearbyAreas.delete(id)
  })
  await dropSavedArea(id)
  await evictTiles({ remeasure: true })
}

/** The saved areas, newest first; undefined while loading. */
export function useOfflineAreas(): OfflineAreaRow[] | undefined {
  return useLiveQuery(() => db.offlineAreas.orderBy('createdAt').reverse().toArray(), [])
}
