/**
 * Her live location share and check-in, as this phone keeps them (docs/live-location.md). One record in the `meta`
 * table under 'share'. The write key is the right to move her pin or end the share: it stays in this record and
 * goes out only in POST bodies, never in a URL.
 */
import {
  cleanLine,
  hasVisibleText,
  SHARE_CHECKIN_MARGIN_MINUTES,
  SHARE_DURATIONS,
  type ShareCreateResponse,
  type ShareDuration,
} from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { ApiError, callApi, messageOf } from '../../api/client.ts'
import { db } from '../../db/db.ts'
import type { LocationProblem } from '../sos/index.ts'
import { shareDeviceId } from './device.ts'
import { t } from './every-screen/messages.ts'
import { clockText, minutesSpan } from './format.ts'

export const SHARE_KEY = 'share'
/** Where a share she asked for but the server has not made yet is kept (pendingShare.ts). */
export const PENDING_KEY = 'sharePending'
/** A share started for a check-in runs this much longer than the server's margin after the deadline (minutes). */
export const CHECKIN_SLACK_MINUTES = 10
/** The furthest check-in the longest share allows: 240 - 5 - 10 = 225 minutes. */
export const MAX_CHECKIN_MINUTES = Math.max(...SHARE_DURATIONS) - SHARE_CHECKIN_MARGIN_MINUTES - CHECKIN_SLACK_MINUTES

/** In her language at the moment each is read. */
export const ShareText = {
  get offline() {
    return t('offline')
  },
  get startFailed() {
    return t('startFailed')
  },
  get checkInFailed() {
    return t('checkInFailed')
  },
  get pastDeadline() {
    return t('pastDeadline')
  },
  get tooFar() {
    return t('tooFar', { span: minutesSpan(MAX_CHECKIN_MINUTES) })
  },
}

export interface CheckIn {
  /** ISO date-time. */
  deadline: string
  destination?: string
  /** When she set it (ISO): the warning comes halfway there when that is sooner than 5 minutes before. */
  setAt?: string
}

export interface ShareSession {
  token: string
  /** Never in a URL, never shown. */
  writeKey: string
  /** The viewer page, relative: '/s/<token>'. */
  url: string
  /** ISO date-time. */
  expiresAt: string
  checkIn?: CheckIn
  /** When she tapped "I'm safe" (ISO) for the current check-in. */
  safeAt?: string
  /** She tapped "I'm safe" with no connection: the server is told when it can be reached. */
  safePending?: boolean
  /** `safeAt` is when her phone saw her arrive (checkInArrival.ts): the server is told that time. */
  safeOnArrival?: boolean
  /** When the server last took her position (ISO). */
  lastSentAt?: string
  /**
   * Why her position is not reaching the server, absent when all is well (shareStatus.ts words it). An older version
   * stored a sentence here: it is shown as it is.
   */
  problem?: ShareProblem | string
  /** The HTTP status of a refused or failed position update. */
  problemStatus?: number
  /** The server said the share is over (403, 404, 410) before it was due to end. */
  endedAt?: string
  /** The deadline whose warning has been given, and the one whose SOS has been opened: each happens once. */
  warnedFor?: string
  sosFor?: string
}

/**
 * Why her position does not reach the server: the phone's location (denied, timeout, unavailable, unsupported), or
 * the way to the server (offline: no network; refused: a 4xx such as 429; failed: a 5xx).
 */
export type ShareProblem = LocationProblem | 'offline' | 'refused' | 'failed'

/**
 * Why a share could not start: offline (the request failed for want of network), busy (429 or 5xx: the server is
 * there but cannot take it now) or refused (any other answer: trying again would not help).
 */
export class ShareStartError extends Error {
  readonly reason: 'offline' | 'busy' | 'refused'
  readonly status: number
  readonly retryAfterMs: number | null

  constructor(message: string, reason: ShareStartError['reason'], status: number, retryAfterMs: number | null) {
    super(message)
    this.name = 'ShareStartError'
    this.reason = reason
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

const nowIso = () => new Date().toISOString()

/** The stored record as it is, also after the share ended (a missed check-in may still have to open the SOS). */
export async function readShare(): Promise<ShareSession | null> {
  const row = await db.meta.get(SHARE_KEY)
  const value = row?.value as ShareSession | undefined
  return value && typeof value.token === 'string' && typeof value.writeKey === 'string' ? value : null
}

/** Still running: not ended by the server, and not past its end. */
export function isLive(session: ShareSession, now = Date.now()): boolean {
  return !session.endedAt && Date.parse(session.expiresAt) > now
}

/** A check-in she has not yet answered with "I'm safe". */
export function checkInPending(session: ShareSession | null): session is ShareSession & { checkIn: CheckIn } {
  return !!session?.checkIn && !session.safeAt
}

/** The running share, or null when there is none, it expired, or it was stopped. */
export async function currentShare(): Promise<ShareSession | null> {
  const session = await readShare()
  return session && isLive(session) ? session : null
}

/** Changes the record if it still is the share `token` (a stopped or replaced share is left alone). */
export async function patchShare(token: string, patch: Partial<ShareSession>): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const session = await readShare()
    if (session?.token !== token) return false
    const next: ShareSession = { ...session, ...patch }
    for (const key of Object.keys(patch) as (keyof ShareSession)[]) if (patch[key] === undefined) delete next[key]
    await db.meta.put({ key: SHARE_KEY, value: next })
    return true
  })
}

