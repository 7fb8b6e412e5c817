import type { NearbyArea, NearbyAreaRow, NearbyWeek } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { DETOUR_FACTOR, localWeekMinute, openFromWeek, placesOffline, WALK_METERS_PER_SECOND } from './offline.ts'

const H = (h: number, m = 0) => h * 60 + m
/** Mo-Sa 09:00-21:00 (Sunday first). */
const SHOP: NearbyWeek = [[], ...Array.from({ length: 6 }, (): [number, number][] => [[H(9), H(21)]])]
/** Fr-Sa 18:00-02:00, split at midnight. */
const LATE: NearbyWeek = [
  [[0, H(2)]],
  [],
  [],
  [],
  [],
  [[H(18), 1440]],
  [
    [0, H(2)],
    [H(18), 1440],
  ],
]
// 2026-11-25 is a Wednesday; Mumbai is UTC+05:30.
const at = (iso: string) => new Date(iso)

describe('opening hours offline, from the week the server sent', () => {
  it('reads the clock of the region, not the phone', () => {
    // 16:00Z is Wednesday 21:30 in Mumbai; 19:00Z is already Thursday 00:30 there.
    expect(localWeekMinute(at('2026-11-25T16:00:00Z'), 'Asia/Kolkata')).toEqual({ day: 3, minute: H(21, 30) })
    expect(localWeekMinute(at('2026-11-25T19:00:00Z'), 'Asia/Kolkata')).toEqual({ day: 4, minute: H(0, 30) })
    expect(localWeekMinute(at('2026-11-25T19:00:00Z'), 'UTC')).toEqual({ day: 3, minute: H(19) })
  })

  it('open, closed, the edges of an interval, and Sunday', () => {
    expect(openFromWeek(SHOP, at('2026-11-25T04:00:00Z'), 'Asia/Kolkata')).toBe(true) // Wed 09:30
    expect(openFromWeek(SHOP, at('2026-11-25T03:30:00Z'), 'Asia/Kolkata')).toBe(true) // Wed 09:00 opens
    expect(openFromWeek(SHOP, at('2026-11-25T15:30:00Z'), 'Asia/Kolkata')).toBe(false) // Wed 21:00 closed
    expect(openFromWeek(SHOP, at('2026-11-29T06:00:00Z'), 'Asia/Kolkata')).toBe(false) // Sun 11:30
    // The same instant is 04:00 in UTC: closed there.
    expect(openFromWeek(SHOP, at('2026-11-25T04:00:00Z'), 'UTC')).toBe(false)
  })

  it('across midnight: Friday night into Saturday morning, Saturday night into Sunday', () => {
    expect(openFromWeek(LATE, at('2026-11-27T19:00:00Z'), 'Asia/Kolkata')).toBe(true) // Sat 00:30
    expect(openFromWeek(LATE, at('2026-11-27T21:00:00Z'), 'Asia/Kolkata')).toBe(false) // Sat 02:30
    expect(openFromWeek(LATE, at('2026-11-28T19:00:00Z'), 'Asia/Kolkata')).toBe(true) // Sun 00:30
    expect(openFromWeek(LATE, at('2026-11-25T19:00:00Z'), 'Asia/Kolkata')).toBe(false) // Thu 00:30
  })

  it('unknown for hours the server could not send as a week', () => {
    expect(openFromWeek([], at('2026-11-25T04:00:00Z'), 'Asia/Kolkata')).toBeUndefined()
  })
})

// She stands at Grant Road; the places are due north (1e-5 degrees of latitude is about 1.11 m).
const HER = { lat: 18.96, lon: 72.82 }
const row = (kind: string, name: string, north: number, week: NearbyAreaRow[6] = [], phone = ''): NearbyAreaRow => [
  kind,
  kind === 'open' ? 'pharmacy' : kind,
  name,
  Math.round((HER.lat + north / 111_195) * 1e5),
  Math.round(HER.lon * 1e5),
  phone,
  week,
]
const pack = (rows: NearbyAreaRow[], bbox: NearbyArea['bbox'] = [72.8, 18.94, 72.84, 18.98]): NearbyArea => ({
  v: 1,
  timeZone: 'Asia/Kolkata',
  dataDate: '',
  bbox,
  rows,
})
const WED_MORNING = at('2026-11-25T04:00:00Z')
const WED_NIGHT = at('2026-11-25T16:00:00Z')

describe('the places offline', () => {
  it('sorts by straight line times the detour factor, and says how long on foot at 4.5 km/h', () => {
    const places = placesOffline(
      [
        pack([
          row('police', 'Far Chowki', 900),
          row('police', 'Near Police', 300, [], '+91 22 2307 1234'),
          row('hospital', 'Mid Hospital', 600),
        ]),
      ],
      HER.lat,
      HER.lon,
      WED_MORNING,
    )
    expect(places.map((p) => p.name)).toEqual(['Near Police', 'Mid Hospital', 'Far Chowki'])
    const near = places[0]
    expect(near?.distanceMeters).toBeGreaterThan(300 * DETOUR_FACTOR - 5)
    expect(near?.distanceMeters).toBeLessThan(300 * DETOUR_FACTOR + 5)
    expect(near?.walkingSeconds).toBe(Math.round((near?.distanceMeters ?? 0) / WALK_METERS_PER_SECOND))
    expect(near).toMatchObject({ kind: 'police', category: 'police', phone: '+91 22 2307 1234' })
    expect(near?.openNow).toBeUndefined()
    expect(places[1]?.phone).toBeUndefined()
  })

  it('lists an open place only while its hours say open, in the region zone', () => {
    const rows = [
      row('police', 'Police', 500),
      row('open', 'Day Pharmacy', 200, SHOP),
      row('open', 'Unknown Hours', 100),
    ]
    expect(placesOffline([pack(rows)], HER.lat, HER.lon, WED_MORNING).map((p) => `${p.name}:${p.openNow}`)).toEqual([
      'Day Pharmacy:true',
      'Police:undefined',
    ])
    expect(placesOffline([pack(rows)], HER.lat, HER.lon, WED_NIGHT).map((p) => p.name)).toEqual(['Police'])
  })

  it('uses only packs covering her, takes a place in two packs once, keeps 5 per kind and nothing beyond 5 km', () => {
    const a = pack([row('police', 'P1', 100), row('police', 'P2', 200)])
    const b = pack([
      row('police', 'P2', 200),
      row('police', 'P3', 300),
      row('police', 'P4', 400),
      row('police', 'P5', 500),
      row('police', 'P6', 600),
      row('hospital', 'Far', 4000),
    ])
    const elsewhere = pack([row('police', 'Bandra', 50)], [72.8, 19.0, 72.9, 19.1])
    const places = placesOffline([a, b, elsewhere], HER.lat, HER.lon, WED_MORNING)
    expect(places.map((p) => p.name)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5'])
    expect(placesOffline([elsewhere], HER.lat, HER.lon, WED_MORNING)).toEqual([])
  })
})
