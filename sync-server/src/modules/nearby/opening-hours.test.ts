import { describe, expect, it } from 'vitest'
import { helpOf, phoneOf } from './import.ts'
import { openAt, parseHours, wallClock, weekOf, withoutHolidays } from './opening-hours.ts'

const MUMBAI = [18.96, 72.82] as const
const hours = (value: string | null) => parseHours(value, ...MUMBAI)
const at = (iso: string) => wallClock(new Date(iso), 'Asia/Kolkata')

describe('opening hours', () => {
  it('reads the time in the region zone, whatever the server zone', () => {
    const local = at('2026-11-25T16:00:00Z')
    expect([local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes()]).toEqual([
      2026, 10, 25, 21, 30,
    ])
    // Past midnight in Mumbai while it is still the day before in UTC.
    expect(at('2026-11-25T19:00:00Z').getDate()).toBe(26)
  })

  it('tells open, closed, and unknown', () => {
    const shop = hours('Mo-Sa 09:00-21:00; Su off')
    expect(openAt(shop, at('2026-11-25T04:00:00Z'))).toBe(true) // Wednesday 09:30
    expect(openAt(shop, at('2026-11-25T16:00:00Z'))).toBe(false) // Wednesday 21:30
    expect(openAt(shop, at('2026-11-29T06:00:00Z'))).toBe(false) // Sunday 11:30
    expect(openAt(hours('24/7'), at('2026-11-25T21:00:00Z'))).toBe(true)
    // Past midnight, and "unknown" for a place that says it may be open.
    const late = hours('18:00-02:00')
    expect(openAt(late, at('2026-11-25T19:00:00Z'))).toBe(true) // 00:30
    expect(openAt(hours('Mo-Su 10:00-20:00 unknown'), at('2026-11-25T06:00:00Z'))).toBeUndefined()
  })

  it('drops public-holiday rules it cannot know, and gives up on values it cannot read', () => {
    expect(openAt(hours('Mo-Su 08:00-23:00; PH off'), at('2026-11-25T04:00:00Z'))).toBe(true)
    expect(withoutHolidays('Mo-Fr,PH 09:00-18:00; SH,Sa 10:00-12:00; PH off')).toBe('Mo-Fr 09:00-18:00; Sa 10:00-12:00')
    expect(openAt(hours('Mo-Fr,PH 09:00-18:00'), at('2026-11-25T04:00:00Z'))).toBe(true)
    expect(hours('PH off')).toBeNull()
    expect(hours('call us')).toBeNull()
    expect(hours('')).toBeNull()
    expect(hours(null)).toBeNull()
    expect(openAt(null, at('2026-11-25T04:00:00Z'))).toBeUndefined()
  })
})

describe('what counts as help', () => {
  it('police and hospitals always, other places only with opening hours', () => {
    expect(helpOf({ amenity: 'police' })).toEqual({ kind: 'police', category: 'police' })
    expect(helpOf({ healthcare: 'hospital', building: 'yes' })).toEqual({ kind: 'hospital', category: 'hospital' })
    expect(helpOf({ amenity: 'fuel', opening_hours: '24/7' })).toEqual({ kind: 'open', category: 'fuel' })
    expect(helpOf({ tourism: 'hotel', opening_hours: '24/7' })).toEqual({ kind: 'open', category: 'hotel' })
    expect(helpOf({ amenity: 'clinic', opening_hours: 'Mo-Fr 10:00-13:00' })).toEqual({
      kind: 'open',
      category: 'clinic',
    })
    expect(helpOf({ shop: 'bakery', opening_hours: '07:00-22:00' })).toEqual({ kind: 'open', category: 'shop' })
    expect(helpOf({ shop: 'bakery' })).toBeNull()
    expect(helpOf({ tourism: 'hotel' })).toBeNull()
    expect(helpOf({ shop: 'vacant', opening_hours: '24/7' })).toBeNull()
    expect(helpOf({ amenity: 'restaurant', opening_hours: '24/7' })).toBeNull()
  })

  it('keeps the first phone number', () => {
    expect(phoneOf({ phone: '+91 22 2307 1234;+91 22 2307 9999' })).toBe('+91 22 2307 1234')
    expect(phoneOf({ 'contact:phone': ' 100 ' })).toBe('100')
    expect(phoneOf({ phone: 'none' })).toBeNull()
    expect(phoneOf({})).toBeNull()
  })
})

describe('opening hours as a week, for the phone offline', () => {
  const day = (from: number, to: number) => [from * 60, to * 60]
  it('gives seven lists, Sunday first, of local minutes', () => {
    const week = weekOf(hours('Mo-Sa 09:00-21:00; Su off'))
    expect(week).toEqual([[], [day(9, 21)], [day(9, 21)], [day(9, 21)], [day(9, 21)], [day(9, 21)], [day(9, 21)]])
    expect(weekOf(hours('24/7'))).toEqual(Array.from({ length: 7 }, () => [[0, 1440]]))
  })

  it('splits hours past midnight at midnight, Saturday night into Sunday morning included', () => {
    const week = weekOf(hours('Fr-Sa 18:00-02:00'))
    expect(week?.[5]).toEqual([day(18, 24)])
    expect(week?.[6]).toEqual([day(0, 2), day(18, 24)])
    expect(week?.[0]).toEqual([day(0, 2)])
    expect(week?.[1]).toEqual([])
  })

  it('is null for hours it cannot tell offline: unreadable, unknown, or changing with the months or the sun', () => {
    expect(weekOf(hours(null))).toBeNull()
    expect(weekOf(hours('call us'))).toBeNull()
    expect(weekOf(hours('Mo-Su 10:00-20:00 unknown'))).toBeNull()
    expect(weekOf(hours('Jan-Mar 09:00-17:00; Apr-Dec 10:00-18:00'))).toBeNull()
    expect(weekOf(hours('sunrise-sunset'))).toBeNull()
  })
})
