import { describe, expect, it } from 'vitest'
import { decodePolyline, encodePolyline } from './polyline.ts'
import { seededRandom } from './testing/random.ts'

describe('encoded polylines (precision 5)', () => {
  it("matches Google's reference example", () => {
    const pts: [number, number][] = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]
    expect(encodePolyline(pts)).toBe('_p~iF~ps|U_ulLnnqC_mqNvxq`@')
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual(pts)
  })

  it('round-trips random points to 1e-5 degrees', () => {
    const rnd = seededRandom(3)
    const pts = Array.from({ length: 500 }, () => [rnd() * 180 - 90, rnd() * 360 - 180] as [number, number])
    const back = decodePolyline(encodePolyline(pts))
    expect(back).toHaveLength(pts.length)
    for (const [i, [lat, lon]] of pts.entries()) {
      const [blat, blon] = back[i] ?? [Number.NaN, Number.NaN]
      expect(Math.abs(blat - lat)).toBeLessThanOrEqual(0.5e-5 + 1e-12)
      expect(Math.abs(blon - lon)).toBeLessThanOrEqual(0.5e-5 + 1e-12)
    }
    expect(decodePolyline('')).toEqual([])
    expect(encodePolyline([])).toBe('')
  })

  it('rejects malformed input', () => {
    expect(() => decodePolyline('_p~iF~ps|U_')).toThrow(/Malformed polyline/)
    expect(() => decodePolyline('abc\u0001')).toThrow(/Malformed polyline/)
  })
})
