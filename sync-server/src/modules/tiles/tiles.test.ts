import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile'
import { ErrorBody, TILE_MEDIA_TYPE, TileMessages } from '@wings/contract'
import { latToWorldY, lonToWorldX, tileOf } from '@wings/geo'
import { buildRoadGraph, type OsmExtract, type RoadGraph, readOsmPbf } from '@wings/routing'
import { PbfReader } from 'pbf'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { expectInvalid } from '../../testing/answers.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import type { RegionImport } from '../region/import-step.ts'
import { type Pt, pointInRing } from './coastline.ts'
import { tilesImportStep } from './import.ts'
import { REGION_DIR } from './service.ts'
import { TILES_FILE, TileArchive } from './tile-archive.ts'

const MONACO = join(import.meta.dirname, '../../../../../shared/data/monaco.osm.pbf')
const CASINO = { lat: 43.7394, lon: 7.4286 }
/** Open sea off the harbour, and a street up the hill, both inside the region's box. */
const SEA = { lat: 43.73, lon: 7.43 }
const UPHILL = { lat: 43.7445, lon: 7.4215 }

function decode(body: Buffer): VectorTile {
  return new VectorTile(new PbfReader(new Uint8Array(body)))
}

function features(tile: VectorTile, layer: string): VectorTileFeature[] {
  const l = tile.layers[layer]
  return l ? Array.from({ length: l.length }, (_, i) => l.feature(i)) : []
}

/** Where a point falls in tile z/x/y, in the tile's 0..4096 units. */
function inTile(p: { lat: number; lon: number }, z: number, x: number, y: number): Pt {
  const n = 2 ** z
  return [(lonToWorldX(p.lon) * n - x) * 4096, (latToWorldY(p.lat) * n - y) * 4096]
}

const tileUrl = (z: number, p: { lat: number; lon: number }) => {
  const { x, y } = tileOf(p.lat, p.lon, z)
  return { url: `/api/tiles/${z}/${x}/${y}.mvt`, x, y }
}

let extract: OsmExtract
let graph: RoadGraph
let t: TestApp
beforeAll(async () => {
  extract = readOsmPbf(MONACO, { points: false })
  graph = buildRoadGraph([extract])
  t = await createTestApp()
  const dir = join(t.config.dataDir, REGION_DIR)
  mkdirSync(dir)
  tilesImportStep({ extracts: [extract], graph, dir, db: {} as RegionImport['db'] })
})
afterAll(async () => {
  await t?.close()
})

describe('tilesImportStep', () => {
  it('writes every tile from zoom 0 to 15 over the region into tiles.bin', () => {
    const archive = new TileArchive(join(t.config.dataDir, REGION_DIR, TILES_FILE))
    try {
      expect(archive.header.maxZoom).toBe(15)
      expect(archive.header.builtAt).toBe(Date.parse(graph.meta.createdAt))
      expect(archive.size(12, 2132, 1493)).toBeGreaterThan(0)
      const { x, y } = tileOf(CASINO.lat, CASINO.lon, 15)
      expect(archive.size(15, x, y)).toBeGreaterThan(1000)
    } finally {
      archive.close()
    }
  })

  it('refuses extracts it cannot read again from a file', () => {
    const fromBuffer = { ...extract, source: 'buffer' }
    expect(() =>
      tilesImportStep({ extracts: [fromBuffer], graph, dir: '/nonexistent', db: {} as RegionImport['db'] }),
    ).toThrow(/files, not buffers/)
  })
})

