/**
 * The region's vector tiles drawn in Leaflet by protomaps-leaflet (canvas tiles, labels placed without collisions
 * across tiles), each data tile fetched through the tile cache (tileCache.ts), so the map she has seen and the areas
 * she saved draw offline. Each tile canvas says where its data came from in `data-source` ('cache' or 'network').
 */
import { VectorTile } from '@mapbox/vector-tile'
import { VECTOR_TILE_LEVEL_DIFF, VECTOR_TILE_MAX_ZOOM } from '@wings/contract'
import * as L from 'leaflet'
import Protobuf from 'pbf'
import { type Feature, leafletLayer, TileCache, type TileSource, View, type Zxy } from 'protomaps-leaflet'
import { labelRules, paintRules } from './mapStyle.ts'
import { loadTile, tileUrl } from './tileCache.ts'

/** A tile's layers as protomaps-leaflet draws them: geometry in pixels of a `tileSize` tile. */
export function parseVectorTile(data: ArrayBuffer, tileSize: number): Map<string, Feature[]> {
  const tile = new VectorTile(new Protobuf(new Uint8Array(data)))
  const layers = new Map<string, Feature[]>()
  for (const [name, layer] of Object.entries(tile.layers)) {
    const scale = tileSize / layer.extent
    const features: Feature[] = []
    for (let i = 0; i < layer.length; i++) {
      const f = layer.feature(i)
      const geom = f.loadGeometry().map((ring) => ring.map((p) => p.mult(scale)))
      let minX = Number.POSITIVE_INFINITY
      let minY = Number.POSITIVE_INFINITY
      let maxX = Number.NEGATIVE_INFINITY
      let maxY = Number.NEGATIVE_INFINITY
      let numVertices = 0
      for (const ring of geom) {
        numVertices += ring.length
        for (const p of ring) {
          minX = Math.min(minX, p.x)
          minY = Math.min(minY, p.y)
          maxX = Math.max(maxX, p.x)
          maxY = Math.max(maxY, p.y)
        }
      }
      features.push({
        props: f.properties as Feature['props'],
        bbox: { minX, minY, maxX, maxY },
        geomType: f.type as Feature['geomType'],
        geom,
        numVertices,
      })
    }
    layers.set(name, features)
  }
  return layers
}

/** Data tiles through the tile cache; remembers which came from it. */
export class CachedVectorSource implements TileSource {
  readonly fromCache = new Map<string, boolean>()
  constructor(
    private readonly template: string,
    private readonly version: string,
  ) {}

  async get(c: Zxy, tileSize: number): Promise<Map<string, Feature[]>> {
    const tile = await loadTile(tileUrl(this.template, c.z, c.x, c.y), this.version)
    this.fromCache.set(`${c.z}/${c.x}/${c.y}`, tile.fromCache)
    return parseVectorTile(tile.data, tileSize)
  }
}

export interface VectorTileLayerOptions {
  version: string
  attribution: string
  lang?: string
  className?: string
}

/** The vector map layer for a {z}/{x}/{y}.mvt template. */
export function createVectorTileLayer(template: string, options: VectorTileLayerOptions): L.GridLayer {
  // protomaps-leaflet extends the global L (Leaflet 1.x's way) when it makes a layer.
  ;(globalThis as { L?: typeof L }).L ??= L
  const source = new CachedVectorSource(template, options.version)
  const view = new View(
    new TileCache(source, 256 << VECTOR_TILE_LEVEL_DIFF),
    VECTOR_TILE_MAX_ZOOM,
    VECTOR_TILE_LEVEL_DIFF,
  )
  const layer = leafletLayer({
    url: template,
    attribution: options.attribution,
    paintRules: paintRules(),
    labelRules: labelRules(options.lang),
    maxDataZoom: VECTOR_TILE_MAX_ZOOM,
    className: options.className,
    lang: options.lang,
  }) as unknown as L.GridLayer & {
    views: Map<string, InstanceType<typeof View>>
    createTile(coords: L.Coords, done: L.DoneCallback): HTMLElement
  }
  // The layer would fetch tiles itself; ours go through the tile cache.
  layer.views = new Map([['', view]])
  const create = layer.createTile.bind(layer)
  layer.createTile = (coords, done) =>
    create(coords, (error, tile) => {
      const { dataTile } = view.dataTileForDisplayTile(coords)
      const cached = source.fromCache.get(`${dataTile.z}/${dataTile.x}/${dataTile.y}`)
      if (tile && cached !== undefined) tile.dataset.source = cached ? 'cache' : 'network'
      done(error, tile)
    })
  return layer
}
