import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { inflateSync } from 'node:zlib'
import { buildRoadGraph, type OsmExtract, type RoadGraph, readOsmPbf } from '@wings/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import type { RegionImport } from '../region/import-step.ts'
import { tilesImportStep } from './import.ts'
import { REGION_DIR } from './service.ts'
import { readTileData, TILES_FILE } from './tile-data.ts'
import { tileOf } from './tile-math.ts'

const MONACO = join(import.meta.dirname, '../../../../../shared/data/monaco.osm.pbf')
const CASINO = { lat: 43.7394, lon: 7.4286 }

/** RGBA pixels of one of our PNGs (filters None and Up only, as encodePng writes). */
function pixels(png: Buffer): Uint8Array {
  const len = png.readUInt32BE(33)
  expect(png.toString('latin1', 37, 41)).toBe('IDAT')
  const raw = inflateSync(png.subarray(41, 41 + len))
  const stride = 256 * 4
  const out = new Uint8Array(stride * 256)
  for (let y = 0; y < 256; y++) {
    const f = raw[y * (stride + 1)]
    for (let i = 0; i < stride; i++) {
      const v = raw[y * (stride + 1) + 1 + i] as number
      out[y * stride + i] = (v + (f === 2 && y > 0 ? (out[(y - 1) * stride + i] as number) : 0)) & 255
    }
  }
  return out
}

function colours(px: Uint8Array): Map<string, number> {
  const m = new Map<string, number>()
  for (let i = 0; i < px.length; i += 4) {
    const k = `${px[i]},${px[i + 1]},${px[i + 2]},${px[i + 3]}`
    m.set(k, (m.get(k) ?? 0) + 1)
  }
  return m
}

let extract: OsmExtract
let graph: RoadGraph
let t: TestApp
beforeAll(() => {
  extract = readOsmPbf(MONACO, { areas: true })
  graph = buildRoadGraph([extract])
  t = createTestApp()
  const dir = join(t.config.dataDir, REGION_DIR)
  mkdirSync(dir)
  tilesImportStep({ extracts: [extract], graph, dir, db: {} as RegionImport['db'] })
})
afterAll(async () => {
  await t?.close()
})

describe('reading areas', () => {
  it('keeps water, green and building areas as closed rings when asked, and nothing when not', () => {
    const kinds = new Set(extract.areas?.map((a) => a.kind))
    expect(kinds).toEqual(new Set(['water', 'green', 'building']))
    expect(extract.areas?.length).toBeGreaterThan(1000)
    expect(extract.areas?.some((a) => a.id.startsWith('r'))).toBe(true)
    for (const a of extract.areas ?? []) {
      for (const ring of a.rings) {
        expect(ring.length).toBeGreaterThanOrEqual(8)
        expect([ring[0], ring[1]]).toEqual([ring[ring.length - 2], ring[ring.length - 1]])
      }
    }
    expect(readOsmPbf(MONACO, { points: false }).areas).toBeUndefined()
  })
})

describe('tilesImportStep', () => {
  it('writes tiles.bin with roads and areas', () => {
    const data = readTileData(join(t.config.dataDir, REGION_DIR, TILES_FILE))
    expect(data.featureCount).toBeGreaterThan(graph.edgeCount)
    expect(data.builtAt).toBe(Date.parse(graph.meta.createdAt))
  })

  it('refuses extracts read without areas', () => {
    const plain = { ...extract, areas: undefined }
    expect(() =>
      tilesImportStep({ extracts: [plain], graph, dir: '/nonexistent', db: {} as RegionImport['db'] }),
    ).toThrow(/readOsmPbf\(file, \{ areas: true \}\)/)
  })
})

describe('GET /api/tiles/:z/:x/:y.png', () => {
  it('renders a z16 tile over Monaco as a PNG map with several colours', async () => {
    const { x, y } = tileOf(CASINO.lat, CASINO.lon, 16)
    const res = await t.app.inject({ url: `/api/tiles/16/${x}/${y}.png` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/)
    const c = colours(pixels(res.rawPayload))
    const share = (rgb: string) => (c.get(`${rgb},255`) ?? 0) / 65536
    expect(share('242,239,233')).toBeGreaterThan(0.02) // land
    expect(share('217,208,201')).toBeGreaterThan(0.02) // buildings
    expect(share('255,255,255')).toBeGreaterThan(0.01) // road fill
    expect(c.size).toBeGreaterThan(20)
  })

  it('shows water and green where Monaco has them (z15), and saves it for a look', async () => {
    const { x, y } = tileOf(CASINO.lat, CASINO.lon, 15)
    const res = await t.app.inject({ url: `/api/tiles/15/${x}/${y}.png` })
    expect(res.statusCode).toBe(200)
    writeFileSync('/tmp/tile.png', res.rawPayload)
    const c = colours(pixels(res.rawPayload))
    expect(c.get('170,211,223,255') ?? 0).toBeGreaterThan(50) // water
    expect(c.get('200,230,192,255') ?? 0).toBeGreaterThan(50) // green
  })

  it('draws only major roads, cheaply, below z10', async () => {
    const { x, y } = tileOf(CASINO.lat, CASINO.lon, 8)
    const res = await t.app.inject({ url: `/api/tiles/8/${x}/${y}.png` })
    expect(res.statusCode).toBe(200)
  })

  it('answers an empty transparent tile far from the region', async () => {
    const { x, y } = tileOf(18.96, 72.82, 16) // Mumbai
    const res = await t.app.inject({ url: `/api/tiles/16/${x}/${y}.png` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const c = colours(pixels(res.rawPayload))
    expect([...c.keys()]).toEqual(['0,0,0,0'])
  })

  it('answers 304 to a matching If-None-Match, and ETags differ per tile', async () => {
    const url = '/api/tiles/16/34120/23895.png'
    const first = await t.app.inject({ url })
    const etag = first.headers.etag as string
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('public, max-age=86400')
    expect(again.rawPayload.length).toBe(0)
    const weak = await t.app.inject({ url, headers: { 'if-none-match': `"x", W/${etag}` } })
    expect(weak.statusCode).toBe(304)
    const other = await t.app.inject({ url: '/api/tiles/16/34121/23895.png', headers: { 'if-none-match': etag } })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
    // The cached PNG is the same bytes.
    const cached = await t.app.inject({ url })
    expect(cached.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it.each([
    '/api/tiles/20/0/0.png',
    '/api/tiles/-1/0/0.png',
    '/api/tiles/2/4/0.png',
    '/api/tiles/2/0/4.png',
    '/api/tiles/a/0/0.png',
    '/api/tiles/2/1.5/0.png',
    '/api/tiles/16/34120/99999999999.png',
  ])('answers 400 to %s', async (url) => {
    const res = await t.app.inject({ url })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' })
  })

  it('answers 503 when no region is imported', async () => {
    const empty = createTestApp()
    try {
      const res = await empty.app.inject({ url: '/api/tiles/16/34120/23895.png' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' })
    } finally {
      await empty.close()
    }
  })
})

describe('TILE_URL', () => {
  it('defaults to the server tiles and accepts a public basemap template', () => {
    expect(loadConfig({}).tileUrl).toBe('/api/tiles/{z}/{x}/{y}.png')
    const osm = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'
    expect(loadConfig({ TILE_URL: osm }).tileUrl).toBe(osm)
    expect(() => loadConfig({ TILE_URL: 'https://example.org/tiles.png' })).toThrow(/TILE_URL.*\{z\}, \{x\} and \{y\}/)
    expect(() => loadConfig({ TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/TILE_URL/)
  })
})
