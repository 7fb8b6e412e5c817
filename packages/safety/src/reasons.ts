import { ACCIDENT, CROWD, computeFeatureFactors } from './edge-factors.ts'
import { type EdgeFeatures, validateEdgeFeatures } from './edge-features.ts'
import { SafetyInputError } from './errors.ts'
import { scoreOfScratch } from './risk.ts'
import { BAND_HOURS } from './service-hours.ts'
import { type TimeInput, type TimeOfDay, type TimeOptions, timeOfDay } from './time-of-day.ts'

export interface RouteEdge {
  /** Length in metres (>= 0). */
  length: number
  features: EdgeFeatures
}

export interface LowestScoreStretch {
  /** Length-weighted score of the stretch, rounded to a whole number. */
  score: number
  /** Length of the stretch in metres, rounded. */
  meters: number
  /** The stretch is `edges.slice(startIndex, endIndex)`. */
  startIndex: number
  endIndex: number
}

export interface RouteSafetySummary {
  /** Length-weighted mean of the edges' scores, rounded to a whole number (the model's honest score, unaltered). */
  score: number
  /** The period the route was scored for. */
  timeOfDay: TimeOfDay
  lengthMeters: number
  /** Metres on streets tagged lit=no. */
  unlitMeters: number
  /** Metres whose lighting is not mapped (neither lit nor unlit is claimed for them). */
  unknownLightingMeters: number
  /** The weakest part of the route: at least {@link STRETCH_MIN_METERS} long (or the whole route if shorter). */
  lowestScoreStretch: LowestScoreStretch
  /** Short human reasons, concerns first, at most {@link MAX_REASONS}. */
  reasons: string[]
}

export interface RouteSummaryOptions extends TimeOptions {
  /** Distinct reported incidents near the route (the server counts them; edges only carry a density). */
  incidentsNearby?: number
  /** Of those, the ones reported at night (22:00-04:59 local); said after dark only. */
  nightIncidentsNearby?: number
}

/** The lowest-score stretch is the weakest window of at least this many metres... */
export const STRETCH_MIN_METERS = 100
/** ...grown over neighbouring edges that score no more than this many points above it. */
export const STRETCH_TOLERANCE = 5
export const MAX_REASONS = 5

/** Minimum metres before an unlit or fast stretch is worth a reason. */
const NOTABLE_METERS = 50
/** crowd_density at or above which a street counts as busy, below which as quiet. */
const BUSY_CROWD = 55
const QUIET_CROWD = 20
/** accident_rate at or above which a street counts as fast, heavy traffic for someone on foot. */
const FAST_ACCIDENT = 60

/** '420 m' or '1.2 km'; metres rounded to 10. */
export function formatDistance(meters: number): string {
  if (meters >= 1000) return `${(Math.round(meters / 100) / 10).toFixed(1).replace(/\.0$/, '')} km`
  return `${Math.max(10, Math.round(meters / 10) * 10)} m`
}

const scratch = new Float64Array(5)

/**
 * Scores a route (its edges in order) at a time and explains it: length-weighted score, unlit and unknown-lighting
 * metres, the weakest stretch and short reasons ('Mostly lit streets', '420 m without street lights', ...).
 * Throws {@link SafetyInputError} for no edges, a bad length, bad features or a bad time.
 */
