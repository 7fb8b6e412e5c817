/**
 * How a route card differs from the first one (the fastest), in plain words built from the route's own fields:
 * "4 min longer, 2 more lit streets, avoids 1 reported place".
 */
import { t } from './messages.ts'
import type { ShownRoute } from './state.ts'

/** Whole minutes between two durations in seconds; under half a minute is "about the same time". */
function timeDifference(seconds: number): string | null {
  const minutes = Math.round(seconds / 60)
  if (minutes === 0) return null
  return minutes > 0 ? t('minLonger', { n: minutes }) : t('minShorter', { n: -minutes })
}

/** The differences of `route` from `first`, most telling first; [] when there are none worth saying. */
export function routeDifferences(route: ShownRoute, first: ShownRoute): string[] {
  const parts: string[] = []
  const time = timeDifference(route.summary.duration - first.summary.duration)
  if (time) parts.push(time)
  const score = route.safetyScore - first.safetyScore
  if (score !== 0) parts.push(score > 0 ? t('pointsSafer', { n: score }) : t('pointsLessSafe', { n: -score }))
  const a = route.safety
  const b = first.safety
  if (a && b) {
    const lit = a.litStreets - b.litStreets
    if (lit !== 0) parts.push(t(lit > 0 ? 'moreLit' : 'fewerLit', { n: Math.abs(lit) }))
    const unlit = a.unlitStreets - b.unlitStreets
    if (unlit !== 0) parts.push(t(unlit > 0 ? 'moreUnlit' : 'fewerUnlit', { n: Math.abs(unlit) }))
    const incidents = b.incidentsNearby - a.incidentsNearby
    if (incidents > 0) parts.push(t('avoidsReported', { n: incidents }))
    else if (incidents < 0) parts.push(t('passesReported', { n: -incidents }))
  }
  return parts
}

/** The card's sentence: for the first route what it is, for the others how they differ from it. */
export function differenceText(route: ShownRoute, index: number, first: ShownRoute | undefined): string {
  if (index === 0 || !first) return t('diffFirst')
  const parts = routeDifferences(route, first)
  if (parts.length === 0) return t('diffSame')
  const text = t('diffSentence', { parts: parts.join(', ') })
  return text.charAt(0).toUpperCase() + text.slice(1)
}
