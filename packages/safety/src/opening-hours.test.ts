import { describe, expect, it } from 'vitest'
import { openAtHour } from './opening-hours.ts'

describe('openAtHour', () => {
  it('reads the common forms', () => {
    expect(openAtHour('24/7', 3)).toBe(true)
    expect(openAtHour('Mo-Sa 09:00-21:00', 12.5)).toBe(true)
    expect(openAtHour('Mo-Sa 09:00-21:00', 21)).toBe(false)
    expect(openAtHour('Mo-Sa 09:00-21:00; Su off', 23)).toBe(false)
    expect(openAtHour('10:00-22:30', 22)).toBe(true)
    expect(openAtHour('09:00-13:00,17:00-21:00', 15)).toBe(false)
    expect(openAtHour('09:00-13:00,17:00-21:00', 18)).toBe(true)
    expect(openAtHour('Mo-Fr 10:00-20:00; Sa,Su 10:00-23:30', 23)).toBe(true)
    expect(openAtHour('Mo-Su 00:00-24:00', 2)).toBe(true)
  })

  it('follows a range past midnight', () => {
    expect(openAtHour('18:00-02:00', 23)).toBe(true)
    expect(openAtHour('18:00-02:00', 1)).toBe(true)
    expect(openAtHour('18:00-02:00', 3)).toBe(false)
    expect(openAtHour('Fr-Sa 20:00-26:00', 1.5)).toBe(true)
  })

  it('says null (not closed) for a missing or unreadable value', () => {
    expect(openAtHour(undefined, 12)).toBeNull()
    expect(openAtHour('', 12)).toBeNull()
    expect(openAtHour('sunrise-sunset', 12)).toBeNull()
    expect(openAtHour('Mo-Fr', 12)).toBeNull()
    expect(openAtHour('by appointment', 12)).toBeNull()
    expect(openAtHour('25:00-27:00', 1)).toBeNull()
    expect(openAtHour('Su off', 12)).toBe(false)
  })
})
