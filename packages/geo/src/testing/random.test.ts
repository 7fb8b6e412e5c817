import { describe, expect, it } from 'vitest'
import { seededRandom } from './random.ts'

describe('seededRandom', () => {
  it('repeats its numbers for a seed, in [0, 1)', () => {
    const a = Array.from({ length: 1000 }, seededRandom(7))
    expect(Array.from({ length: 1000 }, seededRandom(7))).toEqual(a)
    expect(Array.from({ length: 3 }, seededRandom(8))).not.toEqual(a.slice(0, 3))
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true)
  })

  it('draws the known mulberry32 sequence (tests and benchmarks depend on it)', () => {
    const next = seededRandom(1)
    expect([next(), next()]).toEqual([0.6270739405881613, 0.002735721180215478])
  })
})