/**
 * The server no longer knows the share (403/404/410). The record goes, unless a check-in is still to answer: then it
 * stays, marked ended, so the timer can still open the SOS at the deadline.
 */
export async function endShareLocally(token: string): Promise<void> {
  if (await patchShare(token, { endedAt: nowIso() })) await forgetEndedShare()
}

/** Forgets a share that is over, unless its check-in still has to open the SOS. */
export async function forgetEndedShare(now = Date.now()): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const session = await readShare()
    if (!session || isLive(session, now)) return
    if (checkInPending(session) && session.sosFor !== session.checkIn.deadline) return
    await db.meta.delete(SHARE_KEY)
  })
}

/** What to tell her after a failed call. */
function problemOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.isNetwork) return ShareText.offline
  const text = messageOf(error, fallback)
  return /[.!?]$/.test(text) ? text : `${text}.`
}

/** A failed start, sorted by what can be done about it. */
export function startErrorOf(error: unknown): ShareStartError {
  const message = problemOf(error, ShareText.startFailed)
  if (!(error instanceof ApiError)) return new ShareStartError(message, 'refused', 0, null)
  const reason = error.isNetwork ? 'offline' : error.status === 429 || error.status >= 500 ? 'busy' : 'refused'
  return new ShareStartError(message, reason, error.status, error.retryAfterMs)
}

const isEnded = (error: unknown) => error instanceof ApiError && [403, 404, 410].includes(error.status)

/** A destination the server would refuse is cleaned, or left out: it must never stop a share from starting. */
function cleanCheckIn(checkIn: { deadline: string; destination?: string }): { deadline: string; destination?: string } {
  const destination = cleanLine(checkIn.destination ?? '')
  return hasVisibleText(destination) ? { deadline: checkIn.deadline, destination } : { deadline: checkIn.deadline }
}

/**
 * Starts sharing for `durationMinutes` (with a check-in if given); replaces any share still running. `sos`: the SOS
 * starts it, and the server never refuses it for its rate limits.
 */
export async function startShare(
  durationMinutes: ShareDuration,
  checkIn?: { deadline: string; destination?: string },
  { sos = false }: { sos?: boolean } = {},
): Promise<ShareSession> {
  const clean = checkIn ? cleanCheckIn(checkIn) : undefined
  const deviceId = await shareDeviceId()
  let created: ShareCreateResponse
  try {
    created = await callApi('shareCreate', {
      body: {
        durationMinutes,
        ...(clean ? { checkIn: clean } : {}),
        ...(deviceId ? { deviceId } : {}),
        ...(sos ? { sos } : {}),
      },
    })
  } catch (error) {
    throw startErrorOf(error)
  }
  const old = await readShare()
  const session: ShareSession = {
    token: created.token,
    writeKey: created.writeKey,
    url: created.url,
    expiresAt: created.expiresAt,
    ...(clean ? { checkIn: { ...clean, setAt: nowIso() } } : {}),
  }
  await db.meta.put({ key: SHARE_KEY, value: session })
  if (old && isLive(old)) void postStop(old)
  return session
}

async function postStop(session: ShareSession): Promise<boolean> {
  try {
    await callApi('shareStop', { params: { token: session.token }, body: { writeKey: session.writeKey } })
    return true
  } catch (error) {
    return isEnded(error)
  }
}

/**
 * Ends the share at once: this phone forgets it first (nothing more is sent), then the server is told. Answers
 * whether the server heard it; if not (offline), the link shows her last position until the share runs out.
 */
export async function stopShare(): Promise<{ told: boolean; expiresAt?: string }> {
  // A share still waiting for the connection is stopped too: it must not start later.
  await db.meta.delete(PENDING_KEY)
  const session = await readShare()
  if (!session) return { told: true }
  await db.meta.delete(SHARE_KEY)
  if (!isLive(session)) return { told: true }
  const told = await postStop(session)
  return told ? { told } : { told, expiresAt: session.expiresAt }
}

/** What to tell her once she stopped sharing (stopShare's answer). */
export function stoppedText({ told, expiresAt }: { told: boolean; expiresAt?: string | undefined }): string {
  return told || !expiresAt ? t('stopped') : t('stoppedLocal', { until: clockText(expiresAt) })
}

/** The shortest share that leaves the margin and some slack after the deadline, or null when none is long enough. */
export function durationFor(deadline: number, now: number): ShareDuration | null {
  const needed = (deadline - now) / 60_000 + SHARE_CHECKIN_MARGIN_MINUTES + CHECKIN_SLACK_MINUTES
  return SHARE_DURATIONS.find((d) => d >= needed) ?? null
}

