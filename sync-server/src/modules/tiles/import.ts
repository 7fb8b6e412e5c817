/** The import step that writes `tiles.bin` (roads from the graph, areas from the extracts) into the new region. */
import { join } from 'node:path'
import type { OsmArea, OsmExtract, RoadGraph } from '@wings/routing'
import type { ImportStep } from '../region/import-step.ts'
import { BUILDING_MIN_ZOOM, KIND_BUILDING, KIND_GREEN, KIND_WATER, ROAD_KIND, roadStyle } from './style.ts'
import { type FeatureInput, packTileData, TILES_FILE, type TileData, writeTileData } from './tile-data.ts'
import { latToWorldY, lonToWorldX, MAX_ZOOM, TILE_SIZE } from './tile-math.ts'

const AREA_KIND = { green: KIND_GREEN, water: KIND_WATER, building: KIND_BUILDING } as const

/** The zoom from which a feature `size` world units across is at least 2 pixels. */
function sizeZoom(size: number): number {
  if (size <= 0) return MAX_ZOOM
  return Math.max(0, Math.min(MAX_ZOOM, Math.ceil(Math.log2(2 / (size * TILE_SIZE)))))
}

/** The features and region box (world units) of a graph and its extracts' areas. */
export function buildTileData(graph: RoadGraph, extracts: OsmExtract[], builtAt = Date.now()): TileData {
  const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
  const region: [number, number, number, number] = [
    lonToWorldX(minLon),
    latToWorldY(maxLat),
    lonToWorldX(maxLon),
    latToWorldY(minLat),
  ]
  const features: FeatureInput[] = []

  const seen = new Set<string>()
  for (const extract of extracts) {
    for (const area of extract.areas as OsmArea[]) {
      if (seen.has(area.id)) continue
      seen.add(area.id)
      const parts: Float64Array[] = []
      let x0 = 1
      let y0 = 1
      let x1 = 0
      let y1 = 0
      for (const ring of area.rings) {
        const part = new Float64Array(ring.length)
        for (let i = 0; i + 1 < ring.length; i += 2) {
          const x = lonToWorldX((ring[i + 1] as number) / 1e7)
          const y = latToWorldY((ring[i] as number) / 1e7)
          part[i] = x
          part[i + 1] = y
          x0 = Math.min(x0, x)
          y0 = Math.min(y0, y)
          x1 = Math.max(x1, x)
          y1 = Math.max(y1, y)
        }
        parts.push(part)
      }
      // Areas wholly outside the region (long coast or border relations) are never drawn.
      if (x1 < region[0] || x0 > region[2] || y1 < region[1] || y0 > region[3]) continue
      const kind = AREA_KIND[area.kind]
      let minZoom = sizeZoom(Math.max(x1 - x0, y1 - y0))
      if (kind === KIND_BUILDING) minZoom = Math.max(BUILDING_MIN_ZOOM, minZoom)
      features.push({ kind, minZoom, order: kind, parts })
    }
  }

  for (let e = 0; e < graph.edgeCount; e++) {
    const cls = graph.edgeClass[e] as number
    const style = roadStyle(cls)
    const start = graph.edgeShapeStart[e] as number
    const end = graph.edgeShapeStart[e + 1] as number
    const part = new Float64Array(2 * (end - start + 2))
    const put = (k: number, lat: number, lon: number) => {
      part[2 * k] = lonToWorldX(lon / 1e7)
      part[2 * k + 1] = latToWorldY(lat / 1e7)
    }
    const from = graph.edgeFrom[e] as number
    const to = graph.edgeTo[e] as number
    put(0, graph.nodeLat[from] as number, graph.nodeLon[from] as number)
    for (let i = start; i < end; i++) put(i - start + 1, graph.shapeLat[i] as number, graph.shapeLon[i] as number)
    put(end - start + 1, graph.nodeLat[to] as number, graph.nodeLon[to] as number)
    features.push({ kind: ROAD_KIND + cls, minZoom: style.minZoom, order: 100 + style.rank, parts: [part] })
  }
  return packTileData(features, region, builtAt)
}

/**
 * Writes `tiles.bin` into the new region folder. The extracts must have been read with `{ areas: true }`.
 * The import time in the file (the graph's createdAt) feeds the tiles' ETags, so a new import changes them all.
 */
export const tilesImportStep: ImportStep = ({ extracts, graph, dir }) => {
  for (const x of extracts) {
    if (x.areas === undefined)
      throw new Error(
        `Map tiles need the water, green and building areas of ${x.source}: read it with readOsmPbf(file, { areas: true })`,
      )
  }
  const builtAt = Date.parse(graph.meta.createdAt)
  const data = buildTileData(graph, extracts, Number.isFinite(builtAt) ? builtAt : Date.now())
  writeTileData(join(dir, TILES_FILE), data)
}
