import { renderHook, waitFor } from '@testing-library/react'
import type { NearbyArea } from '@wings/contract'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { answer, refuse, requests, server, unreachable } from '../../test/api.ts'
import { noAreaBundles, replaceWorker } from '../offline-planner/testing.ts'
import type { Bbox } from './geo.ts'
import {
  AREA_MAX_TILES,
  AreaSaveError,
  areaSize,
  countTiles,
  defaultAreaName,
  deleteArea,
  latToTileY,
  lonToTileX,
  NEARBY_HERE,
  OfflineMessages,
  planArea,
  saveArea,
  saveNearbyPack,
  tileRange,
  tilesInBbox,
  useOfflineAreas,
} from './offlineAreas.ts'
import { freshMapEachTest, hangUntilAborted, MUMBAI, pngResponse, serveTiles, tileRow } from './testing.ts'
import { setTileCacheCap } from './tileCache.ts'
import { REGION_META_KEY } from './useRegion.ts'

// Each saved area keeps its road data too (offline-planner/keep.test.ts tests it): none here.
beforeEach(() => {
  server.use(noAreaBundles())
})

/** Around Bandra, Mumbai: a few km across. */
const SMALL: Bbox = [72.82, 19.04, 72.86, 19.07]
const TEMPLATE = '/api/tiles/{z}/{x}/{y}.png'