export function routeSafetySummary(
  edges: readonly RouteEdge[],
  time: TimeInput,
  options: RouteSummaryOptions = {},
): RouteSafetySummary {
  const period = timeOfDay(time, options)
  if (!Array.isArray(edges) || edges.length === 0) {
    throw new SafetyInputError('edges', 'A route needs at least one edge')
  }
  const incidents = options.incidentsNearby
  if (incidents !== undefined && (!Number.isInteger(incidents) || incidents < 0)) {
    throw new SafetyInputError('incidentsNearby', 'Incidents nearby must be a whole number of at least 0')
  }
  const nightIncidents = options.nightIncidentsNearby
  if (nightIncidents !== undefined && (!Number.isInteger(nightIncidents) || nightIncidents < 0)) {
    throw new SafetyInputError('nightIncidentsNearby', 'Night incidents nearby must be a whole number of at least 0')
  }

  const n = edges.length
  const scores = new Float64Array(n)
  const lengths = new Float64Array(n)
  let total = 0
  let weighted = 0
  let lit = 0
  let unlit = 0
  let unknown = 0
  let busy = 0
  let busyWithPlaces = 0
  let quiet = 0
  let fast = 0
  let noSidewalk = 0
  let help = 0
  let open24h = 0
  let ratingSum = 0
  let rated = 0
  // Places closed at this band: an edge's count is of places near it, so consecutive edges share some; only what an
  // edge adds over the previous one is counted (a lower estimate, never a double count).
  let closed = 0
  let unserved = 0
  let prevClosed = 0
  for (let i = 0; i < n; i++) {
    const edge = edges[i] as RouteEdge
    const length = edge?.length
    if (typeof length !== 'number' || !Number.isFinite(length) || length < 0) {
      throw new SafetyInputError(`edges[${i}].length`, 'Edge length must be a number of metres of at least 0')
    }
    const f = validateEdgeFeatures(edge.features)
    computeFeatureFactors(f, period, scratch)
    const score = scoreOfScratch(period, scratch, f.ratingFeedback ?? 0)
    scores[i] = score
    lengths[i] = length
    total += length
    weighted += score * length
    if (f.lit === 'yes') lit += length
    else if (f.lit === 'no') unlit += length
    else unknown += length
    const crowd = scratch[CROWD] as number
    if (crowd >= BUSY_CROWD) {
      busy += length
      if ((f.shops ?? 0) + (f.food ?? 0) + (f.transport ?? 0) > 0) busyWithPlaces += length
    } else if (crowd < QUIET_CROWD) quiet += length
    if ((scratch[ACCIDENT] as number) >= FAST_ACCIDENT) fast += length
    if (f.sidewalk === 'no') noSidewalk += length
    if ((f.help ?? 0) > 0) help++
    if ((f.open24h ?? 0) > 0) open24h++
    if (period !== 'day') {
      const open = (period === 'night' ? f.openNight : f.openEvening) ?? 0
      const c = Math.max(0, (f.hoursShops ?? 0) + (f.hoursFood ?? 0) - open)
      closed += Math.max(0, c - prevClosed)
      prevClosed = c
      if (period === 'night') unserved += f.unservedNight ?? 0
    }
    if (f.ratingFeedback !== undefined && f.ratingFeedback !== 0) {
      ratingSum += f.ratingFeedback * length
      rated += length
    }
  }

  // A route of zero-length edges (start and end snapped together) is scored as a plain mean.
  const score = total > 0 ? weighted / total : scores.reduce((a, b) => a + b, 0) / n
  const share = (m: number) => (total > 0 ? m / total : 0)

  const concerns: string[] = []
  const positives: string[] = []
  const dark = period !== 'day'
  if (incidents !== undefined && incidents > 0) {
    concerns.push(incidents === 1 ? '1 reported incident nearby' : `${incidents} reported incidents nearby`)
  }
  if (dark && nightIncidents !== undefined && nightIncidents > 0) {
    concerns.push(nightIncidents === 1 ? '1 report here was at night' : `${nightIncidents} reports here were at night`)
  }
  if (dark && unlit >= NOTABLE_METERS) concerns.push(`${formatDistance(unlit)} without street lights`)
  if (quiet >= NOTABLE_METERS && share(quiet) >= 0.25) {
    concerns.push(
      period === 'night'
        ? `${formatDistance(quiet)} of empty streets at this hour`
        : `${formatDistance(quiet)} of quiet, empty streets`,
    )
  }
  if (fast >= NOTABLE_METERS) concerns.push(`${formatDistance(fast)} along fast, heavy traffic`)
  if (noSidewalk >= NOTABLE_METERS) concerns.push(`${formatDistance(noSidewalk)} without a footpath`)
  if (dark && share(unknown) >= 0.5) concerns.push('Street lighting is not mapped for most of the route')

  if (dark && share(lit) >= 0.7) positives.push('Mostly lit streets')
  if (share(busy) >= 0.5)
    positives.push(busyWithPlaces >= 0.5 * busy ? 'Busy streets with shops and stops' : 'Busy streets')
  if (period === 'night' && open24h > 0) positives.push('24-hour places open along the way')
  if (help > 0) positives.push('Police or medical help nearby')
  if (rated > 0 && share(rated) >= 0.25) {
    const mean = ratingSum / rated
    if (mean >= 0.3) positives.push('Rated safe by other users')
    else if (mean <= -0.3) concerns.push('Rated unsafe by other users')
  }
  // Last of the concerns: what closes after dark explains the crowd and light above, it is not a risk of its own.
  if (dark && closed > 0) {
    const hour = `${period === 'night' ? BAND_HOURS.night : BAND_HOURS.evening}:00`
    concerns.push(
      closed === 1
        ? `1 shop or café on this route is closed by ${hour}`
        : `${closed} shops and cafés on this route are closed by ${hour}`,
    )
  }
  // Stops are often mapped twice (pole and platform, both sides of the road): their number would mislead, not inform.
  if (unserved > 0) concerns.push(`Stops on this route are not served after ${BAND_HOURS.night}:00`)
  if (incidents === 0) positives.push('No incidents reported nearby')

  return {
    score: Math.round(score),
    timeOfDay: period,
    lengthMeters: Math.round(total),
    unlitMeters: Math.round(unlit),
    unknownLightingMeters: Math.round(unknown),
    lowestScoreStretch: lowestStretch(scores, lengths, total),
    reasons: [...concerns, ...positives].slice(0, MAX_REASONS),
  }
}

