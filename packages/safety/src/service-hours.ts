/**
 * What is open and served after dark, read at import per place (docs/safety-model.md, section 2): the hour that
 * stands for each dark band, and when stops are served when their own tags do not say.
 */
import { openAtHour } from './opening-hours.ts'

/**
 * The clock hour that stands for each dark band: a place open then counts as open for the whole band. 20:00 is the
 * dusk half of the evening, when most people walk home; 23:00 is the first full hour of the night (22:00-04:59),
 * after which a shop closed at 23:00 stays closed.
 */
export const BAND_HOURS = { evening: 20, night: 23 } as const

/**
 * Hours a stop is served when untagged, [from, to) in hours (to past 24 = after midnight). Mumbai's defaults: BEST
 * buses run about 06:00-23:00 (a few night routes aside), suburban trains about 04:30-01:00.
 */
export const STOP_SERVICE = {
  bus: [6, 23],
  rail: [4.5, 25],
} as const

type Tags = Readonly<Record<string, string | undefined>>

const RAIL = new Set(['station', 'halt', 'subway_entrance', 'tram_stop'])

/** Whether a stop or station is served at `hour`: its own opening_hours when readable, else its kind's service hours. */
export function servedAtHour(tags: Tags, hour: number): boolean {
  const own = openAtHour(tags.opening_hours, hour)
  if (own !== null) return own
  const rail = RAIL.has(tags.railway ?? '') || tags.train === 'yes' || tags.subway === 'yes'
  const [from, to] = rail ? STOP_SERVICE.rail : STOP_SERVICE.bus
  return (hour >= from && hour < to) || hour + 24 < to
}
