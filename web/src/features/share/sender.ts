/**
 * Sends her position while a share runs: at least every SHARE_POSITION_INTERVAL_SECONDS, and at once when she has
 * moved more than SHARE_MOVE_METERS since the last position sent (but never twice within MIN_SEND_GAP_MS).
 */
import {
  SHARE_ACCURACY_MAX,
  SHARE_MOVE_METERS,
  SHARE_POSITION_INTERVAL_SECONDS,
  type ShareOkResponse,
} from '@wings/contract'
import { ApiError, apiFetch } from '../../api/client.ts'
import { rememberPosition } from '../sos/lastPosition.ts'
import { metersBetween } from './format.ts'
import { endShareLocally, patchShare, type ShareSession } from './session.ts'

export const SEND_INTERVAL_MS = SHARE_POSITION_INTERVAL_SECONDS * 1000
/** Moving fast still sends no more often than this. */
export const MIN_SEND_GAP_MS = 5_000
/** A fix older than this is not sent again: the viewer would take an old place for a fresh one. */
export const STALE_FIX_MS = 60_000

export const SenderText = {
  noGeolocation: 'This browser cannot share your location.',
  denied: 'Wings is not allowed to use your location. Allow location for this site to share it.',
  unavailable: 'Your phone cannot find your position right now. Wings keeps trying.',
  offline: 'Cannot reach Wings: your position will be sent again when the connection is back.',
} as const

export interface Fix {
  lat: number
  lon: number
  /** Metres. */
  accuracy: number
  /** When the phone reported it (ms). */
  at: number
}

export interface Sent {
  lat: number
  lon: number
  /** When it was sent (ms). */
  sentAt: number
}

/**
 * How long to wait before sending `fix` (0: send now), or Infinity when there is nothing worth sending (no fix yet,
 * or only a stale one). Pure: the sender calls it on every new fix and when its timer fires.
 */
export function sendDelay(last: Sent | null, fix: Fix | null, now: number): number {
  if (!fix || now - fix.at > STALE_FIX_MS) return Number.POSITIVE_INFINITY
  if (!last) return 0
  const moved = metersBetween(last, fix) > SHARE_MOVE_METERS
  const due = last.sentAt + (moved ? MIN_SEND_GAP_MS : SEND_INTERVAL_MS)
  return Math.max(0, due - now)
}

const ENDED = new Set([403, 404, 410])

/**
 * Watches her position and sends it with the write key until the share ends (its expiry, or a 403/404/410, which
 * also ends it on this phone). Answers the function that stops it.
 */
export function startSender(session: Pick<ShareSession, 'token' | 'writeKey' | 'expiresAt'>): () => void {
  const { token, writeKey } = session
  const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation
  if (!geolocation) {
    void patchShare(token, { problem: SenderText.noGeolocation })
    return () => undefined
  }
  let fix: Fix | null = null
  let last: Sent | null = null
  let sending = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let problem: string | undefined

  const report = (next: string | undefined) => {
    if (next === problem) return
    problem = next
    void patchShare(token, { problem: next })
  }

  const stop = () => {
    if (stopped) return
    stopped = true
    clearTimeout(timer)
    clearTimeout(expiry)
    geolocation.clearWatch(watchId)
  }

  const plan = () => {
    clearTimeout(timer)
    if (stopped || sending) return
    const wait = sendDelay(last, fix, Date.now())
    if (wait === Number.POSITIVE_INFINITY) return
    if (wait > 0) timer = setTimeout(plan, wait)
    else if (fix) void send(fix)
  }

  const send = async (position: Fix) => {
    sending = true
    try {
      await apiFetch<ShareOkResponse>(`/share/${encodeURIComponent(token)}/position`, {
        body: {
          writeKey,
          lat: position.lat,
          lon: position.lon,
          accuracy: Math.min(position.accuracy, SHARE_ACCURACY_MAX),
        },
      })
      last = { lat: position.lat, lon: position.lon, sentAt: Date.now() }
      problem = undefined
      if (!stopped) void patchShare(token, { lastSentAt: new Date().toISOString(), problem: undefined })
    } catch (error) {
      if (error instanceof ApiError && ENDED.has(error.status)) {
        stop()
        await endShareLocally(token)
        return
      }
      // Offline, rate-limited or a server fault: this attempt counts as a send, so the next one waits its turn.
      last = { lat: position.lat, lon: position.lon, sentAt: Date.now() }
      if (error instanceof ApiError && error.isNetwork) report(SenderText.offline)
    } finally {
      sending = false
      plan()
    }
  }

  const expiry = setTimeout(stop, Math.max(0, Date.parse(session.expiresAt) - Date.now()))
  const watchId = geolocation.watchPosition(
    (position) => {
      const { latitude, longitude, accuracy } = position.coords
      fix = { lat: latitude, lon: longitude, accuracy: Number.isFinite(accuracy) ? accuracy : 0, at: Date.now() }
      void rememberPosition(fix)
      if (problem === SenderText.denied || problem === SenderText.unavailable) report(undefined)
      plan()
    },
    (error) => {
      if (error.code === 1) report(SenderText.denied)
      else if (error.code === 2) report(SenderText.unavailable)
      // 3 (timeout): the watch goes on; the next fix will come.
    },
    { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
  )
  return stop
}
