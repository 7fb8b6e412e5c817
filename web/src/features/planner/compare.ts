/**
 * How a route card differs from the first one (the fastest), in plain words built from the route's own fields:
 * "4 min longer, 2 more lit streets, avoids 1 reported place".
 */
import type { ShownRoute } from './state.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Whole minutes between two durations in seconds; under half a minute is "about the same time". */
function timeDifference(seconds: number): string | null {
  const minutes = Math.round(seconds / 60)
  if (minutes === 0) return null
  return minutes > 0 ? `${minutes} min longer` : `${-minutes} min shorter`
}

/** The differences of `route` from `first`, most telling first; [] when there are none worth saying. */
export function routeDifferences(route: ShownRoute, first: ShownRoute): string[] {
  const parts: string[] = []
  const time = timeDifference(route.summary.duration - first.summary.duration)
  if (time) parts.push(time)
  const score = route.safetyScore - first.safetyScore
  if (score !== 0)
    parts.push(
      score > 0 ? `${plural(score, 'point', 'points')} safer` : `${plural(-score, 'point', 'points')} less safe`,
    )
  const a = route.safety
  const b = first.safety
  if (a && b) {
    const lit = a.litStreets - b.litStreets
    if (lit !== 0)
      parts.push(
        `${plural(Math.abs(lit), lit > 0 ? 'more lit street' : 'fewer lit street', lit > 0 ? 'more lit streets' : 'fewer lit streets')}`,
      )
    const unlit = a.unlitStreets - b.unlitStreets
    if (unlit !== 0)
      parts.push(
        plural(
          Math.abs(unlit),
          unlit > 0 ? 'more unlit street' : 'fewer unlit street',
          unlit > 0 ? 'more unlit streets' : 'fewer unlit streets',
        ),
      )
    const incidents = b.incidentsNearby - a.incidentsNearby
    if (incidents > 0) parts.push(`avoids ${plural(incidents, 'reported place', 'reported places')}`)
    else if (incidents < 0) parts.push(`passes ${plural(-incidents, 'more reported place', 'more reported places')}`)
  }
  return parts
}

/** The card's sentence: for the first route what it is, for the others how they differ from it. */
export function differenceText(route: ShownRoute, index: number, first: ShownRoute | undefined): string {
  if (index === 0 || !first) return 'The quickest way: the others are compared with it.'
  const parts = routeDifferences(route, first)
  if (parts.length === 0) return 'Much the same as route 1 in time and safety.'
  const text = `${parts.join(', ')} than route 1.`
  return text.charAt(0).toUpperCase() + text.slice(1)
}
