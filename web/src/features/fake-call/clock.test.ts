import { describe, expect, it } from 'vitest'
import { callLength, countdown } from './clock.ts'

describe('the times a call shows', () => {
  it('counts a call as mm:ss', () => {
    expect(callLength(0)).toBe('00:00')
    expect(callLength(7_999)).toBe('00:07')
    expect(callLength(65_000)).toBe('01:05')
    expect(callLength(61 * 60_000 + 30_000)).toBe('61:30')
    expect(callLength(-5_000)).toBe('00:00')
  })

  it('counts down to the call as m:ss, rounding up', () => {
    expect(countdown(10_000)).toBe('0:10')
    expect(countdown(9_001)).toBe('0:10')
    expect(countdown(245_000)).toBe('4:05')
    expect(countdown(-1)).toBe('0:00')
  })
})
