import { BBOX_MAX_KM2 } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import {
  type Bbox,
  bboxCenter,
  bboxKm2,
  bboxParam,
  boundsOf,
  clampBboxArea,
  intersectBbox,
  metersPerPixel,
  normalizeBbox,
} from './geo.ts'

describe('geo', () => {
  it('measures a box as the server does', () => {
    // 0.1 degree square at the equator: about 11.1 km by 11.1 km.
    expect(bboxKm2([0, -0.05, 0.1, 0.05])).toBeCloseTo(123.64, 1)
    expect(bboxCenter([72.8, 19.0, 73.0, 19.2])).toEqual([19.1, 72.9])
  })

  it('shrinks a box that is too large around its centre, and leaves a small one alone', () => {
    const small: Bbox = [72.8, 19.0, 72.9, 19.1]
    expect(clampBboxArea(small, BBOX_MAX_KM2)).toEqual(small)
    const big: Bbox = [70, 15, 76, 23]
    const clamped = clampBboxArea(big, BBOX_MAX_KM2)
    expect(bboxKm2(clamped)).toBeLessThanOrEqual(BBOX_MAX_KM2)
    expect(bboxKm2(clamped)).toBeGreaterThan(BBOX_MAX_KM2 * 0.9)
    expect(bboxCenter(clamped)[0]).toBeCloseTo(19)
    expect(bboxCenter(clamped)[1]).toBeCloseTo(73)
  })

  it('keeps boxes inside the world', () => {
    expect(normalizeBbox([-200, -95, 190, 91])).toEqual([-180, -90, 180, 90])
  })

  it('intersects boxes', () => {
    expect(intersectBbox([0, 0, 2, 2], [1, 1, 3, 3])).toEqual([1, 1, 2, 2])
    expect(intersectBbox([0, 0, 1, 1], [2, 2, 3, 3])).toBeNull()
  })

  it('finds the bounds of points, padded', () => {
    expect(boundsOf([])).toBeNull()
    const box = boundsOf(
      [
        [19.0, 72.8],
        [19.1, 72.9],
      ],
      0.01,
    )
    expect(box?.map((n) => Number(n.toFixed(6)))).toEqual([72.79, 18.99, 72.91, 19.11])
  })

  it('writes the bbox query parameter with at most 6 decimals', () => {
    expect(bboxParam([72.123456789, 19, -0.0000001, 19.5])).toBe('72.123457,19,0,19.5')
  })

  it('knows how many metres a pixel covers', () => {
    expect(metersPerPixel(0, 0)).toBeCloseTo(156_543.03, 1)
    expect(metersPerPixel(60, 1)).toBeCloseTo(156_543.03 / 4, 1)
  })
})
