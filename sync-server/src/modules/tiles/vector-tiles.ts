/**
 * Map features -> Mapbox Vector Tiles (MVT 2.1), with @maplibre/geojson-vt (clipping to tiles, simplifying for each
 * zoom, dropping what is too small to see) and @maplibre/vt-pbf (protobuf encoding). One index per layer; a feature
 * goes into the tiles of its `minzoom` and above.
 */
import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt'
import { fromGeojsonVt } from '@maplibre/vt-pbf'
import { VECTOR_TILE_MAX_ZOOM } from '@wings/contract'
import { metresPerWorldUnit, simplifyLine } from '@wings/geo'
import type { Box, Pt } from './coastline.ts'
import { type Geometry, type MapFeature, unpackCoords } from './map-reader.ts'
import type { LayerName, Props } from './map-tags.ts'

/** Layers in drawing order (the app's style draws them in its own order; this one is for reading a tile). */
export const LAYERS: readonly (LayerName | 'road_labels')[] = [
  'earth',
  'water',
  'landuse',
  'buildings',
  'transit',
  'roads',
  'road_labels',
  'places',
  'pois',
]
/**
 * Named streets again, simplified to within about 3 m, for their names only: a name is written along a stretch that
 * bends by less than a few degrees, and the drawn streets (kept exact for zooms 16-19) bend at every vertex.
 */
const LABEL_TOLERANCE_M = 3

export const TILE_EXTENT = 4096
/** 512 px tiles: a 64-unit buffer is 8 px, enough for the widest road and its casing. */
export const TILE_BUFFER = 64

/** The tiles of zoom z that touch a world box. */
export function tilesOver([x0, y0, x1, y1]: Box, z: number): { x0: number; y0: number; x1: number; y1: number } {
  const n = 2 ** z
  const cell = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v * n)))
  return { x0: cell(x0), y0: cell(y0), x1: cell(x1), y1: cell(y1) }
}

/** A map feature's geometry as GeoJSON (what geojson-vt reads), made for one index and dropped with it. */
function toGeoJSON(g: Geometry): GeoJSON.Geometry {
  switch (g.type) {
    case 'Point':
      return g
    case 'LineString':
      return { type: 'LineString', coordinates: unpackCoords(g.coordinates) }
    case 'Polygon':
      return { type: 'Polygon', coordinates: g.coordinates.map(unpackCoords) }
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(unpackCoords)) }
  }
}

function index(features: GeoJSON.Feature[], maxZoom: number): GeoJSONVT {
  return new GeoJSONVT(
    { type: 'FeatureCollection', features },
    {
      maxZoom,
      indexMaxZoom: 5,
      extent: TILE_EXTENT,
      buffer: TILE_BUFFER,
      tolerance: 2,
      coordinates: 'unitSquare',
      wrap: false,
    },
  )
}

export class VectorTiler {
  private readonly indexes = new Map<LayerName | 'road_labels', GeoJSONVT>()
  private readonly minzoom = new WeakMap<object, number>()

  constructor(
    features: readonly MapFeature[],
    readonly maxZoom = VECTOR_TILE_MAX_ZOOM,
  ) {
    // One layer's GeoJSON at a time: its [x, y] arrays are garbage once its index is made.
    const byLayer = new Map<LayerName, MapFeature[]>()
    for (const f of features) {
      const list = byLayer.get(f.layer)
      if (list) list.push(f)
      else byLayer.set(f.layer, [f])
    }
    for (const [layer, list] of byLayer) {
      const out: GeoJSON.Feature[] = []
      const labels: GeoJSON.Feature[] = []
      for (const f of list) {
        const geometry = toGeoJSON(f.geometry)
        out.push(this.feature({ ...f.props }, f.minzoom, geometry))
        if (geometry.type === 'LineString' && layer === 'roads' && (f.props.name || f.props['name:en'])) {
          const line = geometry.coordinates as Pt[]
          const metres = metresPerWorldUnit((line[0] as Pt)[1])
          const { kind, ...rest } = f.props
          const label: Props = { kind: kind as string }
          for (const k in rest) if (k.startsWith('name')) label[k] = rest[k] as string
          const simple = simplifyLine(line, LABEL_TOLERANCE_M / metres)
          labels.push(this.feature(label, f.minzoom, { type: 'LineString', coordinates: simple }))
        }
      }
      this.indexes.set(layer, index(out, maxZoom))
      if (labels.length > 0) this.indexes.set('road_labels', index(labels, maxZoom))
    }
  }

  private feature(props: Props, minzoom: number, geometry: GeoJSON.Geometry): GeoJSON.Feature {
    this.minzoom.set(props, minzoom)
    return { type: 'Feature', properties: props, geometry }
  }

  /** Tile z/x/y as MVT bytes; empty when nothing of the map is in it. */
  tile(z: number, x: number, y: number): Uint8Array {
    const layers: Record<string, GeoJSONVTTile> = {}
    let any = false
    for (const name of LAYERS) {
      const tile = this.indexes.get(name)?.getTile(z, x, y)
      if (!tile) continue
      const features = tile.features.filter(
        (f) => (this.minzoom.get(f.tags as object) ?? 0) <= z,
      ) as typeof tile.features
      if (features.length === 0) continue
      layers[name] = { ...tile, features }
      any = true
    }
    if (!any) return new Uint8Array(0)
    return fromGeojsonVt(layers, { version: 2, extent: TILE_EXTENT })
  }
}
