/**
 * The deadline of a check-in "when I arrive at ...": where she is now, how long the walk takes (the server's foot
 * routes, or the straight line with a detour when they cannot be had), plus time to spare.
 */
import { SHARE_DESTINATION_MAX } from '@wings/contract'
import { findRoutes } from '../planner/index.ts'
import { hasGeolocation, type KnownPosition, lastKnownPosition, locate, locationProblemOf } from '../sos/index.ts'
import { ARRIVAL_RADIUS_M, type ArrivalPlace, isAt } from './checkInArrival.ts'
import { metersBetween, minutesSpan } from './format.ts'
import { t } from './messages.ts'
import { MAX_CHECKIN_MINUTES } from './session.ts'

/** 4.5 km/h: an ordinary walking pace. */
export const WALK_METERS_PER_SECOND = 1.25
/** Streets are longer than the straight line: used only when no route could be had. */
export const DETOUR_FACTOR = 1.4
/** Time to spare after the walk: a quarter of it, and at least this. */
export const MIN_SPARE_MINUTES = 10
/** A last known position this fresh and precise is used as it is; else the phone is asked. */
const FRESH_FIX_MS = 60_000
const LOCATE_TIMEOUT_MS = 10_000
const ROUTE_TIMEOUT_MS = 8_000

/** In her language at the moment each is read. */
export const ArrivalText = {
  get choosePlace() {
    return t('choosePlace')
  },
  get unsupported() {
    return t('arrivalUnsupported')
  },
  get denied() {
    return t('arrivalDenied')
  },
  get unavailable() {
    return t('arrivalUnavailable')
  },
  get timeout() {
    return t('arrivalTimeout')
  },
  get alreadyThere() {
    return t('alreadyThere', { radius: ARRIVAL_RADIUS_M })
  },
  get tooFar() {
    return t('walkTooFar', { span: minutesSpan(MAX_CHECKIN_MINUTES) })
  },
}

/** Why her position could not be had, in words that say what to do here (a GeolocationPositionError). */
export const positionProblem = (error: unknown): string => ArrivalText[locationProblemOf(error)]

/** Where she is: a fresh, precise last known position, else a new fix. Throws an Error saying what went wrong. */
export async function herPosition(now = Date.now()): Promise<KnownPosition> {
  const known = await lastKnownPosition()
  if (known && now - known.at < FRESH_FIX_MS && known.accuracy <= 100) return known
  if (!hasGeolocation()) throw new Error(ArrivalText.unsupported)
  try {
    return await locate(LOCATE_TIMEOUT_MS)
  } catch (error) {
    throw new Error(positionProblem(error))
  }
}

/** Seconds on foot along the straight line, with the detour streets add. */
export function straightWalkSeconds(from: { lat: number; lon: number }, to: { lat: number; lon: number }): number {
  return (metersBetween(from, to) * DETOUR_FACTOR) / WALK_METERS_PER_SECOND
}

/**
 * Seconds on foot: the longest of the server's foot routes (she may take the safest, not the fastest), or the
 * straight-line estimate when there is none (no connection, outside the mapped region, a server fault).
 */
export async function walkSeconds(from: { lat: number; lon: number }, to: { lat: number; lon: number }) {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ROUTE_TIMEOUT_MS)
  try {
    const routes = await findRoutes(
      { source: [from.lat, from.lon], destination: [to.lat, to.lon], mode: 'foot' },
      controller.signal,
    )
    const longest = Math.max(0, ...routes.map((route) => route.summary.duration))
    return longest > 0 ? longest : straightWalkSeconds(from, to)
  } catch {
    return straightWalkSeconds(from, to)
  } finally {
    clearTimeout(timer)
  }
}

export interface ArrivalDeadline {
  deadline: Date
  walkMinutes: number
  spareMinutes: number
}

/** The walk and time to spare, in whole minutes from `now`; the words saying why not when it is too long. */
export function arrivalDeadline(walk: number, now: number): ArrivalDeadline | string {
  const walkMinutes = Math.max(1, Math.ceil(walk / 60))
  const spareMinutes = Math.max(MIN_SPARE_MINUTES, Math.ceil(walkMinutes / 4))
  if (walkMinutes + spareMinutes > MAX_CHECKIN_MINUTES) return ArrivalText.tooFar
  return { deadline: new Date(now + (walkMinutes + spareMinutes) * 60_000), walkMinutes, spareMinutes }
}

/** Where she is, how long the walk to `place` takes, and the deadline. Throws an Error whose message says why not. */
export async function planArrival(place: ArrivalPlace): Promise<ArrivalDeadline> {
  const here = await herPosition()
  if (isAt(place, { ...here, accuracy: 0 })) throw new Error(ArrivalText.alreadyThere)
  const walk = await walkSeconds(here, place)
  const planned = arrivalDeadline(walk, Date.now())
  if (typeof planned === 'string') throw new Error(planned)
  return planned
}

/** The place as she reads it: the first part of its address ('Crawford Market'), within the server's limit. */
export function placeName(displayName: string): string {
  const first = displayName.split(',')[0]?.trim() || displayName.trim()
  return first.slice(0, SHARE_DESTINATION_MAX)
}