describe('GET /api/tiles/:z/:x/:y.mvt', () => {
  it('answers a vector tile with streets, their names, buildings, places and stops', async () => {
    const { url } = tileUrl(15, CASINO)
    const res = await t.app.inject({ url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TILE_MEDIA_TYPE)
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/)
    const tile = decode(res.rawPayload)
    expect(Object.keys(tile.layers).sort()).toEqual(
      ['buildings', 'earth', 'landuse', 'places', 'pois', 'road_labels', 'roads', 'transit', 'water'].sort(),
    )
    // Street names also on simpler lines of their own, for writing them along the street.
    const labelled = new Set(features(tile, 'road_labels').map((f) => f.properties.name))
    expect(labelled).toContain('Avenue de Monte-Carlo')
    expect(features(tile, 'road_labels').every((f) => f.properties.class === undefined)).toBe(true)
    const streetNames = new Set(features(tile, 'roads').map((f) => f.properties.name))
    expect(streetNames).toContain('Avenue de Monte-Carlo')
    expect(features(tile, 'roads').every((f) => typeof f.properties.kind === 'string')).toBe(true)
    expect(features(tile, 'buildings').length).toBeGreaterThan(50)
    expect(features(tile, 'pois').some((f) => f.properties.kind === 'bus_stop')).toBe(true)
  })

  it('carries names in other languages, for the app to show hers', async () => {
    const tile = decode((await t.app.inject({ url: tileUrl(12, CASINO).url })).rawPayload)
    const all = Object.keys(tile.layers).flatMap((layer) => features(tile, layer))
    expect(all.some((f) => f.properties['name:hi'] !== undefined)).toBe(true)
  })

  it('draws the sea from the coastline: over the sea, not over the streets', async () => {
    const inSea = async (p: { lat: number; lon: number }) => {
      const { url, x, y } = tileUrl(14, p)
      const tile = decode((await t.app.inject({ url })).rawPayload)
      const sea = features(tile, 'water').filter((f) => f.properties.kind === 'sea')
      const rings = sea.flatMap((f) => f.loadGeometry().map((ring) => ring.map((q): Pt => [q.x, q.y])))
      return rings.filter((ring) => pointInRing(inTile(p, 14, x, y), ring)).length % 2 === 1
    }
    expect(await inSea(SEA)).toBe(true)
    expect(await inSea(UPHILL)).toBe(false)
    expect(await inSea(CASINO)).toBe(false)
  })

  it('keeps small streets out of low zooms', async () => {
    const low = decode((await t.app.inject({ url: tileUrl(10, CASINO).url })).rawPayload)
    const kinds = new Set(features(low, 'roads').map((f) => f.properties.kind))
    expect(kinds.has('path')).toBe(false)
    expect(kinds.has('service')).toBe(false)
    expect(features(low, 'buildings')).toHaveLength(0)
  })

  it('answers an empty tile (an MVT with nothing in it) far from the region', async () => {
    const res = await t.app.inject({ url: tileUrl(15, { lat: 18.96, lon: 72.82 }).url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(TILE_MEDIA_TYPE)
    expect(res.rawPayload.length).toBe(0)
  })

  it('answers 304 to a matching If-None-Match, and ETags differ per tile', async () => {
    const { url, x, y } = tileUrl(15, CASINO)
    const first = await t.app.inject({ url })
    const etag = first.headers.etag as string
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } })
    expect(again.statusCode).toBe(304)
    expect(again.headers.etag).toBe(etag)
    expect(again.rawPayload.length).toBe(0)
    const weak = await t.app.inject({ url, headers: { 'if-none-match': `"x", W/${etag}` } })
    expect(weak.statusCode).toBe(304)
    const other = await t.app.inject({ url: `/api/tiles/15/${x + 1}/${y}.mvt`, headers: { 'if-none-match': etag } })
    expect(other.statusCode).toBe(200)
    expect(other.headers.etag).not.toBe(etag)
  })

  it.each([
    ['a zoom past the data zooms', '/api/tiles/16/34120/23895.mvt', TileMessages.badTile],
    ['a zoom past the map', '/api/tiles/20/0/0.mvt', TileMessages.badTile],
    ['a negative zoom', '/api/tiles/-1/0/0.mvt', TileMessages.badTile],
    ['x outside the zoom', '/api/tiles/2/4/0.mvt', TileMessages.badTile],
    ['y outside the zoom', '/api/tiles/2/0/4.mvt', TileMessages.badTile],
    ['a letter', '/api/tiles/a/0/0.mvt', TileMessages.badTile],
    ['a fraction', '/api/tiles/2/1.5/0.mvt', TileMessages.badTile],
    ['a huge number', '/api/tiles/15/17060/99999999999.mvt', TileMessages.badTile],
    ['the old PNG format', '/api/tiles/15/17060/11947.png', TileMessages.badFormat],
    ['an unknown format', '/api/tiles/15/17060/11947.jpeg', TileMessages.badFormat],
    ['no format', '/api/tiles/15/17060/11947', TileMessages.badFormat],
  ])('answers 400 to %s', async (_, url, message) => {
    expectInvalid(await t.app.inject({ url }), message)
  })

  it('answers 503 when no region is imported', async () => {
    const empty = await createTestApp()
    try {
      for (const url of [
        '/api/tiles/15/17060/11947.mvt',
        '/api/tiles/size?bbox=7.4,43.7,7.5,43.8&minzoom=12&maxzoom=15',
      ]) {
        const res = await empty.app.inject({ url })
        expect(res.statusCode).toBe(503)
        expect(Value.Check(ErrorBody, res.json())).toBe(true)
        expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: TileMessages.noRegion })
      }
    } finally {
      await empty.close()
    }
  })
})

