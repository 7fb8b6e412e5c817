import * as L from 'leaflet'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { clearDb } from '../../test/sync.ts'
import { CachedTileLayer } from './CachedTileLayer.ts'
import { hangUntilAborted, pngResponse, serveTiles, tileRow } from './testing.ts'
import { setTileCacheCap, tileCacheSettled } from './tileCache.ts'

type CreateTile = (coords: L.Coords, done: L.DoneCallback) => HTMLImageElement
const coords = (x: number, y: number, z: number) => Object.assign(L.point(x, y), { z }) as L.Coords

function setup() {
  const layer = new CachedTileLayer('/api/tiles/{z}/{x}/{y}.png', { version: 'v1' })
  const createTile = (layer as unknown as { createTile: CreateTile }).createTile.bind(layer)
  const done = vi.fn()
  return { layer, createTile, done }
}

describe('CachedTileLayer', () => {
  let created: string[]
  let revoked: string[]
  beforeEach(async () => {
    await clearDb()
    setTileCacheCap()
    created = []
    revoked = []
    let n = 0
    // jsdom has no object URLs: these stand in for the browser's.
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: () => {
        n += 1
        const url = `blob:tile-${n}`
        created.push(url)
        return url
      },
    })
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: (url: string) => revoked.push(url) })
  })
  afterEach(async () => {
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
    await tileCacheSettled()
    vi.restoreAllMocks()
  })

  it('shows a cached tile from an object URL, revokes it after load, and calls done', async () => {
    await db.tiles.put(tileRow('/api/tiles/12/2877/1826.png', 64))
    const fetchMock = serveTiles()
    const { layer, createTile, done } = setup()
    expect(layer.getTileUrl(coords(2877, 1826, 12))).toBe('/api/tiles/12/2877/1826.png')
    const img = createTile(coords(2877, 1826, 12), done)
    expect(img.tagName).toBe('IMG')
    expect(img.getAttribute('alt')).toBe('')
    await vi.waitFor(() => expect(img.getAttribute('src')).toBe('blob:tile-1'))
    expect(img.dataset.source).toBe('cache')
    expect(done).not.toHaveBeenCalled()
    img.dispatchEvent(new Event('load'))
    expect(done).toHaveBeenCalledWith(undefined, img)
    expect(revoked).toEqual(['blob:tile-1'])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('a tile from the network says so; a broken image reports an error', async () => {
    serveTiles(() => pngResponse(50))
    const { createTile, done } = setup()
    const img = createTile(coords(1, 1, 3), done)
    await vi.waitFor(() => expect(img.dataset.source).toBe('network'))
    img.dispatchEvent(new Event('error'))
    expect(done).toHaveBeenCalledWith(expect.any(Error), img)
    expect(revoked).toEqual(['blob:tile-1'])
  })

  it('a tile that cannot be loaded calls done with the error', async () => {
    serveTiles(() => new Response('', { status: 404 }))
    const { createTile, done } = setup()
    const img = createTile(coords(1, 1, 3), done)
    await vi.waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }), img))
  })

  it('a tile unloaded while loading stops its request and never calls done', async () => {
    const fetchMock = serveTiles((_url, init) => hangUntilAborted(init?.signal))
    const { layer, createTile, done } = setup()
    const img = createTile(coords(1, 1, 3), done)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const signal = fetchMock.mock.calls[0]?.[1]?.signal
    layer.fire('tileunload', { tile: img, coords: coords(1, 1, 3) })
    expect(signal?.aborted).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(done).not.toHaveBeenCalled()
    expect(created).toEqual([])
  })
})
