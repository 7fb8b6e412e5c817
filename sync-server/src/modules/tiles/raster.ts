/**
 * A small software rasterizer for map tiles: anti-aliased even-odd polygon fill (4 sub-scanlines per pixel row,
 * exact horizontal coverage) and anti-aliased thick polylines with round joins and caps (distance to the segment),
 * composited "source over" onto RGBA bytes. Coordinates are pixels, (0, 0) the top-left corner of the top-left
 * pixel, so pixel (i, j) has its centre at (i + 0.5, j + 0.5).
 */

/** 0xRRGGBB plus an opacity 0..1. */
export interface Paint {
  rgb: number
  alpha?: number
}

const SUB = 4

export class Raster {
  readonly data: Uint8Array
  /** Per-pixel coverage of the shape being drawn (lines), cleared after each shape over its dirty box. */
  private readonly cover: Float32Array
  /** One row of polygon coverage. */
  private readonly rowCover: Float32Array

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4)
    this.cover = new Float32Array(width * height)
    this.rowCover = new Float32Array(width + 1)
  }

  clear(): void {
    this.data.fill(0)
  }

  /** Fills the pixels of [x0, x1) x [y0, y1) (rounded to whole pixels) with an opaque colour. */
  fillRect(x0: number, y0: number, x1: number, y1: number, rgb: number): void {
    const ax = Math.max(0, Math.round(x0))
    const bx = Math.min(this.width, Math.round(x1))
    const ay = Math.max(0, Math.round(y0))
    const by = Math.min(this.height, Math.round(y1))
    const r = (rgb >> 16) & 255
    const g = (rgb >> 8) & 255
    const b = rgb & 255
    const d = this.data
    for (let y = ay; y < by; y++) {
      for (let x = ax; x < bx; x++) {
        const o = (y * this.width + x) * 4
        d[o] = r
        d[o + 1] = g
        d[o + 2] = b
        d[o + 3] = 255
      }
    }
  }

  private blend(o: number, c: number, r: number, g: number, b: number): void {
    const d = this.data
    const i = o * 4
    const dr = d[i] ?? 0
    const dg = d[i + 1] ?? 0
    const db = d[i + 2] ?? 0
    const da = d[i + 3] ?? 0
    d[i] = dr + (r - dr) * c + 0.5
    d[i + 1] = dg + (g - dg) * c + 0.5
    d[i + 2] = db + (b - db) * c + 0.5
    d[i + 3] = da + (255 - da) * c + 0.5
  }

  /**
   * Fills the even-odd interior of rings (each a flat [x0, y0, x1, y1, ...] array of `lengths[k]` points; a ring
   * need not repeat its first point).
   */
  fillPolygon(rings: Float64Array[], lengths: number[], paint: Paint): void {
    // Edges, with y0 < y1 (horizontal ones never cross a scanline).
    let n = 0
    for (const len of lengths) n += len
    const ex0 = new Float64Array(n)
    const ey0 = new Float64Array(n)
    const ex1 = new Float64Array(n)
    const ey1 = new Float64Array(n)
    let m = 0
    let minY = Number.POSITIVE_INFINITY
    let maxY = Number.NEGATIVE_INFINITY
    for (let k = 0; k < rings.length; k++) {
      const ring = rings[k] as Float64Array
      const len = lengths[k] ?? 0
      for (let i = 0; i < len; i++) {
        const j = i + 1 === len ? 0 : i + 1
        const ax = ring[2 * i] as number
        const ay = ring[2 * i + 1] as number
        const bx = ring[2 * j] as number
        const by = ring[2 * j + 1] as number
        if (ay === by) continue
        if (ay < by) {
          ex0[m] = ax
          ey0[m] = ay
          ex1[m] = bx
          ey1[m] = by
        } else {
          ex0[m] = bx
          ey0[m] = by
          ex1[m] = ax
          ey1[m] = ay
        }
        minY = Math.min(minY, ay, by)
        maxY = Math.max(maxY, ay, by)
        m++
      }
    }
    if (m === 0) return
    const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => (ey0[a] as number) - (ey0[b] as number))
    const rowStart = Math.max(0, Math.floor(minY))
    const rowEnd = Math.min(this.height, Math.ceil(maxY))
    const active: number[] = []
    const xs: number[] = []
    let next = 0
    const cover = this.rowCover
    const W = this.width
    const alpha = paint.alpha ?? 1
    const r = (paint.rgb >> 16) & 255
    const g = (paint.rgb >> 8) & 255
    const b = paint.rgb & 255
    for (let row = rowStart; row < rowEnd; row++) {
      let lo = W
      let hi = -1
      for (let s = 0; s < SUB; s++) {
        const sy = row + (s + 0.5) / SUB
        while (next < m && (ey0[order[next] as number] as number) <= sy) active.push(order[next++] as number)
        let k = 0
        xs.length = 0
        for (const e of active) {
          const y1 = ey1[e] as number
          if (y1 <= sy) continue
          active[k++] = e
          const y0 = ey0[e] as number
          const x0 = ex0[e] as number
          xs.push(x0 + ((sy - y0) * ((ex1[e] as number) - x0)) / (y1 - y0))
        }
        active.length = k
        if (xs.length < 2) continue
        xs.sort((a, b) => a - b)
        for (let i = 0; i + 1 < xs.length; i += 2) {
          const a = Math.max(0, xs[i] as number)
          const bb = Math.min(W, xs[i + 1] as number)
          if (bb <= a) continue
          const ia = Math.floor(a)
          const ib = Math.floor(bb)
          if (ia < lo) lo = ia
          if (ib > hi) hi = ib
          if (ia === ib) {
            cover[ia] = (cover[ia] as number) + (bb - a) / SUB
            continue
          }
          cover[ia] = (cover[ia] as number) + (ia + 1 - a) / SUB
          for (let x = ia + 1; x < ib; x++) cover[x] = (cover[x] as number) + 1 / SUB
          cover[ib] = (cover[ib] as number) + (bb - ib) / SUB
        }
      }
      const base = row * W
      for (let x = lo; x <= hi && x < W; x++) {
        const c = Math.min(1, cover[x] as number) * alpha
        cover[x] = 0
        if (c > 0.002) this.blend(base + x, c, r, g, b)
      }
      if (hi === W) cover[W] = 0
    }
  }

  /**
   * Strokes a polyline (flat [x0, y0, x1, y1, ...], `count` points) `width` pixels wide with round joins and caps.
   * Lines thinner than a pixel are drawn one pixel wide at a matching lower opacity.
   */
  strokePolyline(pts: Float64Array, count: number, width: number, paint: Paint): void {
    if (count < 1 || width <= 0) return
    const W = this.width
    const H = this.height
    const opacity = (paint.alpha ?? 1) * Math.min(1, width)
    const rad = Math.max(1, width) / 2
    const reach = rad + 0.5
    const cover = this.cover
    let bx0 = W
    let by0 = H
    let bx1 = -1
    let by1 = -1
    for (let i = 0; i < Math.max(1, count - 1); i++) {
      const ax = pts[2 * i] as number
      const ay = pts[2 * i + 1] as number
      const j = count === 1 ? i : i + 1
      const bx = pts[2 * j] as number
      const by = pts[2 * j + 1] as number
      const yMin = Math.max(0, Math.floor(Math.min(ay, by) - reach))
      const yMax = Math.min(H - 1, Math.ceil(Math.max(ay, by) + reach))
      if (yMin > yMax || Math.max(ax, bx) + reach < 0 || Math.min(ax, bx) - reach > W) continue
      const dx = bx - ax
      const dy = by - ay
      const len2 = dx * dx + dy * dy
      for (let py = yMin; py <= yMax; py++) {
        const cy = py + 0.5
        // The x range of the segment within reach of this row, widened by the reach.
        let xa: number
        let xb: number
        if (Math.abs(dy) < 1e-9) {
          xa = Math.min(ax, bx)
          xb = Math.max(ax, bx)
        } else {
          const t0 = Math.min(1, Math.max(0, (cy - reach - ay) / dy))
          const t1 = Math.min(1, Math.max(0, (cy + reach - ay) / dy))
          xa = Math.min(ax + dx * t0, ax + dx * t1)
          xb = Math.max(ax + dx * t0, ax + dx * t1)
        }
        const xMin = Math.max(0, Math.floor(xa - reach))
        const xMax = Math.min(W - 1, Math.ceil(xb + reach))
        if (xMin > xMax) continue
        if (xMin < bx0) bx0 = xMin
        if (xMax > bx1) bx1 = xMax
        if (py < by0) by0 = py
        if (py > by1) by1 = py
        const base = py * W
        for (let px = xMin; px <= xMax; px++) {
          const cx = px + 0.5
          let t = len2 > 0 ? ((cx - ax) * dx + (cy - ay) * dy) / len2 : 0
          t = Math.max(0, Math.min(1, t))
          const qx = ax + dx * t - cx
          const qy = ay + dy * t - cy
          const c = reach - Math.sqrt(qx * qx + qy * qy)
          if (c <= 0) continue
          const v = Math.min(1, c)
          if (v > (cover[base + px] as number)) cover[base + px] = v
        }
      }
    }
    if (bx1 < 0) return
    const r = (paint.rgb >> 16) & 255
    const g = (paint.rgb >> 8) & 255
    const b = paint.rgb & 255
    for (let py = by0; py <= by1; py++) {
      const base = py * W
      for (let px = bx0; px <= bx1; px++) {
        const c = cover[base + px] as number
        if (c === 0) continue
        cover[base + px] = 0
        this.blend(base + px, c * opacity, r, g, b)
      }
    }
  }
}
