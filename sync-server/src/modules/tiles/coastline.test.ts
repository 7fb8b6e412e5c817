import { describe, expect, it } from 'vitest'
import { type Box, joinChains, type Pt, pointInRing, screenArea, seaPolygons } from './coastline.ts'

const BOX: Box = [0, 0, 10, 10]
const area = (polygon: Pt[][]) =>
  polygon.reduce((sum, ring, i) => sum + (i === 0 ? 1 : -1) * Math.abs(screenArea(ring)), 0)
const open = (points: Pt[]) => ({ closed: false, points })
/** The first sea polygon of one open coast through `points`. */
const seaOf = (...points: Pt[]) => seaPolygons([open(points)], BOX)[0] as Pt[][]
/** A closed 2 by 2 island in the middle of the box, wound counter-clockwise (a new one each time). */
const island = () => ({
  closed: true,
  points: counterClockwise([
    [4, 4],
    [4, 6],
    [6, 6],
    [6, 4],
    [4, 4],
  ]),
})

function counterClockwise(ring: Pt[]): Pt[] {
  return screenArea(ring) < 0 ? ring : [...ring].reverse()
}

describe('seaPolygons', () => {
  it('puts the sea on the right of a coastline that crosses the box (land on its left, as OSM draws them)', () => {
    // Eastwards along y = 5 (y grows southwards): land to the north, sea to the south.
    const sea = seaOf([0, 5], [10, 5])
    expect(area(sea)).toBeCloseTo(50)
    expect(pointInRing([5, 8], sea[0] as Pt[])).toBe(true)
    expect(pointInRing([5, 2], sea[0] as Pt[])).toBe(false)
    // The same coast walked the other way has the sea to the north.
    const north = seaOf([10, 5], [0, 5])
    expect(pointInRing([5, 2], north[0] as Pt[])).toBe(true)
  })

  it('turns the corners of the box', () => {
    // Southwards from the top, then east to the right edge: land on the left is the top-right corner.
    const sea = seaOf([6, 0], [6, 4], [10, 4])
    expect(area(sea)).toBeCloseTo(84)
    expect(pointInRing([8, 2], sea[0] as Pt[])).toBe(false)
    expect(pointInRing([2, 8], sea[0] as Pt[])).toBe(true)
  })

  it('joins two coasts into separate sea polygons and keeps islands as holes', () => {
    const polygons = seaPolygons(
      [
        open([
          [0, 3],
          [10, 3],
        ]),
        open([
          [10, 7],
          [0, 7],
        ]),
        island(),
      ],
      BOX,
    )
    // Between the two coasts lies water (y 3..7), with the island (4 units) as a hole.
    expect(polygons).toHaveLength(1)
    expect(area(polygons[0] as Pt[][])).toBeCloseTo(40 - 4)
  })

  it('makes the whole box sea around an island when no coast crosses it, and nothing without coastlines', () => {
    const [sea] = seaPolygons([island()], BOX)
    expect(area(sea as Pt[][])).toBeCloseTo(96)
    expect(seaPolygons([], BOX)).toEqual([])
  })

  it('carries a coast cut short by the extract on to the nearest edge', () => {
    const polygons = seaPolygons(
      [
        open([
          [0, 9],
          [5, 9],
          [5, 9.5],
        ]),
      ],
      BOX,
    )
    expect(polygons).toHaveLength(1)
    expect(Math.abs(screenArea((polygons[0] as Pt[][])[0] as Pt[]))).toBeGreaterThan(0)
  })
})

describe('joinChains', () => {
  it('joins ways end to start and says which chains close', () => {
    const chains = joinChains([
      {
        from: 2,
        to: 3,
        points: [
          [1, 0],
          [2, 0],
        ],
      },
      {
        from: 1,
        to: 2,
        points: [
          [0, 0],
          [1, 0],
        ],
      },
      {
        from: 7,
        to: 8,
        points: [
          [0, 5],
          [1, 5],
        ],
      },
      {
        from: 8,
        to: 7,
        points: [
          [1, 5],
          [0, 5],
        ],
      },
    ])
    expect(chains).toContainEqual({
      closed: false,
      points: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
    })
    expect(chains.find((c) => c.closed)?.points).toHaveLength(3)
  })
})