/** The window of consecutive edges (>= STRETCH_MIN_METERS, or the whole route) with the lowest weighted score, grown over similar neighbours. */
function lowestStretch(scores: Float64Array, lengths: Float64Array, total: number): LowestScoreStretch {
  const n = scores.length
  const minMeters = Math.min(STRETCH_MIN_METERS, total)
  let best = Number.POSITIVE_INFINITY
  let bestStart = 0
  let bestEnd = n
  if (total <= 0) {
    // No lengths: the single lowest edge.
    for (let i = 0; i < n; i++) {
      if ((scores[i] as number) < best) {
        best = scores[i] as number
        bestStart = i
        bestEnd = i + 1
      }
    }
    return { score: Math.round(best), meters: 0, startIndex: bestStart, endIndex: bestEnd }
  }
  // Two pointers: for each start, the shortest window reaching minMeters.
  let end = 0
  let meters = 0
  let sum = 0
  for (let start = 0; start < n; start++) {
    while (end < n && (meters < minMeters || end === start)) {
      meters += lengths[end] as number
      sum += (scores[end] as number) * (lengths[end] as number)
      end++
    }
    if (meters < minMeters) break
    const mean = meters > 0 ? sum / meters : (scores[start] as number)
    if (mean < best - 1e-9) {
      best = mean
      bestStart = start
      bestEnd = end
    }
    meters -= lengths[start] as number
    sum -= (scores[start] as number) * (lengths[start] as number)
  }
  // Grow over neighbours that are about as weak.
  let m = 0
  let s = 0
  for (let i = bestStart; i < bestEnd; i++) {
    m += lengths[i] as number
    s += (scores[i] as number) * (lengths[i] as number)
  }
  const limit = best + STRETCH_TOLERANCE
  while (bestStart > 0 && (scores[bestStart - 1] as number) <= limit) {
    bestStart--
    m += lengths[bestStart] as number
    s += (scores[bestStart] as number) * (lengths[bestStart] as number)
  }
  while (bestEnd < n && (scores[bestEnd] as number) <= limit) {
    m += lengths[bestEnd] as number
    s += (scores[bestEnd] as number) * (lengths[bestEnd] as number)
    bestEnd++
  }
  return { score: Math.round(m > 0 ? s / m : best), meters: Math.round(m), startIndex: bestStart, endIndex: bestEnd }
}
