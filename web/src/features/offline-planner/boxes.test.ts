import { OFFLINE_AREA_MAX_DEGREES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import {
  areaQuery,
  type Box,
  boxAround,
  clip,
  contains,
  holds,
  MAX_DEGREES,
  PIECE_OVERLAP_DEGREES,
  piecesOf,
} from './boxes.ts'

describe('the boxes kept', () => {
  it('a trip box holds both ends and about 1 km around them', () => {
    const box = boxAround(
      [
        [18.9633, 72.8148],
        [18.9767, 72.8333],
      ],
      1000,
    )
    expect(holds(box, [18.9633, 72.8148])).toBe(true)
    expect(holds(box, [18.9767, 72.8333])).toBe(true)
    expect(box[1]).toBeCloseTo(18.9633 - 0.00898, 4)
    // A degree of longitude is shorter at 19° N: the margin takes more of them.
    expect(72.8148 - box[0]).toBeGreaterThan(18.9633 - box[1])
  })

  it('a box within 0.1° is one piece, a larger one pieces of at most 0.1° that overlap and cover it', () => {
    const small: Box = [72.8, 18.9, 72.85, 18.98]
    expect(piecesOf(small)).toEqual([small])
    const large: Box = [72.8, 18.9, 73.05, 19.12]
    const pieces = piecesOf(large)
    expect(pieces.length).toBe(9)
    for (const [w, s, e, n] of pieces) {
      expect(e - w).toBeLessThan(OFFLINE_AREA_MAX_DEGREES)
      expect(n - s).toBeLessThan(OFFLINE_AREA_MAX_DEGREES)
    }
    // Every point of the large box is in a piece; neighbours overlap, so a short trip across a line fits one.
    for (let i = 0; i <= 20; i++)
      for (let j = 0; j <= 20; j++) {
        const point: [number, number] = [18.9 + (0.22 * i) / 20, 72.8 + (0.25 * j) / 20]
        expect(pieces.some((p) => holds(p, point))).toBe(true)
      }
    const [first, second] = pieces as [Box, Box]
    expect(first[2] - second[0]).toBeCloseTo(PIECE_OVERLAP_DEGREES, 9)
    expect(areaQuery(first)).toMatch(/^south=18\.90000&west=72\.80000&north=[\d.]+&east=[\d.]+$/)
  })

  it("keeps to the server's limit", () => {
    expect(MAX_DEGREES).toBe(OFFLINE_AREA_MAX_DEGREES)
  })

  it('clips to the region and says when a box is outside it', () => {
    expect(clip([72.7, 18.9, 72.85, 19], [72.8, 18.8, 72.9, 19.1])).toEqual([72.8, 18.9, 72.85, 19])
    expect(clip([70, 10, 71, 11], [72.8, 18.8, 72.9, 19.1])).toBeNull()
    expect(contains([72.8, 18.8, 72.9, 19.1], [72.81, 18.9, 72.85, 19])).toBe(true)
    expect(contains([72.8, 18.8, 72.9, 19.1], [72.7, 18.9, 72.85, 19])).toBe(false)
  })
})
