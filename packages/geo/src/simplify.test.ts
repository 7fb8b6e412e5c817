import { describe, expect, it } from 'vitest'
import { simplifyLine } from './simplify.ts'

type Line = [number, number][]
const WOBBLY: Line = [
  [0, 0],
  [1, 0.01],
  [2, -0.01],
  [3, 1],
  [4, 0],
]
const CORNER: Line = [
  [0, 0],
  [1, 0.01],
  [2, -0.01],
  [3, 0],
  [3, 3],
]

/** The points of `line` at these indexes. */
const pick = (line: Line, ...at: number[]): Line => at.map((i) => line[i] as [number, number])

describe('simplifyLine', () => {
  it.each<[string, Line, number, Line]>([
    ['keeps the points farther than the tolerance', WOBBLY, 0.05, pick(WOBBLY, 0, 2, 3, 4)],
    ['keeps only the ends of a line within the tolerance', WOBBLY, 2, pick(WOBBLY, 0, 4)],
    ['keeps every point for a tiny tolerance', WOBBLY, 0.001, WOBBLY],
    ['drops the wobbles of a straight stretch before a corner', CORNER, 0.05, pick(CORNER, 0, 3, 4)],
    ['keeps every point of the corner for a tiny tolerance', CORNER, 0.001, CORNER],
    ['leaves a line of two points as it is', WOBBLY.slice(0, 2), 10, WOBBLY.slice(0, 2)],
  ])('%s', (_, line, tolerance, kept) => {
    expect(simplifyLine(line, tolerance)).toEqual(kept)
  })
})
