import { describe, expect, it } from 'vitest'
import { isValidTile } from './tile-math.ts'

// The Web Mercator maths is tested beside it, in packages/geo/src/mercator.test.ts.
describe('tile names', () => {
  it('validates z/x/y', () => {
    expect(isValidTile(0, 0, 0)).toBe(true)
    expect(isValidTile(19, 2 ** 19 - 1, 0)).toBe(true)
    expect(isValidTile(20, 0, 0)).toBe(false)
    expect(isValidTile(-1, 0, 0)).toBe(false)
    expect(isValidTile(2, 4, 0)).toBe(false)
    expect(isValidTile(2, 0, 4)).toBe(false)
    expect(isValidTile(2.5, 0, 0)).toBe(false)
  })
})
