import { describe, expect, it } from 'vitest'
import { coordsPool, indexOf, labelPoint, packCoords, sortedUnique, unpackCoords } from './map-reader.ts'

describe('the node id table', () => {
  it('keeps each id once, sorted, and finds them (ids past 2^32 too), -1 for the others', () => {
    const big = 2 ** 40 + 7
    const ids = sortedUnique([30, 10, big, 20, 10, 30, 5])
    expect([...ids]).toEqual([5, 10, 20, 30, big])
    expect(indexOf(ids, 5)).toBe(0)
    expect(indexOf(ids, 30)).toBe(3)
    expect(indexOf(ids, big)).toBe(4)
    for (const missing of [0, 11, 31, big + 1, -1]) expect(indexOf(ids, missing)).toBe(-1)
    expect(indexOf(sortedUnique([]), 1)).toBe(-1)
  })
})

describe('packed coordinates', () => {
  it('round-trips points', () => {
    const pts: [number, number][] = [
      [0.1, 0.2],
      [0.3, 0.4],
    ]
    expect([...packCoords(pts)]).toEqual([0.1, 0.2, 0.3, 0.4])
    expect(unpackCoords(packCoords(pts))).toEqual(pts)
    expect(unpackCoords(new Float64Array(0))).toEqual([])
  })

  it('hands out coordinates that do not overlap, from shared chunks, and long lines on their own', () => {
    const take = coordsPool(8)
    const a = take(4)
    const b = take(4)
    const c = take(6)
    const long = take(20)
    a.fill(1)
    b.fill(2)
    c.fill(3)
    long.fill(4)
    expect([...a, ...b, ...c]).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3])
    expect(a.buffer).toBe(b.buffer)
    expect(c.buffer).not.toBe(a.buffer)
    expect(long.length).toBe(20)
    expect(take(0).length).toBe(0)
  })

  it('places a label inside a ring: the centroid, or inside a U where the centroid is not', () => {
    const square = Float64Array.of(0, 0, 4, 0, 4, 4, 0, 4, 0, 0)
    expect(labelPoint(square)).toEqual([2, 2])
    // A U open to the top: its centroid falls in the gap, the label goes into the wider arm's row.
    const u = Float64Array.of(0, 0, 6, 0, 6, 6, 5, 6, 5, 1, 1, 1, 1, 6, 0, 6, 0, 0)
    const [x, y] = labelPoint(u)
    expect(x < 1 || x > 5 || y < 1).toBe(true)
  })
})
