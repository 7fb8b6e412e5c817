/**
 * Sends her position while a share runs: at least every SHARE_POSITION_INTERVAL_SECONDS, and at once when she has
 * moved more than SHARE_MOVE_METERS since the last position sent (but never twice within MIN_SEND_GAP_MS).
 */
import { SHARE_ACCURACY_MAX, SHARE_MOVE_METERS, SHARE_POSITION_INTERVAL_SECONDS } from '@wings/contract'
import { ApiError, callApi } from '../../api/client.ts'
import { locationProblemOf, rememberPosition } from '../sos/index.ts'
import { metersBetween } from './format.ts'
import { endShareLocally, patchShare, type ShareProblem, type ShareSession } from './session.ts'

export const SEND_INTERVAL_MS = SHARE_POSITION_INTERVAL_SECONDS * 1000
/** Moving fast still sends no more often than this. */
export const MIN_SEND_GAP_MS = 5_000
/** A fix older than this is not sent again: the viewer would take an old place for a fresh one. */
export const STALE_FIX_MS = 60_000

/** After a failed send for want of network, the next try comes this soon (and at once on the 'online' event). */
export const OFFLINE_RETRY_MS = 5_000

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
    void patchShare(token, { problem: 'unsupported' })
    return () => undefined
  }
  let fix: Fix | null = null
  let last: Sent | null = null
  /** No send before this (a 429's Retry-After, or the quick retry after a network failure). */
  let notBefore = 0
  let sending = false
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let problem: ShareProblem | undefined
  let problemStatus: number | undefined

  const report = (next: ShareProblem | undefined, status?: number) => {
    if (next === problem && status === problemStatus) return
    problem = next
    problemStatus = status
    if (!stopped) void patchShare(token, { problem: next, problemStatus: status })
  }

  const onOnline = () => {
    if (problem !== 'offline') return
    notBefore = 0
    if (last) last = { ...last, sentAt: 0 }
    plan()
  }

  const stop = () => {
    if (stopped) return
    stopped = true
    clearTimeout(timer)
    clearTimeout(expiry)
    geolocation.clearWatch(watchId)
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline)
  }

  const plan = () => {
    clearTimeout(timer)
    if (stopped || sending) return
    const now = Date.now()
    const wait = Math.max(sendDelay(last, fix, now), notBefore - now)
    if (wait === Number.POSITIVE_INFINITY) return
    if (wait > 0) timer = setTimeout(plan, wait)
    else if (fix) void send(fix)
  }

  const send = async (position: Fix) => {
    sending = true
    try {
      await callApi('sharePosition', {
        params: { token },
        body: {
          writeKey,
          lat: position.lat,
          lon: position.lon,
          accuracy: Math.min(position.accuracy, SHARE_ACCURACY_MAX),
        },
      })
      last = { lat: position.lat, lon: position.lon, sentAt: Date.now() }
      notBefore = 0
      problem = undefined
      problemStatus = undefined
      if (!stopped)
        void patchShare(token, { lastSentAt: new Date().toISOString(), problem: undefined, problemStatus: undefined })
    } catch (error) {
      if (error instanceof ApiError && ENDED.has(error.status)) {
        stop()
        await endShareLocally(token)
        return
      }
      // This attempt counts as a send, so the next one waits its turn (sooner with no network, later if asked to).
      last = { lat: position.lat, lon: position.lon, sentAt: Date.now() }
      if (error instanceof ApiError && error.isNetwork) {
        notBefore = Date.now() + OFFLINE_RETRY_MS
        last = { ...last, sentAt: 0 }
        report('offline')
      } else if (error instanceof ApiError && error.status >= 500) {
        report('failed', error.status)
      } else {
        const status = error instanceof ApiError ? error.status : 0
        notBefore = Date.now() + (error instanceof ApiError ? (error.retryAfterMs ?? 0) : 0)
        report('refused', status)
      }
    } finally {
      sending = false
      plan()
    }
  }

  if (typeof window !== 'undefined') window.addEventListener('online', onOnline)
  const expiry = setTimeout(stop, Math.max(0, Date.parse(session.expiresAt) - Date.now()))
  const watchId = geolocation.watchPosition(
    (position) => {
      const { latitude, longitude, accuracy } = position.coords
      fix = { lat: latitude, lon: longitude, accuracy: Number.isFinite(accuracy) ? accuracy : 0, at: Date.now() }
      void rememberPosition(fix)
      if (problem === 'denied' || problem === 'unavailable' || problem === 'timeout') report(undefined)
      plan()
    },
    (error) => {
      // A timeout or an unavailable position: the watch goes on, and the next fix clears it.
      const kind = locationProblemOf(error)
      // The phone's location only matters while there is no fix to send; a send problem says more.
      if (!fix || kind === 'denied') report(kind)
    },
    { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
  )
  return stop
}
