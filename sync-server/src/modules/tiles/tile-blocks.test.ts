import { join } from 'node:path'
import { buildRoadGraph, readOsmPbf } from '@wings/routing'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Box } from './coastline.ts'
import { regionBox, regionFeatures } from './import.ts'
import type { MapFeature } from './map-reader.ts'
import { BAND_ZOOMS, featureBox, makeTiles } from './tile-blocks.ts'
import { tilesOver, VectorTiler } from './vector-tiles.ts'

const MONACO = join(import.meta.dirname, '../../../../../shared/data/monaco.osm.pbf')

/** Every non-empty tile of one index over all the features (how tiles.bin was made before blocks), by z/x/y. */
function oneIndex(features: readonly MapFeature[], box: Box, maxZoom = 15): Map<string, Uint8Array> {
  const tiler = new VectorTiler(features, maxZoom)
  const out = new Map<string, Uint8Array>()
  for (let z = 0; z <= maxZoom; z++) {
    const r = tilesOver(box, z)
    for (let x = r.x0; x <= r.x1; x++)
      for (let y = r.y0; y <= r.y1; y++) {
        const data = tiler.tile(z, x, y)
        if (data.length > 0) out.set(`${z}/${x}/${y}`, data)
      }
  }
  return out
}

function blocked(...args: Parameters<typeof makeTiles>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>()
  for (const t of makeTiles(...args)) {
    const key = `${t.z}/${t.x}/${t.y}`
    expect(out.has(key), `${key} made twice`).toBe(false)
    out.set(key, t.data)
  }
  return out
}

function expectSameTiles(actual: Map<string, Uint8Array>, expected: Map<string, Uint8Array>) {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort())
  for (const [key, data] of expected) expect(Buffer.from(actual.get(key) as Uint8Array).equals(data), key).toBe(true)
}

const line = (minzoom: number, ...xy: number[]): MapFeature => ({
  layer: 'roads',
  props: { kind: 'major', class: 'primary', name: `Road ${xy.join(' ')}` },
  minzoom,
  geometry: { type: 'LineString', coordinates: Float64Array.from(xy) },
})

describe('makeTiles (block by block)', () => {
  let features: MapFeature[]
  let box: Box
  beforeAll(() => {
    const extract = readOsmPbf(MONACO, { points: false })
    box = regionBox(buildRoadGraph([extract]))
    features = regionFeatures([MONACO], box).features
  })

  it('makes the very tiles one index over every feature makes, byte for byte (Monaco)', () => {
    const expected = oneIndex(features, box)
    expect(expected.size).toBeGreaterThan(20)
    expectSameTiles(blocked(features, box), expected)
    // Smaller blocks, so that many features are cut by a block's edge: still the same tiles.
    expectSameTiles(blocked(features, box, 15, [0, 12, 14, 15]), expected)
  })

  it('puts a feature just outside a block into the block tiles whose buffer it reaches, as one index does', () => {
    // Block (zoom 14) edges at x = 8192 / 2^14 = 0.5 and y = 0.5; the buffer is 64 / 4096 of a tile.
    const tile = 1 / 2 ** 14
    const edge = 0.5
    const region: Box = [edge - 2 * tile, edge - 2 * tile, edge + 2 * tile, edge + 2 * tile]
    const near = [
      // Across the edge, just outside it (inside the neighbour's buffer), and outside every buffer.
      line(14, edge - tile, edge - tile / 2, edge + tile, edge - tile / 2),
      line(14, edge + tile / 200, edge - tile, edge + tile / 200, edge - tile / 4),
      line(14, edge + tile / 10, edge + tile, edge + tile / 10, edge + tile / 2),
      line(15, edge - tile / 3, edge + tile / 3, edge - tile / 4, edge + tile / 2),
    ]
    const expected = oneIndex(near, region)
    expect(expected.has(`14/${8192 - 1}/${8192 - 1}`)).toBe(true)
    expectSameTiles(blocked(near, region, 15, [0, 14]), expected)
    expectSameTiles(blocked(near, region, 15, [0, 15]), expected)
  })

  it('makes nothing from no features, and no zoom past the last', () => {
    expect([...makeTiles([], [0.5, 0.5, 0.51, 0.51])]).toEqual([])
    const zooms = new Set([...makeTiles(features, box, 12)].map((t) => t.z))
    expect(Math.max(...zooms)).toBe(12)
    // Bands given without zoom 0, or out of order, still cover every zoom.
    expect(new Set([...makeTiles(features, box, 15, [13, 11])].map((t) => t.z))).toEqual(
      new Set([...makeTiles(features, box, 15, BAND_ZOOMS)].map((t) => t.z)),
    )
  })

  it('boxes a feature by its points (the outer rings of areas)', () => {
    expect(featureBox({ type: 'Point', coordinates: [0.25, 0.5] })).toEqual([0.25, 0.5, 0.25, 0.5])
    expect(featureBox(line(0, 0.3, 0.4, 0.1, 0.6).geometry)).toEqual([0.1, 0.4, 0.3, 0.6])
    const ring = Float64Array.of(0.1, 0.1, 0.2, 0.1, 0.2, 0.2, 0.1, 0.1)
    const hole = Float64Array.of(0.5, 0.5, 0.6, 0.5, 0.5, 0.5)
    expect(featureBox({ type: 'MultiPolygon', coordinates: [[ring, hole], [ring.map((v) => v + 0.5)]] })).toEqual([
      0.1, 0.1, 0.7, 0.7,
    ])
  })
})
