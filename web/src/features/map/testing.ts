/** Test helpers for the map module: regions, fake tile responses, direct tile rows and Leaflet in jsdom. */
import { OSM_ATTRIBUTION, type RegionInfo } from '@wings/contract'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, vi } from 'vitest'
import type { TileRow } from '../../db/db.ts'
import { answer, refuse, server } from '../../test/api.ts'
import { clearDb } from '../../test/sync.ts'
import { setTileCacheCap, tileCacheSettled } from './tileCache.ts'
import { resetRegionSession } from './useRegion.ts'

/** A whole-city region with raster tiles. */
export const MUMBAI: RegionInfo = {
  name: 'Mumbai',
  bbox: [72.77, 18.89, 72.99, 19.28],
  attribution: OSM_ATTRIBUTION,
  dataDate: '2025-03-01T00:00:00Z',
  importedAt: '2025-03-02T10:00:00.000Z',
  tileUrl: '/api/tiles/{z}/{x}/{y}.png',
}

/** The outline of the default region, Grant Road to Byculla. */
export const SOUTH_MUMBAI_OUTLINE: NonNullable<RegionInfo['outline']> = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [72.8035, 18.9535],
        [72.8375, 18.9535],
        [72.8375, 18.9787],
        [72.8035, 18.9787],
        [72.8035, 18.9535],
      ],
    ],
  ],
}

/** The default region with its outline. */
export const SOUTH_MUMBAI: RegionInfo = {
  name: 'india-mumbai-south',
  bbox: [72.8035, 18.9535, 72.8375, 18.9787],
  attribution: OSM_ATTRIBUTION,
  dataDate: '',
  importedAt: '2026-11-25T00:00:00.000Z',
  tileUrl: '/api/tiles/{z}/{x}/{y}.png',
  outline: SOUTH_MUMBAI_OUTLINE,
}

/** jsdom lays nothing out and makes no blob URLs: Leaflet gets a size and cached tiles an object URL from these. */
export function prepareLeaflet(): void {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(260)
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:x' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
}

/**
 * Each test of the calling suite starts on an empty database, the default tile cache cap and no region fetched this
 * session, and ends once the tile cache has settled, with every mock undone.
 */
export function freshMapEachTest(): void {
  beforeEach(async () => {
    await clearDb()
    setTileCacheCap()
    resetRegionSession()
  })
  afterEach(async () => {
    await tileCacheSettled()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
}

/** A PNG-typed answer of `bytes` bytes (the first byte tells tiles apart). */
export function pngResponse(bytes: number, marker = 1): Response {
  const body = new Uint8Array(bytes)
  body[0] = marker
  return new Response(body, { status: 200, headers: { 'Content-Type': 'image/png' } })
}

/** A tile row as the cache stores it. */
export function tileRow(url: string, bytes: number, extra: Partial<TileRow> = {}): TileRow {
  return {
    url,
    data: new Uint8Array(bytes).buffer,
    type: 'image/png',
    bytes,
    usedAt: Date.now(),
    areas: [],
    version: 'v1',
    ...extra,
  }
}

/** A tile file (image or vector), on this server or a basemap's. */
const TILE_FILE = /\.(png|jpe?g|webp|mvt|pbf)(\?.*)?$/

type TileAnswer = (url: string, init: { signal: AbortSignal }) => Response | Promise<Response>

/**
 * Tiles on the fake server: every tile answers a PNG of `bytes` bytes unless `answer` says otherwise (throwing a
 * TypeError fails the request as with no network). The returned mock is called with each tile's URL (a path on this
 * origin) and the request's signal.
 */
export function serveTiles(answer?: TileAnswer, bytes = 100) {
  const tile = vi.fn<TileAnswer>(async (url, init) => (answer ? answer(url, init) : pngResponse(bytes)))
  server.use(
    http.get(TILE_FILE, async ({ request }) => {
      const { origin, pathname, search } = new URL(request.url)
      try {
        return await tile(origin === location.origin ? pathname + search : request.url, { signal: request.signal })
      } catch (error) {
        if (error instanceof TypeError) return HttpResponse.error()
        throw error
      }
    }),
  )
  return tile
}

/** `region` (or a 503 for null) and its tiles, PNGs of `tileBytes` bytes by default, on the fake server. */
export function mapServer(region: RegionInfo | null = MUMBAI, tiles?: TileAnswer, tileBytes = 10) {
  server.use(region ? answer('region', region) : refuse('region', 503, 'x'))
  return serveTiles(tiles, tileBytes)
}

export function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

/** A promise that rejects with an AbortError when `signal` aborts (a request that never answers by itself). */
export function hangUntilAborted(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'))
    if (signal?.aborted) fail()
    signal?.addEventListener('abort', fail, { once: true })
  })
}