/** The latest deadline a share ending at `expiresAt` accepts. */
export const latestDeadline = (expiresAt: string) => Date.parse(expiresAt) - SHARE_CHECKIN_MARGIN_MINUTES * 60_000

/**
 * Sets the check-in: on the running share, or on a new one just long enough for it. Throws an Error whose message
 * says in words why not (in the past, too far, the running share ends too early, no connection).
 */
export async function setCheckIn(checkIn: {
  deadline: string
  destination?: string
}): Promise<{ session: ShareSession; started: boolean }> {
  const deadline = Date.parse(checkIn.deadline)
  const now = Date.now()
  if (!Number.isFinite(deadline) || deadline <= now) throw new Error(ShareText.pastDeadline)
  const clean = cleanCheckIn({ ...checkIn, deadline: new Date(deadline).toISOString() })
  const running = await currentShare()
  if (running) {
    const latest = latestDeadline(running.expiresAt)
    if (deadline > latest) {
      throw new Error(t('checkInAfterShare', { until: clockText(running.expiresAt), latest: clockText(latest) }))
    }
    try {
      await callApi('shareCheckIn', {
        params: { token: running.token },
        body: { writeKey: running.writeKey, ...clean },
      })
    } catch (error) {
      if (!isEnded(error)) throw new Error(problemOf(error, ShareText.checkInFailed))
      // The server no longer has that share: start a fresh one for the check-in.
      await endShareLocally(running.token)
      return startForCheckIn(clean, deadline)
    }
    const patch: Partial<ShareSession> = {
      checkIn: { ...clean, setAt: nowIso() },
      safeAt: undefined,
      safePending: undefined,
      safeOnArrival: undefined,
      warnedFor: undefined,
      sosFor: undefined,
    }
    await patchShare(running.token, patch)
    return { session: { ...running, ...patch } as ShareSession, started: false }
  }
  return startForCheckIn(clean, deadline)
}

async function startForCheckIn(
  checkIn: { deadline: string; destination?: string },
  deadline: number,
): Promise<{ session: ShareSession; started: boolean }> {
  const duration = durationFor(deadline, Date.now())
  if (duration === null) throw new Error(ShareText.tooFar)
  return { session: await startShare(duration, checkIn), started: true }
}

/**
 * "I'm safe": the timer stops at once on this phone, then the server is told (so the viewer page shows it). Answers
 * whether the server heard it; when it could not be reached, ShareRunner tells it once the connection is back.
 * `arrivedAt`: her phone saw her arrive then (the check-in ends by itself); the server counts her safe from then,
 * even when it hears it later.
 */
export async function markSafe(arrivedAt?: string): Promise<{ told: boolean }> {
  const session = await readShare()
  if (!session?.checkIn) return { told: true }
  const safeAt = arrivedAt ?? nowIso()
  await patchShare(session.token, { safeAt, safePending: true, safeOnArrival: arrivedAt !== undefined || undefined })
  return { told: await tellSafe(session.token) }
}

/** Sends a pending "I'm safe" (after markSafe, or again when back online). */
export async function tellSafe(token: string): Promise<boolean> {
  const session = await readShare()
  if (session?.token !== token || !session.safePending) return true
  if (!isLive(session)) {
    await endShareLocally(token)
    return true
  }
  const arrivedAt = session.safeOnArrival && session.safeAt ? { arrivedAt: session.safeAt } : {}
  try {
    await callApi('shareSafe', { params: { token }, body: { writeKey: session.writeKey, ...arrivedAt } })
  } catch (error) {
    // Her phone's clock is too far from the server's for the arrival's time: she is safe all the same, from now.
    if (error instanceof ApiError && error.status === 400 && 'arrivedAt' in arrivedAt) {
      await patchShare(token, { safeOnArrival: undefined })
      return tellSafe(token)
    }
    if (!isEnded(error)) return false
    await endShareLocally(token)
    return true
  }
  await patchShare(token, { safePending: undefined })
  return true
}

/** The link to send: absolute, on this app's origin. */
export function shareLink(session: Pick<ShareSession, 'url'>): string {
  return `${location.origin}${session.url}`
}

/** The stored record (undefined while it loads). */
export function useStoredShare(): ShareSession | null | undefined {
  return useLiveQuery(readShare, [])
}

/** The running share (null when none, undefined while loading); turns null by itself when the share runs out. */
export function useShareSession(): ShareSession | null | undefined {
  const stored = useStoredShare()
  const [, setTick] = useState(0)
  const live = stored ? isLive(stored) : false
  useEffect(() => {
    if (!stored || !live) return
    const timer = setTimeout(() => setTick((n) => n + 1), Date.parse(stored.expiresAt) - Date.now() + 50)
    return () => clearTimeout(timer)
  }, [stored, live])
  if (stored === undefined) return undefined
  return stored && live ? stored : null
}
