/** Draws one 256 px tile from TileData onto a Raster. */
import { Raster } from './raster.ts'
import {
  BUILDING,
  BUILDING_EDGE,
  GREEN,
  KIND_BUILDING,
  KIND_GREEN,
  KIND_WATER,
  LAND,
  ROAD_KIND,
  roadStyle,
  roadWidth,
  WATER,
} from './style.ts'
import type { TileData } from './tile-data.ts'
import { TILE_SIZE } from './tile-math.ts'

/** Extra pixels around the tile whose features are still drawn (wide roads and casings reach in from outside). */
const MARGIN_PX = 48

export class TileRenderer {
  readonly raster = new Raster(TILE_SIZE, TILE_SIZE)
  private readonly stamp: Uint32Array
  private generation = 0

  constructor(readonly data: TileData) {
    this.stamp = new Uint32Array(data.featureCount)
  }

  /** Whether the tile touches the region at all; tiles that do not are served empty. */
  covers(z: number, x: number, y: number): boolean {
    const size = 2 ** (32 - z)
    const [rx0, ry0, rx1, ry1] = this.data.region
    return x * size <= rx1 && (x + 1) * size >= rx0 && y * size <= ry1 && (y + 1) * size >= ry0
  }

  /** The features to draw for a tile, in drawing order. */
  private candidates(z: number, x0: number, y0: number, x1: number, y1: number): number[] {
    const d = this.data
    const out: number[] = []
    const take = (i: number) => {
      if ((d.minZoom[i] as number) > z) return
      const b = 4 * i
      if ((d.featureBox[b] as number) > x1 || (d.featureBox[b + 2] as number) < x0) return
      if ((d.featureBox[b + 1] as number) > y1 || (d.featureBox[b + 3] as number) < y0) return
      out.push(i)
    }
    const shift = 2 ** (32 - d.gridZ)
    const cx0 = Math.max(0, Math.floor(x0 / shift) - d.gridX0)
    const cy0 = Math.max(0, Math.floor(y0 / shift) - d.gridY0)
    const cx1 = Math.min(d.gridW - 1, Math.floor(x1 / shift) - d.gridX0)
    const cy1 = Math.min(d.gridH - 1, Math.floor(y1 / shift) - d.gridY0)
    if (cx0 > cx1 || cy0 > cy1) return out
    const cells = (cx1 - cx0 + 1) * (cy1 - cy0 + 1)
    const first = d.cellStart[cy0 * d.gridW + cx0] as number
    if (cells * 16 > d.featureCount || first === undefined) {
      // A low zoom over much of the region: scanning every feature once is cheaper than de-duplicating cells.
      for (let i = 0; i < d.featureCount; i++) take(i)
      return out
    }
    this.generation = (this.generation + 1) >>> 0
    if (this.generation === 0) {
      this.stamp.fill(0)
      this.generation = 1
    }
    const g = this.generation
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        const c = cy * d.gridW + cx
        for (let k = d.cellStart[c] as number; k < (d.cellStart[c + 1] as number); k++) {
          const i = d.cellItems[k] as number
          if (this.stamp[i] === g) continue
          this.stamp[i] = g
          take(i)
        }
      }
    }
    return out.sort((a, b) => a - b)
  }

  /**
   * Renders tile z/x/y into `this.raster` (RGBA; transparent outside the region box). Answers false, leaving the
   * raster untouched, when the tile lies outside the region.
   */
  render(z: number, x: number, y: number): boolean {
    if (!this.covers(z, x, y)) return false
    const d = this.data
    const r = this.raster
    r.clear()
    const scale = 2 ** (z + 8 - 32) // world units -> pixels
    const ox = x * TILE_SIZE
    const oy = y * TILE_SIZE
    const toX = (v: number) => v * scale - ox
    const toY = (v: number) => v * scale - oy
    const [rx0, ry0, rx1, ry1] = d.region
    r.fillRect(toX(rx0), toY(ry0), toX(rx1), toY(ry1), LAND)

    const margin = MARGIN_PX / scale
    const size = 2 ** (32 - z)
    const list = this.candidates(
      z,
      x * size - margin,
      y * size - margin,
      (x + 1) * size + margin,
      (y + 1) * size + margin,
    )

    // Points of part p in pixels, dropping those within `minStep` px of the last kept one.
    const project = (p: number, minStep: number): Float64Array => {
      const s = d.pointStart[p] as number
      const e = d.pointStart[p + 1] as number
      const out = new Float64Array(2 * (e - s))
      let k = 0
      let lx = Number.NaN
      let ly = Number.NaN
      for (let i = s; i < e; i++) {
        const px = toX(d.px[i] as number)
        const py = toY(d.py[i] as number)
        if (i !== e - 1 && Math.abs(px - lx) < minStep && Math.abs(py - ly) < minStep) continue
        out[k++] = px
        out[k++] = py
        lx = px
        ly = py
      }
      return out.subarray(0, k)
    }

    const roads: { cls: number; pts: Float64Array }[] = []
    for (const i of list) {
      const kind = d.kind[i] as number
      const p0 = d.partStart[i] as number
      const p1 = d.partStart[i + 1] as number
      if (kind >= ROAD_KIND) {
        for (let p = p0; p < p1; p++) roads.push({ cls: kind - ROAD_KIND, pts: project(p, 0.5) })
        continue
      }
      const rings: Float64Array[] = []
      const lengths: number[] = []
      for (let p = p0; p < p1; p++) {
        const ring = project(p, 0.7)
        if (ring.length >= 6) {
          rings.push(ring)
          lengths.push(ring.length / 2)
        }
      }
      if (rings.length === 0) continue
      const rgb = kind === KIND_WATER ? WATER : kind === KIND_GREEN ? GREEN : BUILDING
      r.fillPolygon(rings, lengths, { rgb })
      if (kind === KIND_BUILDING && z >= 17) {
        for (const ring of rings) r.strokePolyline(ring, ring.length / 2, 1, { rgb: BUILDING_EDGE, alpha: 0.7 })
      }
    }

    // Roads: every casing first, then every fill, so junctions join cleanly; major classes come last (on top).
    const cased = z >= 13
    for (const road of roads) {
      const style = roadStyle(road.cls)
      const w = roadWidth(style.width, z)
      if (style.casing !== undefined && cased && w >= 2)
        r.strokePolyline(road.pts, road.pts.length / 2, w + Math.max(1.5, w * 0.2), { rgb: style.casing })
    }
    for (const road of roads) {
      const style = roadStyle(road.cls)
      const w = roadWidth(style.width, z)
      const hasCasing = style.casing !== undefined && cased && w >= 2
      // Uncased white roads would vanish on the light land colour: draw them in their casing's grey instead.
      const rgb = !hasCasing && style.casing !== undefined && style.fill === 0xffffff ? style.casing : style.fill
      r.strokePolyline(road.pts, road.pts.length / 2, Math.max(w, 0.6), { rgb })
    }
    return true
  }
}