describe('GET /api/tiles/size', () => {
  it('says how many tiles and bytes an area at some zooms takes, as the tiles themselves add up', async () => {
    const res = await t.app.inject({ url: '/api/tiles/size?bbox=7.42,43.73,7.43,43.74&minzoom=14&maxzoom=15' })
    expect(res.statusCode).toBe(200)
    const size = res.json() as { tiles: number; bytes: number }
    let bytes = 0
    let tiles = 0
    for (const z of [14, 15]) {
      const a = tileOf(43.74, 7.42, z)
      const b = tileOf(43.73, 7.43, z)
      for (let x = a.x; x <= b.x; x++)
        for (let y = a.y; y <= b.y; y++) {
          tiles++
          bytes += (await t.app.inject({ url: `/api/tiles/${z}/${x}/${y}.mvt` })).rawPayload.length
        }
    }
    expect(size).toEqual({ tiles, bytes })
    expect(bytes).toBeGreaterThan(0)
  })

  it.each([
    ['a bbox of three numbers', 'bbox=7.4,43.7,7.5&minzoom=12&maxzoom=15', TileMessages.badArea],
    ['a bbox upside down', 'bbox=7.5,43.7,7.4,43.8&minzoom=12&maxzoom=15', TileMessages.badArea],
    ['a bbox off the world', 'bbox=7.4,43.7,190,43.8&minzoom=12&maxzoom=15', TileMessages.badArea],
    ['words', 'bbox=a,b,c,d&minzoom=12&maxzoom=15', TileMessages.badArea],
    ['zooms the wrong way round', 'bbox=7.4,43.7,7.5,43.8&minzoom=15&maxzoom=12', TileMessages.badZooms],
    ['a zoom past the data zooms', 'bbox=7.4,43.7,7.5,43.8&minzoom=12&maxzoom=16', TileMessages.badZooms],
    ['a fractional zoom', 'bbox=7.4,43.7,7.5,43.8&minzoom=1.5&maxzoom=15', TileMessages.badZooms],
    ['the whole world at zoom 15', 'bbox=-180,-85,180,85&minzoom=15&maxzoom=15', TileMessages.tooManyTiles],
  ])('answers 400 to %s', async (_, query, message) => {
    expectInvalid(await t.app.inject({ url: `/api/tiles/size?${query}` }), message)
  })

  it('answers 400 without its parameters', async () => {
    const res = await t.app.inject({ url: '/api/tiles/size?bbox=7.4,43.7,7.5,43.8' })
    expect(res.statusCode).toBe(400)
    expect(Value.Check(ErrorBody, res.json())).toBe(true)
  })
})

describe('TILE_URL', () => {
  it('defaults to the server vector tiles and accepts a public raster basemap template', () => {
    expect(loadConfig({}).tileUrl).toBe('/api/tiles/{z}/{x}/{y}.mvt')
    const osm = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'
    expect(loadConfig({ TILE_URL: osm }).tileUrl).toBe(osm)
    expect(() => loadConfig({ TILE_URL: 'https://example.org/tiles.png' })).toThrow(/TILE_URL.*\{z\}, \{x\} and \{y\}/)
    expect(() => loadConfig({ TILE_URL: 'ftp://x/{z}/{x}/{y}' })).toThrow(/TILE_URL/)
  })
})
