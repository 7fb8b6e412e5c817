/**
 * Nearest help without a connection (docs/nearby.md, Offline): the places of help kept on the phone for the areas
 * she saved and around where she last looked, sorted by straight-line distance times a detour factor (labelled
 * "about"), open now read from each place's weekly hours in the region's zone. No road graph: online answers replace
 * these.
 */
import {
  NEARBY_KINDS,
  NEARBY_MAX_WALK_METERS,
  type NearbyArea,
  type NearbyKind,
  type NearbyPlace,
  type NearbyWeek,
} from '@wings/contract'
import { equirectangularMetres } from '@wings/geo'

/** Streets are not straight: a walk in a city grid is about this much longer than the straight line. */
export const DETOUR_FACTOR = 1.3
/** 4.5 km/h, the server's walking speed. */
export const WALK_METERS_PER_SECOND = 1.25
/** Places per kind, as the screen asks the server. */
export const OFFLINE_LIMIT = 5

const formats = new Map<string, Intl.DateTimeFormat>()

/** The day of the week (0 Sunday) and the minute of the day at `at` on the clocks of `timeZone`. */
export function localWeekMinute(at: Date, timeZone: string): { day: number; minute: number } {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    })
    formats.set(timeZone, format)
  }
  const parts: Record<string, string> = {}
  for (const p of format.formatToParts(at)) parts[p.type] = p.value
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '')
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) }
}

/** Open at `at` by the week's hours (in `timeZone`); undefined when the week is unknown (empty). */
export function openFromWeek(week: NearbyWeek, at: Date, timeZone: string): boolean | undefined {
  if (week.length !== 7) return undefined
  const { day, minute } = localWeekMinute(at, timeZone)
  return (week[day] ?? []).some(([from, to]) => minute >= from && minute < to)
}

/** Whether the pack's box holds the point. */
export function covers(pack: NearbyArea, lat: number, lon: number): boolean {
  const [west, south, east, north] = pack.bbox
  return lat >= south && lat <= north && lon >= west && lon <= east
}

/**
 * The places of the packs covering her position, each once, nearest first by straight line times DETOUR_FACTOR,
 * `limit` per kind, none beyond the online search's 5 km; `open` places only when their hours say open at `at`.
 */
export function placesOffline(
  packs: readonly NearbyArea[],
  lat: number,
  lon: number,
  at: Date,
  limit = OFFLINE_LIMIT,
): NearbyPlace[] {
  const seen = new Set<string>()
  const all: NearbyPlace[] = []
  for (const pack of packs) {
    if (!covers(pack, lat, lon)) continue
    for (const [kind, category, name, lat5, lon5, phone, week] of pack.rows) {
      const key = `${kind}|${name}|${lat5}|${lon5}`
      if (seen.has(key) || !(NEARBY_KINDS as readonly string[]).includes(kind)) continue
      seen.add(key)
      const openNow = openFromWeek(week, at, pack.timeZone)
      if (kind === 'open' && openNow !== true) continue
      const placeLat = lat5 / 1e5
      const placeLon = lon5 / 1e5
      const distanceMeters = Math.round(equirectangularMetres(lat, lon, placeLat, placeLon) * DETOUR_FACTOR)
      if (distanceMeters > NEARBY_MAX_WALK_METERS) continue
      all.push({
        name,
        kind: kind as NearbyKind,
        category,
        lat: placeLat,
        lon: placeLon,
        distanceMeters,
        walkingSeconds: Math.round(distanceMeters / WALK_METERS_PER_SECOND),
        ...(phone === '' ? {} : { phone }),
        ...(openNow === undefined ? {} : { openNow }),
      })
    }
  }
  all.sort((a, b) => a.distanceMeters - b.distanceMeters)
  const perKind = new Map<string, number>()
  return all.filter((p) => {
    const n = (perKind.get(p.kind) ?? 0) + 1
    perKind.set(p.kind, n)
    return n <= limit
  })
}
