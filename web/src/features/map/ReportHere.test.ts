import { describe, expect, it } from 'vitest'
import { wrapLon } from './ReportHere.tsx'

describe('wrapLon', () => {
  it('brings a longitude from a copy of the world back into -180..180', () => {
    expect(wrapLon(72.83)).toBeCloseTo(72.83)
    expect(wrapLon(72.83 + 360)).toBeCloseTo(72.83)
    expect(wrapLon(-200)).toBeCloseTo(160)
    expect(wrapLon(180)).toBe(-180)
  })
})
