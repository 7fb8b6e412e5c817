import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { clearDb } from '../../test/sync.ts'
import { hangUntilAborted, pngResponse, serveTiles, setOnline, tileRow } from './testing.ts'
import {
  evictTiles,
  loadTile,
  setTileCacheCap,
  TILE_CACHE_MAX_BYTES,
  TileFetchError,
  tileCacheSettled,
  tileUrl,
} from './tileCache.ts'

const URL_A = '/api/tiles/12/2877/1826.png'
const URL_B = '/api/tiles/12/2878/1826.png'

const firstByte = (data: ArrayBuffer) => new Uint8Array(data)[0]

describe('tileCache', () => {
  beforeEach(async () => {
    await clearDb()
    setTileCacheCap()
  })
  afterEach(async () => {
    await tileCacheSettled()
    vi.restoreAllMocks()
  })

  it('builds tile URLs from the template', () => {
    expect(tileUrl('/api/tiles/{z}/{x}/{y}.png', 12, 2877, 1826)).toBe(URL_A)
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}{r}.png', 3, 1, 2)).toBe('https://a.tile.example/3/1/2.png')
    expect(TILE_CACHE_MAX_BYTES).toBe(40 * 1024 * 1024)
  })

  it('fetches a tile once, stores it as an ordinary tile, then answers it from IndexedDB', async () => {
    const fetchMock = serveTiles(() => pngResponse(120, 7))
    const first = await loadTile(URL_A, 'v1')
    expect(first).toMatchObject({ type: 'image/png', bytes: 120, fromCache: false })
    expect(firstByte(first.data)).toBe(7)
    const row = await db.tiles.get(URL_A)
    expect(row).toMatchObject({ url: URL_A, type: 'image/png', bytes: 120, areas: [], version: 'v1' })
    expect(Math.abs((row?.usedAt ?? 0) - Date.now())).toBeLessThan(5000)

    const again = await loadTile(URL_A, 'v1')
    expect(again).toMatchObject({ bytes: 120, fromCache: true })
    expect(firstByte(again.data)).toBe(7)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe(URL_A)
  })

  it('touches usedAt of a cached tile at most once a minute', async () => {
    serveTiles()
    const old = Date.now() - 5 * 60_000
    const recent = Date.now() - 10_000
    await db.tiles.bulkPut([tileRow(URL_A, 50, { usedAt: old }), tileRow(URL_B, 50, { usedAt: recent })])
    await loadTile(URL_A, 'v1')
    await loadTile(URL_B, 'v1')
    await vi.waitFor(async () => expect((await db.tiles.get(URL_A))?.usedAt).toBeGreaterThan(old + 60_000))
    expect((await db.tiles.get(URL_B))?.usedAt).toBe(recent)
  })

  it('refreshes a tile of an older region import, keeping the areas that hold it', async () => {
    const fetchMock = serveTiles(() => pngResponse(80, 9))
    await db.tiles.put(tileRow(URL_A, 50, { version: 'old', areas: ['area-1'] }))
    const tile = await loadTile(URL_A, 'new')
    expect(tile).toMatchObject({ bytes: 80, fromCache: false })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(await db.tiles.get(URL_A)).toMatchObject({ version: 'new', bytes: 80, areas: ['area-1'] })
  })

  it('offline, an older tile is shown without asking the network', async () => {
    const fetchMock = serveTiles()
    setOnline(false)
    await db.tiles.put(tileRow(URL_A, 50, { version: 'old' }))
    const tile = await loadTile(URL_A, 'new')
    expect(tile).toMatchObject({ bytes: 50, fromCache: true })
    expect(fetchMock).not.toHaveBeenCalled()
    expect((await db.tiles.get(URL_A))?.version).toBe('old')
  })

  it('when the network fails or the server errs, an older cached tile is shown', async () => {
    await db.tiles.bulkPut([tileRow(URL_A, 50, { version: 'old' }), tileRow(URL_B, 60, { version: 'old' })])
    serveTiles((url) => {
      if (url === URL_A) throw new TypeError('Failed to fetch')
      return new Response('busy', { status: 503 })
    })
    expect(await loadTile(URL_A, 'new')).toMatchObject({ bytes: 50, fromCache: true })
    expect(await loadTile(URL_B, 'new')).toMatchObject({ bytes: 60, fromCache: true })
  })

  it('with nothing cached, a failure rejects with TileFetchError', async () => {
    serveTiles((url) => {
      if (url === URL_A) throw new TypeError('Failed to fetch')
      return new Response('no', { status: 404 })
    })
    await expect(loadTile(URL_A, 'v1')).rejects.toMatchObject({ name: 'TileFetchError', status: 0 })
    const notFound = await loadTile(URL_B, 'v1').catch((e: unknown) => e)
    expect(notFound).toBeInstanceOf(TileFetchError)
    expect((notFound as TileFetchError).status).toBe(404)
    expect(await db.tiles.count()).toBe(0)
  })

  it('an aborted load rejects with the abort and stores nothing', async () => {
    const fetchMock = serveTiles((_url, init) => hangUntilAborted(init?.signal))
    const controller = new AbortController()
    const pending = loadTile(URL_A, 'v1', { signal: controller.signal })
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    // Aborted before it starts: no request at all.
    await expect(loadTile(URL_B, 'v1', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(await db.tiles.count()).toBe(0)
  })

  it('evicts the least recently used ordinary tiles beyond the cap and never the tiles of saved areas', async () => {
    setTileCacheCap(1000)
    let clock = 1_000_000
    vi.spyOn(Date, 'now').mockImplementation(() => clock)
    await db.tiles.bulkPut([
      tileRow('/area/1.png', 400, { usedAt: 1, areas: ['a'] }),
      tileRow('/area/2.png', 400, { usedAt: 2, areas: ['a', 'b'] }),
      tileRow('/area/3.png', 400, { usedAt: 3, areas: ['b'] }),
    ])
    serveTiles(() => pngResponse(300))
    for (let i = 1; i <= 5; i++) {
      clock += 1000
      await loadTile(`/lru/${i}.png`, 'v1')
    }
    await tileCacheSettled()
    const rows = await db.tiles.toArray()
    const ordinary = rows.filter((r) => r.areas.length === 0).map((r) => r.url)
    expect(ordinary.sort()).toEqual(['/lru/3.png', '/lru/4.png', '/lru/5.png'])
    expect(rows.filter((r) => r.areas.length > 0).map((r) => r.url)).toHaveLength(3)

    // Using an old tile makes it recent: the next eviction takes another one.
    clock += 2 * 60_000
    await loadTile('/lru/3.png', 'v1')
    await vi.waitFor(async () => expect((await db.tiles.get('/lru/3.png'))?.usedAt).toBe(clock))
    clock += 1000
    await loadTile('/lru/6.png', 'v1')
    await tileCacheSettled()
    const left = (await db.tiles.toArray()).filter((r) => r.areas.length === 0).map((r) => r.url)
    expect(left.sort()).toEqual(['/lru/3.png', '/lru/5.png', '/lru/6.png'])
  })

  it('evictTiles with remeasure counts tiles an area let go', async () => {
    setTileCacheCap(500)
    await db.tiles.bulkPut([
      tileRow('/t/1.png', 300, { usedAt: 1 }),
      tileRow('/t/2.png', 300, { usedAt: 2 }),
      tileRow('/t/3.png', 300, { usedAt: 3 }),
    ])
    await evictTiles({ remeasure: true })
    expect((await db.tiles.toCollection().primaryKeys()).sort()).toEqual(['/t/3.png'])
  })

  it('a full disk: evicts more and retries once, and the tile is stored', async () => {
    await db.tiles.bulkPut([
      tileRow('/old/1.png', 300, { usedAt: 1 }),
      tileRow('/old/2.png', 300, { usedAt: 2 }),
      tileRow('/old/3.png', 300, { usedAt: 3 }),
      tileRow('/old/4.png', 300, { usedAt: 4 }),
      tileRow('/kept.png', 300, { usedAt: 0, areas: ['a'] }),
    ])
    serveTiles(() => pngResponse(100, 3))
    const put = db.tiles.put.bind(db.tiles)
    let calls = 0
    vi.spyOn(db.tiles, 'put').mockImplementation((...args: Parameters<typeof db.tiles.put>) => {
      calls += 1
      if (calls === 1) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      return put(...args)
    })
    const tile = await loadTile(URL_A, 'v1')
    expect(tile).toMatchObject({ bytes: 100, fromCache: false })
    expect(calls).toBe(2)
    await tileCacheSettled()
    expect(await db.tiles.get(URL_A)).toMatchObject({ bytes: 100 })
    const keys = await db.tiles.toCollection().primaryKeys()
    expect(keys).toContain('/kept.png')
    // Half of the ordinary tiles' bytes went.
    expect(keys.filter((k) => k.startsWith('/old/')).length).toBeLessThan(4)
  })

  it('a disk that stays full: the tile is still answered, just not kept; an area save is told', async () => {
    serveTiles(() => pngResponse(100))
    vi.spyOn(db.tiles, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    expect(await loadTile(URL_A, 'v1')).toMatchObject({ bytes: 100, fromCache: false })
    expect(await db.tiles.count()).toBe(0)
    await expect(loadTile(URL_B, 'v1', { area: 'a', mustStore: true })).rejects.toMatchObject({
      name: expect.stringMatching(/QuotaExceededError|AbortError/),
    })
  })

  it('a Dexie-wrapped quota error (inner) is recognised', async () => {
    serveTiles(() => pngResponse(100))
    const put = db.tiles.put.bind(db.tiles)
    let calls = 0
    vi.spyOn(db.tiles, 'put').mockImplementation((...args: Parameters<typeof db.tiles.put>) => {
      calls += 1
      if (calls === 1) {
        throw Object.assign(new Error('Transaction aborted'), {
          name: 'AbortError',
          inner: { name: 'QuotaExceededError' },
        })
      }
      return put(...args)
    })
    await loadTile(URL_A, 'v1')
    expect(calls).toBe(2)
    expect(await db.tiles.get(URL_A)).toBeTruthy()
  })

  it('loading with an area adds the area to a cached tile and takes it out of the LRU', async () => {
    serveTiles()
    await db.tiles.put(tileRow(URL_A, 50, { areas: ['x'] }))
    await loadTile(URL_A, 'v1', { area: 'y' })
    await loadTile(URL_A, 'v1', { area: 'y' })
    expect((await db.tiles.get(URL_A))?.areas).toEqual(['x', 'y'])
    await loadTile(URL_B, 'v1', { area: 'y' })
    expect((await db.tiles.get(URL_B))?.areas).toEqual(['y'])
  })
})
