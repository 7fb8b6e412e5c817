import { describe, expect, it } from 'vitest'
import { SafetyInputError } from './errors.ts'
import { localHour, periodOfHour, timeOfDay } from './time-of-day.ts'

describe('periodOfHour', () => {
  it.each([
    [0, 'night'],
    [4, 'night'],
    [4.99, 'night'],
    [5, 'evening'],
    [6.5, 'evening'],
    [7, 'day'],
    [12, 'day'],
    [17.99, 'day'],
    [18, 'evening'],
    [21.5, 'evening'],
    [22, 'night'],
    [23, 'night'],
  ])('hour %s is %s', (hour, period) => {
    expect(periodOfHour(hour)).toBe(period)
  })

  it.each([-1, 24, Number.NaN, Number.POSITIVE_INFINITY])('rejects hour %s', (hour) => {
    expect(() => periodOfHour(hour)).toThrow(SafetyInputError)
  })
})

describe('timeOfDay', () => {
  it('passes periods through and reads hours', () => {
    expect(timeOfDay('night')).toBe('night')
    expect(timeOfDay(13)).toBe('day')
  })

  it("reads a Date in the region's time zone", () => {
    const instant = new Date('2025-01-15T17:00:00Z') // 22:30 in Mumbai, 18:00 in Heidelberg
    expect(localHour(instant, 'Asia/Kolkata')).toBe(22.5)
    expect(timeOfDay(instant, { timeZone: 'Asia/Kolkata' })).toBe('night')
    expect(timeOfDay(instant, { timeZone: 'Europe/Berlin' })).toBe('evening')
    expect(timeOfDay(new Date('2025-01-15T06:30:00Z'), { timeZone: 'Asia/Kolkata' })).toBe('day')
    expect(localHour(new Date('2025-01-15T18:30:00Z'), 'Asia/Kolkata')).toBe(0) // midnight, not 24
  })

  it('reads a Date in the runtime zone without a time zone', () => {
    const d = new Date(2025, 0, 15, 23, 15)
    expect(localHour(d)).toBe(23.25)
    expect(timeOfDay(d)).toBe('night')
  })

  it('rejects bad input', () => {
    expect(() => timeOfDay('midnight' as never)).toThrow(SafetyInputError)
    expect(() => timeOfDay(new Date('nope'))).toThrow(SafetyInputError)
    expect(() => timeOfDay(new Date(), { timeZone: 'Mars/Olympus' })).toThrow(SafetyInputError)
    expect(() => timeOfDay(undefined as never)).toThrow(SafetyInputError)
  })
})
