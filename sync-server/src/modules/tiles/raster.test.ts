import { describe, expect, it } from 'vitest'
import { Raster } from './raster.ts'

const RED = 0xff0000
const px = (r: Raster, x: number, y: number) => [...r.data.subarray((y * r.width + x) * 4, (y * r.width + x) * 4 + 4)]
const alphaAt = (r: Raster, x: number, y: number) => r.data[(y * r.width + x) * 4 + 3] as number

describe('Raster.fillPolygon', () => {
  it('fills exactly the pixels of a pixel-aligned square', () => {
    const r = new Raster(32, 32)
    r.fillPolygon([Float64Array.of(4, 4, 12, 4, 12, 12, 4, 12)], [4], { rgb: RED })
    let filled = 0
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) {
        const inside = x >= 4 && x < 12 && y >= 4 && y < 12
        expect(px(r, x, y)).toEqual(inside ? [255, 0, 0, 255] : [0, 0, 0, 0])
        if (inside) filled++
      }
    }
    expect(filled).toBe(64)
  })

  it('anti-aliases a half-covered edge and leaves an even-odd hole', () => {
    const r = new Raster(32, 32)
    r.fillPolygon(
      [Float64Array.of(2.5, 2, 20, 2, 20, 20, 2.5, 20), Float64Array.of(8, 8, 14, 8, 14, 14, 8, 14)],
      [4, 4],
      { rgb: RED },
    )
    expect(alphaAt(r, 2, 10)).toBeGreaterThan(120)
    expect(alphaAt(r, 2, 10)).toBeLessThan(136)
    expect(alphaAt(r, 3, 10)).toBe(255)
    expect(alphaAt(r, 10, 10)).toBe(0) // the hole
    expect(alphaAt(r, 6, 10)).toBe(255)
  })

  it('clips shapes reaching beyond the raster', () => {
    const r = new Raster(16, 16)
    r.fillPolygon([Float64Array.of(-100, -100, 100, -100, 100, 100, -100, 100)], [4], { rgb: RED })
    for (let i = 0; i < 16 * 16; i++) expect(r.data[i * 4 + 3]).toBe(255)
  })
})

describe('Raster.strokePolyline', () => {
  it('draws a horizontal line w pixels wide', () => {
    for (const w of [2, 4, 6]) {
      const r = new Raster(64, 64)
      r.strokePolyline(Float64Array.of(10, 32, 50, 32), 2, w, { rgb: RED })
      // Down the middle column: w fully covered pixels centred on y = 32, nothing beyond half a pixel more.
      const column = Array.from({ length: 64 }, (_, y) => alphaAt(r, 30, y))
      expect(column.filter((a) => a === 255)).toHaveLength(w)
      expect(column.slice(32 - w / 2, 32 + w / 2).every((a) => a === 255)).toBe(true)
      expect(column.filter((a) => a > 0).length).toBeLessThanOrEqual(w + 2)
      // Round caps: the line reaches w/2 past its ends, and not further.
      expect(alphaAt(r, 10 - w / 2 + 0, 32)).toBeGreaterThan(0)
      expect(alphaAt(r, 50 + w / 2 + 1, 32)).toBe(0)
    }
  })

  it('covers a diagonal line evenly, and a shared joint is not drawn twice', () => {
    const r = new Raster(64, 64)
    r.strokePolyline(Float64Array.of(5, 5, 30, 30, 55, 5), 3, 4, { rgb: 0x00ff00, alpha: 0.5 })
    // Half opacity everywhere inside the line, the joint included (max coverage, not a sum).
    expect(alphaAt(r, 30, 29)).toBe(128)
    expect(alphaAt(r, 17, 17)).toBe(128)
    expect(alphaAt(r, 30, 10)).toBe(0)
  })

  it('draws a sub-pixel line at a lower opacity', () => {
    const r = new Raster(16, 16)
    r.strokePolyline(Float64Array.of(0, 8, 16, 8), 2, 0.5, { rgb: RED })
    const a = alphaAt(r, 8, 7) + alphaAt(r, 8, 8)
    expect(a).toBeGreaterThan(100)
    expect(a).toBeLessThan(160)
  })
})