describe('tile math', () => {
  it('follows the slippy-map scheme', () => {
    expect(Math.floor(lonToTileX(13.4, 10))).toBe(550)
    expect(Math.floor(latToTileY(52.52, 10))).toBe(335)
    expect(Math.floor(lonToTileX(72.8777, 12))).toBe(2877)
    expect(Math.floor(latToTileY(19.076, 12))).toBe(1826)
    expect(lonToTileX(-180, 3)).toBe(0)
    expect(latToTileY(0, 1)).toBeCloseTo(1)
    // Beyond Web Mercator it clamps rather than answering NaN.
    expect(Number.isFinite(latToTileY(90, 5))).toBe(true)
  })

  it('covers a box with the tiles it touches, north row first', () => {
    expect(tileRange([72.8, 19.0, 72.95, 19.1], 12)).toEqual({ z: 12, minX: 2876, maxX: 2878, minY: 1826, maxY: 1827 })
    // A box ending exactly on a tile edge does not take the next tile.
    expect(tileRange([0, 0, 180, 85], 1)).toEqual({ z: 1, minX: 1, maxX: 1, minY: 0, maxY: 0 })
    expect(tileRange([-180, -85, 180, 85], 0)).toEqual({ z: 0, minX: 0, maxX: 0, minY: 0, maxY: 0 })
    // A point-sized box still has its tile.
    expect(tileRange([72.8777, 19.076, 72.8777, 19.076], 12)).toEqual({
      z: 12,
      minX: 2877,
      maxX: 2877,
      minY: 1826,
      maxY: 1826,
    })
  })

  it('counts without listing, and lists the same tiles', () => {
    const count = countTiles(SMALL, 12, 15)
    const tiles = [...tilesInBbox(SMALL, 12, 15)]
    expect(tiles).toHaveLength(count)
    expect(new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(count)
    expect(tiles[0]).toEqual({ z: 12, x: 2876, y: 1826 })
    expect(countTiles([-180, -85, 180, 85], 0, 2)).toBe(1 + 4 + 16)
  })
})

describe('planArea', () => {
  it('saves from one zoom above the view up to street level when the area is small', () => {
    const plan = planArea(SMALL, 15)
    expect(plan).toEqual({ ok: true, minZoom: 14, maxZoom: 17, tileCount: countTiles(SMALL, 14, 17) })
  })

  it('never starts below zoom 10 and never goes above 17', () => {
    const tiny: Bbox = [72.85, 19.05, 72.851, 19.051]
    expect(planArea(tiny, 4)).toMatchObject({ ok: true, minZoom: 10, maxZoom: 17 })
    expect(planArea(tiny, 19)).toMatchObject({ ok: true, minZoom: 17, maxZoom: 17 })
  })

  it('drops the closest zooms while the area needs more than 2500 tiles', () => {
    const city: Bbox = [72.75, 18.9, 73.0, 19.3]
    const plan = planArea(city, 11)
    expect(plan.ok).toBe(true)
    if (!plan.ok) return
    expect(plan.minZoom).toBe(10)
    expect(plan.maxZoom).toBeLessThan(17)
    expect(plan.tileCount).toBeLessThanOrEqual(AREA_MAX_TILES)
    expect(countTiles(city, 10, plan.maxZoom + 1)).toBeGreaterThan(AREA_MAX_TILES)
  })

  it('for the server vector tiles, fetches the data zooms those map zooms draw from (one less, at most 15)', () => {
    const mvt = '/api/tiles/{z}/{x}/{y}.mvt'
    // Map zooms 14..17 draw from data zooms 13..15 (15 is drawn larger up to 19).
    expect(planArea(SMALL, 15, AREA_MAX_TILES, mvt)).toEqual({
      ok: true,
      minZoom: 13,
      maxZoom: 15,
      tileCount: countTiles(SMALL, 13, 15),
    })
    expect(countTiles(SMALL, 13, 15)).toBeLessThan(countTiles(SMALL, 14, 17))
    expect(planArea(SMALL, 4, AREA_MAX_TILES, mvt)).toMatchObject({ ok: true, minZoom: 9, maxZoom: 15 })
  })

  it('refuses an area where even one zoom is too many tiles', () => {
    expect(planArea([60, 5, 90, 35], 5)).toEqual({ ok: false, message: OfflineMessages.tooLarge })
    expect(OfflineMessages.tooLarge).toBe('This area is too large to save. Zoom in and try again.')
  })
})

describe('areaSize', () => {
  it('asks the server what saving the area would download', async () => {
    const sizes = answer('tileAreaSize', { tiles: 14, bytes: 620_000 })
    server.use(sizes)
    const size = await areaSize(SMALL, { minZoom: 12, maxZoom: 15 }, '/api/tiles/{z}/{x}/{y}.mvt')
    expect(size).toEqual({ tiles: 14, bytes: 620_000 })
    expect(sizes.calls.map((c) => c.query)).toEqual([
      { bbox: SMALL.map((v) => v.toFixed(6)).join(','), minzoom: '12', maxzoom: '15' },
    ])
  })

  it('answers null for a raster basemap, and when the server cannot be reached or refuses', async () => {
    server.use(unreachable('tileAreaSize', { once: true }), refuse('tileAreaSize', 400, 'x'))
    expect(await areaSize(SMALL, { minZoom: 12, maxZoom: 15 }, 'https://tile.example.org/{z}/{x}/{y}.png')).toBeNull()
    expect(requests()).toEqual([])
    expect(await areaSize(SMALL, { minZoom: 12, maxZoom: 15 }, '/api/tiles/{z}/{x}/{y}.mvt')).toBeNull()
    expect(await areaSize(SMALL, { minZoom: 12, maxZoom: 15 }, '/api/tiles/{z}/{x}/{y}.mvt')).toBeNull()
  })
})

describe('defaultAreaName', () => {
  it('names the area by when it was saved', () => {
    expect(defaultAreaName(new Date(2025, 10, 22, 14, 5))).toBe('Area saved 22 Nov, 14:05')
    expect(defaultAreaName(new Date(2026, 0, 3, 9, 30))).toBe('Area saved 3 Jan, 09:30')
  })

  it('names it in the language she reads as she saves it, months by Intl, Latin digits', async () => {
    await setLanguage('hi')
    expect(defaultAreaName(new Date(2026, 5, 3, 9, 30))).toBe('3 जून, 09:30 को सेव किया इलाका')
    await setLanguage('mr')
    expect(defaultAreaName(new Date(2026, 5, 3, 9, 30))).toBe('3 जून, 09:30 ला सेव्ह केलेला भाग')
  })
})

describe('OfflineMessages', () => {
  it('are told in her language when read', async () => {
    expect(new AreaSaveError('space').message).toBe(
      'Not enough space on this device to save the area. Delete a saved area or free some space on the phone, then try again.',
    )
    await setLanguage('hi')
    expect(OfflineMessages.tooLarge).toBe('यह इलाका सेव करने के लिए बहुत बड़ा है। ज़ूम इन करके फिर से कोशिश करें।')
    expect(new AreaSaveError('space').message).toBe(
      'इस फ़ोन में यह इलाका सेव करने की जगह नहीं है। कोई सेव किया इलाका हटाएँ या फ़ोन में जगह खाली करें, फिर से कोशिश करें।',
    )
    expect(planArea([60, 5, 90, 35], 5)).toEqual({ ok: false, message: OfflineMessages.tooLarge })
  })
})

describe('saving and deleting areas', () => {
  const spec = (name = 'Bandra') => ({ name, bbox: SMALL, minZoom: 13, maxZoom: 14 })
  const total = countTiles(SMALL, 13, 14)

  freshMapEachTest()
  const PACK: NearbyArea = {
    v: 1,
    timeZone: 'Asia/Kolkata',
    dataDate: '',
    bbox: SMALL,
    rows: [['police', 'police', 'Bandra Police Station', 1905500, 7284000, '022 2640 0000', []]],
  }
  beforeEach(() => {
    server.use(answer('nearbyArea', PACK))
  })

  it('downloads every tile, at most 4 at a time, with progress, and writes the area when complete', async () => {
    let inFlight = 0
    let most = 0
    serveTiles(async () => {
      inFlight += 1
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, 2))
      inFlight -= 1
      return pngResponse(100)
    })
    const progress: Array<[number, number]> = []
    const area = await saveArea(spec(), {
      tileUrl: TEMPLATE,
      version: 'v1',
      onProgress: (d, t) => progress.push([d, t]),
    })
    expect(total).toBeGreaterThan(4)
    expect(most).toBe(4)
    expect(progress[0]).toEqual([0, total])
    expect(progress.at(-1)).toEqual([total, total])
    expect(progress).toHaveLength(total + 1)
    expect(area).toMatchObject({ name: 'Bandra', bbox: SMALL, minZoom: 13, maxZoom: 14, tileCount: total })
    expect(area.bytes).toBe(total * 100)
    expect(await db.offlineAreas.get(area.id)).toEqual(area)
    const tiles = await db.tiles.toArray()
    expect(tiles).toHaveLength(total)
    expect(tiles.every((t) => t.areas.length === 1 && t.areas[0] === area.id && t.version === 'v1')).toBe(true)
    const first = tilesInBbox(SMALL, 13, 13).next().value
    expect(tiles.map((t) => t.url)).toContain(`/api/tiles/13/${first?.x}/${first?.y}.png`)
  })

  it("keeps the area's road data beside its tiles: a failed fetch still saves the area, a full disk does not", async () => {
    await db.meta.put({ key: REGION_META_KEY, value: { ...MUMBAI, bbox: [72.7, 18.8, 73.1, 19.3] } })
    serveTiles()
    const asked: string[] = []
    server.use(
      http.get('*/api/offline/area', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.error()
      }),
    )
    const area = await saveArea(spec(), { tileUrl: TEMPLATE, version: 'v1' })
    expect(asked).toHaveLength(1)
    expect(await db.offlineAreas.get(area.id)).toEqual(area)

    server.use(http.get('*/api/offline/area', () => HttpResponse.arrayBuffer(new Uint8Array(8).buffer)))
    replaceWorker((request, reply) =>
      reply({
        id: request.id,
        ok: true,
        info: { version: 'b1', box: SMALL, importedAt: 'x', dataDate: '', signalsVersion: '' },
      }),
    )
    const full = vi.spyOn(db.areaBundleData, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'))
    const error = await saveArea(spec('Full'), { tileUrl: TEMPLATE, version: 'v1' }).catch((e: unknown) => e)
    full.mockRestore()
    replaceWorker(null)
    expect(error).toBeInstanceOf(AreaSaveError)
    expect((error as AreaSaveError).reason).toBe('space')
    expect((await db.offlineAreas.toArray()).map((a) => a.name)).toEqual(['Bandra'])
  })

  it('uses the stored region for the tile URL and version when none is given', async () => {
    await db.meta.put({
      key: REGION_META_KEY,
      value: {
        name: 'Mumbai',
        bbox: [72.7, 18.8, 73.1, 19.3],
        attribution: '© OpenStreetMap contributors',
        dataDate: '2025-01-01',
        importedAt: '2025-02-02T00:00:00.000Z',
        tileUrl: '/tiles/{z}/{x}/{y}.png',
      },
    })
    const fetchMock = serveTiles()
    await saveArea({ ...spec(), minZoom: 13, maxZoom: 13 })
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/tiles\/13\//)
    expect((await db.tiles.toArray())[0]?.version).toBe('2025-02-02T00:00:00.000Z')
  })

  it('takes tiles already cached without fetching them again, and keeps them from eviction', async () => {
    const first = tilesInBbox(SMALL, 13, 13).next().value
    const url = `/api/tiles/13/${first?.x}/${first?.y}.png`
    await db.tiles.put(tileRow(url, 70, { version: 'v1', usedAt: 1 }))
    const fetchMock = serveTiles()
    const area = await saveArea(spec(), { tileUrl: TEMPLATE, version: 'v1' })
    expect(fetchMock).toHaveBeenCalledTimes(total - 1)
    expect(area.bytes).toBe((total - 1) * 100 + 70)
    expect((await db.tiles.get(url))?.areas).toEqual([area.id])
    setTileCacheCap(10)
    await db.tiles.put(tileRow('/other.png', 100, { usedAt: 0 }))
    await import('./tileCache.ts').then((m) => m.evictTiles({ remeasure: true }))
    expect(await db.tiles.count()).toBe(total)
  })

  it('cancel: stops, writes no area, and the fetched tiles become ordinary cached tiles', async () => {
    let answered = 0
    const controller = new AbortController()
    serveTiles((_url, init) => {
      if (answered >= 3) return hangUntilAborted(init?.signal)
      answered += 1
      return pngResponse(100)
    })
    const progress: number[] = []
    const saving = saveArea(spec(), {
      tileUrl: TEMPLATE,
      version: 'v1',
      signal: controller.signal,
      onProgress: (done) => {
        progress.push(done)
        if (done === 3) controller.abort()
      },
    })
    await expect(saving).rejects.toMatchObject({ name: 'AbortError' })
    expect(progress.at(-1)).toBe(3)
    expect(await db.offlineAreas.count()).toBe(0)
    const tiles = await db.tiles.toArray()
    expect(tiles).toHaveLength(3)
    expect(tiles.every((t) => t.areas.length === 0)).toBe(true)
  })

  it('a tile that keeps failing: the save fails with a message and leaves no area', async () => {
    let calls = 0
    serveTiles(() => {
      calls += 1
      if (calls > 5) throw new TypeError('Failed to fetch')
      return pngResponse(100)
    })
    const error = await saveArea(spec(), { tileUrl: TEMPLATE, version: 'v1', retryDelays: [0, 0] }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AreaSaveError)
    expect((error as AreaSaveError).message).toBe(OfflineMessages.failed)
    expect(await db.offlineAreas.count()).toBe(0)
    expect((await db.tiles.toArray()).every((t) => t.areas.length === 0)).toBe(true)
  })

  it('a passing failure is retried', async () => {
    let failed = false
    serveTiles(() => {
      if (!failed) {
        failed = true
        return new Response('slow down', { status: 429 })
      }
      return pngResponse(100)
    })
    const area = await saveArea(spec(), { tileUrl: TEMPLATE, version: 'v1', retryDelays: [0] })
    expect(area.tileCount).toBe(total)
    expect(await db.offlineAreas.count()).toBe(1)
  })

  it('a full disk: the save fails with the storage message', async () => {
    serveTiles()
    vi.spyOn(db.tiles, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const error = await saveArea(spec(), { tileUrl: TEMPLATE, version: 'v1' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AreaSaveError)
    expect((error as AreaSaveError).reason).toBe('space')
    expect((error as Error).message).toBe(
      'Not enough space on this device to save the area. Delete a saved area or free some space on the phone, then try again.',
    )
    expect(await db.offlineAreas.count()).toBe(0)
  })

  it('delete: its tiles go back to the LRU (evicted to the cap), tiles another area holds stay', async () => {
    serveTiles()
    const first = await saveArea(spec('First'), { tileUrl: TEMPLATE, version: 'v1' })
    const second = await saveArea({ ...spec('Second'), minZoom: 14, maxZoom: 15 }, { tileUrl: TEMPLATE, version: 'v1' })
    // Zoom 14 is in both areas: those tiles are held by both.
    const shared = countTiles(SMALL, 14, 14)
    const both = await db.tiles
      .where('areas')
      .equals(first.id)
      .and((t) => t.areas.includes(second.id))
      .count()
    expect(both).toBe(shared)
    expect(await db.tiles.count()).toBe(countTiles(SMALL, 13, 15))
    setTileCacheCap(250)
    await deleteArea(first.id)
    expect(await db.offlineAreas.get(first.id)).toBeUndefined()
    expect(await db.offlineAreas.get(second.id)).toBeTruthy()
    const tiles = await db.tiles.toArray()
    expect(tiles.some((t) => t.areas.includes(first.id))).toBe(false)
    expect(tiles.filter((t) => t.areas.includes(second.id))).toHaveLength(countTiles(SMALL, 14, 15))
    const ordinary = tiles.filter((t) => t.areas.length === 0)
    expect(ordinary.length).toBeGreaterThan(0)
    expect(ordinary.reduce((sum, t) => sum + t.bytes, 0)).toBeLessThanOrEqual(250)
  })

  it('useOfflineAreas lists the saved areas, newest first', async () => {
    await db.offlineAreas.bulkPut([
      { id: 'a', name: 'Older', bbox: SMALL, minZoom: 12, maxZoom: 17, tileCount: 10, bytes: 1000, createdAt: 1 },
      { id: 'b', name: 'Newer', bbox: SMALL, minZoom: 12, maxZoom: 17, tileCount: 20, bytes: 2000, createdAt: 2 },
    ])
    const { result } = renderHook(() => useOfflineAreas())
    await waitFor(() => expect(result.current?.map((a) => a.name)).toEqual(['Newer', 'Older']))
  })
})

describe('the places of help kept with an area (Nearest help offline)', () => {
  const TEMPLATE = '/api/tiles/{z}/{x}/{y}.png'
  const PACK: NearbyArea = {
    v: 1,
    timeZone: 'Asia/Kolkata',
    dataDate: '2026-11-01',
    bbox: SMALL,
    rows: [['police', 'police', 'Bandra Police Station', 1905500, 7284000, '022 2640 0000', []]],
  }
  freshMapEachTest()

  it('are saved with the area, asked for its box, and deleted with it', async () => {
    const pack = answer('nearbyArea', PACK)
    server.use(pack)
    serveTiles()
    const area = await saveArea(
      { name: 'Bandra', bbox: SMALL, minZoom: 13, maxZoom: 13 },
      { tileUrl: TEMPLATE, version: 'v1' },
    )
    expect(pack.calls[0]?.query).toEqual({ south: '19.04000', west: '72.82000', north: '19.07000', east: '72.86000' })
    expect((await db.nearbyAreas.get(area.id))?.pack).toEqual(PACK)
    await db.nearbyAreas.put({ id: NEARBY_HERE, savedAt: 1, pack: PACK })
    await deleteArea(area.id)
    expect(await db.nearbyAreas.get(area.id)).toBeUndefined()
    // The one kept around her stays.
    expect(await db.nearbyAreas.get(NEARBY_HERE)).toBeTruthy()
  })

  it('the area is saved all the same when the server cannot give them', async () => {
    server.use(refuse('nearbyArea', 422, 'This place is outside the mapped region', { code: 'OUTSIDE_REGION' }))
    serveTiles()
    const area = await saveArea(
      { name: 'Bandra', bbox: SMALL, minZoom: 13, maxZoom: 13 },
      { tileUrl: TEMPLATE, version: 'v1' },
    )
    expect(await db.offlineAreas.get(area.id)).toBeTruthy()
    expect(await db.nearbyAreas.count()).toBe(0)
  })

  it('saveNearbyPack replaces the pack under its id, and says false offline', async () => {
    server.use(answer('nearbyArea', PACK))
    await db.nearbyAreas.put({ id: NEARBY_HERE, savedAt: 1, pack: { ...PACK, rows: [] } })
    expect(await saveNearbyPack(NEARBY_HERE, SMALL)).toBe(true)
    const row = await db.nearbyAreas.get(NEARBY_HERE)
    expect(row?.pack.rows).toHaveLength(1)
    expect(row?.savedAt).toBeGreaterThan(1)
    server.use(unreachable('nearbyArea'))
    expect(await saveNearbyPack('other', SMALL)).toBe(false)
    expect(await db.nearbyAreas.count()).toBe(1)
  })
})
