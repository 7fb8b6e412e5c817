/**
 * Her position from the phone for the SOS, and, when there is none, which failure it was and what she can do about
 * it: a denied permission, a fix that timed out and a position unavailable have different remedies.
 */
import { type KnownPosition, lastKnownPosition, rememberPosition } from './lastPosition.ts'
import { t } from './messages.ts'
import { SOS_LOCATE_TIMEOUT_MS, type SosPlace } from './sos.ts'

export type LocationProblem = 'denied' | 'timeout' | 'unavailable' | 'unsupported'

/**
 * What each failure means and what to do, in her language when read. Denied starts with the spec's text;
 * unsupported is the spec's.
 */
export const LocationText: Readonly<Record<LocationProblem, string>> = {
  get denied() {
    return t('locationDenied')
  },
  get timeout() {
    return t('locationTimeout')
  },
  get unavailable() {
    return t('locationUnavailable')
  },
  get unsupported() {
    return t('noGeolocation')
  },
}

/** A GeolocationPositionError's code as one of the problems (1 denied, 3 timeout, anything else unavailable). */
export function locationProblemOf(error: unknown): LocationProblem {
  const code = (error as { code?: unknown } | null)?.code
  return code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable'
}

export const hasGeolocation = () => typeof navigator !== 'undefined' && Boolean(navigator.geolocation)

/** A fresh fix: high accuracy, at most SOS_LOCATE_TIMEOUT_MS. */
export function locate(timeout = SOS_LOCATE_TIMEOUT_MS): Promise<KnownPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude, accuracy: p.coords.accuracy, at: Date.now() }),
      reject,
      { enableHighAccuracy: true, timeout, maximumAge: 30_000 },
    )
  })
}

/** Where she is: a fresh fix, else the last known position (with its age) and which failure kept the fix away. */
export async function findPlace(): Promise<{ place: SosPlace; problem: LocationProblem | null }> {
  let problem: LocationProblem = 'unsupported'
  if (hasGeolocation()) {
    try {
      const position = await locate()
      void rememberPosition(position)
      return { place: { position, stale: false }, problem: null }
    } catch (error) {
      problem = locationProblemOf(error)
    }
  }
  const last = await lastKnownPosition()
  return { place: { position: last, stale: last !== null }, problem }
}

/** Whether the browser already says no to her location (Permissions API; unknown counts as not denied). */
export async function locationDenied(): Promise<boolean> {
  if (!hasGeolocation()) return true
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' })
    return status?.state === 'denied'
  } catch {
    return false
  }
}

/** After a timeout or an unavailable position the SOS keeps asking: every this many ms while it runs. */
export const RELOCATE_MS = 5_000
