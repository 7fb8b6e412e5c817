import { offsetNorth } from '@wings/geo'
import { describe, expect, it } from 'vitest'
import { clockText, metersBetween, minutesSpan, nextClockTime } from './format.ts'

describe('share formats', () => {
  it('writes times as HH:MM, 24-hour, in local time', () => {
    expect(clockText(new Date(2026, 0, 5, 7, 4))).toBe('07:04')
    expect(clockText(new Date(2026, 0, 5, 18, 30).getTime())).toBe('18:30')
    expect(clockText(new Date(2026, 0, 5, 0, 0).toISOString())).toBe('00:00')
  })

  it('writes spans in hours and minutes', () => {
    expect(minutesSpan(45)).toBe('45 min')
    expect(minutesSpan(60)).toBe('1 h')
    expect(minutesSpan(225)).toBe('3 h 45 min')
  })

  it('measures tens of metres', () => {
    const a = { lat: 18.956, lon: 72.8156 }
    expect(metersBetween(a, offsetNorth(a, 30))).toBeCloseTo(30, 0)
    expect(metersBetween(a, a)).toBe(0)
  })

  it('reads a typed time as the next time it falls', () => {
    const now = new Date(2026, 0, 5, 23, 50)
    expect(nextClockTime('00:30', now)).toEqual(new Date(2026, 0, 6, 0, 30))
    expect(nextClockTime('23:55', now)).toEqual(new Date(2026, 0, 5, 23, 55))
    // A few minutes gone stays today (the form says it has passed).
    expect(nextClockTime('23:40', now)).toEqual(new Date(2026, 0, 5, 23, 40))
    expect(nextClockTime('24:00', now)).toBeNull()
    expect(nextClockTime('', now)).toBeNull()
  })
})
