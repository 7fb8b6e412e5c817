/**
 * A share she asked for while the server could not take it: kept on the phone and started by ShareRunner as soon as a
 * request gets through (docs/live-location.md).
 */

import type { ShareDuration } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../db/db.ts'
import {
  currentShare,
  PENDING_KEY,
  type ShareSession,
  ShareStartError,
  startErrorOf,
  startShare,
  stopShare,
} from './session.ts'

/**
 * A share she asked for that the server has not made yet, because it could not be reached (or, for an SOS, was busy).
 * ShareRunner starts it as soon as a request gets through, until `until`. One record in `meta` under 'sharePending'.
 */
export interface PendingShare {
  durationMinutes: ShareDuration
  sos: boolean
  /** When she asked (ISO). */
  since: string
  /** When it is no longer worth starting (ISO). */
  until: string
  /** What the last attempt met. */
  reason: 'offline' | 'busy'
  /** The HTTP status of the last busy answer. */
  status?: number
  /** When the server first answered at all (ISO): it is there, only not taking shares. */
  reachedAt?: string
  /** Attempts so far (the first one included). */
  tries: number
  /** The server refused it for good: nothing more is tried, and this says why. */
  failed?: string
}

/** How often a pending share is tried while the server cannot be reached (also at once on the 'online' event). */
export const PENDING_RETRY_MS = 2_000
/** While the server answers 429 or 5xx: from this, doubling, to PENDING_BUSY_MAX_MS (or its Retry-After). */
export const PENDING_BUSY_MS = 3_000
export const PENDING_BUSY_MAX_MS = 30_000
/** A pending share is started at most this long after she asked (minutes): later, it would not be what she asked. */
export const PENDING_MAX_MINUTES = 60

/** One start at a time across tabs (Web Locks where there are any), so a pending share is never made twice. */
function withStartLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? locks.request('wings-share-start', work) : work()
}

export async function readPending(): Promise<PendingShare | null> {
  const value = (await db.meta.get(PENDING_KEY))?.value as PendingShare | undefined
  return value && typeof value.since === 'string' && typeof value.until === 'string' ? value : null
}

export type StartOutcome = { kind: 'started'; session: ShareSession } | { kind: 'pending'; pending: PendingShare }

/** What a failed attempt leaves: the pending record, or (refused for good) the same marked failed. */
function afterFailure(pending: PendingShare, error: ShareStartError, now: number): PendingShare {
  const retry = error.reason === 'offline' || (error.reason === 'busy' && pending.sos)
  const { status: _status, failed: _failed, ...rest } = pending
  return {
    ...rest,
    reason: error.reason === 'offline' ? 'offline' : 'busy',
    tries: pending.tries + 1,
    ...(error.reason !== 'offline' ? { status: error.status } : {}),
    ...(error.reason !== 'offline' && !pending.reachedAt ? { reachedAt: new Date(now).toISOString() } : {}),
    ...(retry ? {} : { failed: error.message }),
  }
}

/**
 * Starts sharing now, or, when the server cannot be reached (or, for an SOS, is busy), keeps the wish as a pending
 * share that ShareRunner starts by itself once a request gets through. Throws the ShareStartError when the server
 * refused it for good (and, for a share she starts herself, when it is busy: she is there to try again).
 */
export function startShareWhenReachable(
  durationMinutes: ShareDuration,
  { sos = false }: { sos?: boolean } = {},
): Promise<StartOutcome> {
  return withStartLock(async () => {
    const now = Date.now()
    try {
      const session = await startShare(durationMinutes, undefined, { sos })
      await db.meta.delete(PENDING_KEY)
      return { kind: 'started', session }
    } catch (error) {
      const failure = error instanceof ShareStartError ? error : startErrorOf(error)
      const wish: PendingShare = {
        durationMinutes,
        sos,
        since: new Date(now).toISOString(),
        until: new Date(now + Math.min(durationMinutes, PENDING_MAX_MINUTES) * 60_000).toISOString(),
        reason: 'offline',
        tries: 0,
      }
      const pending = afterFailure(wish, failure, now)
      if (pending.failed) throw failure
      await db.meta.put({ key: PENDING_KEY, value: pending })
      return { kind: 'pending', pending }
    }
  })
}

export type RetryOutcome =
  | { kind: 'none' }
  | { kind: 'started'; session: ShareSession }
  /** Try again after `inMs`. */
  | { kind: 'waiting'; inMs: number }
  /** Given up: refused for good, or too late. */
  | { kind: 'ended' }

/** When to try a pending share again. */
export function retryDelayOf(pending: PendingShare, retryAfterMs: number | null = null): number {
  if (pending.reason === 'offline') return PENDING_RETRY_MS
  const backoff = Math.min(PENDING_BUSY_MAX_MS, PENDING_BUSY_MS * 2 ** Math.max(0, pending.tries - 1))
  return Math.min(PENDING_BUSY_MAX_MS, Math.max(backoff, retryAfterMs ?? 0))
}

/** One more attempt at the pending share (ShareRunner calls it on its timer and when the network comes back). */
export function retryPendingShare(now = Date.now()): Promise<RetryOutcome> {
  return withStartLock(async () => {
    const pending = await readPending()
    if (!pending || pending.failed) return { kind: pending ? 'ended' : 'none' }
    if (Date.parse(pending.until) <= now) {
      await db.meta.delete(PENDING_KEY)
      return { kind: 'ended' }
    }
    // A share started meanwhile (another screen, another tab) is what she asked for.
    const running = await currentShare()
    if (running) {
      await db.meta.delete(PENDING_KEY)
      return { kind: 'started', session: running }
    }
    try {
      const session = await startShare(pending.durationMinutes, undefined, { sos: pending.sos })
      if (!(await readPending())) {
        // She cancelled it while the request was out: it ends as if it had never started.
        await stopShare()
        return { kind: 'none' }
      }
      await db.meta.delete(PENDING_KEY)
      return { kind: 'started', session }
    } catch (error) {
      const failure = error instanceof ShareStartError ? error : startErrorOf(error)
      const next = afterFailure(pending, failure, now)
      // She may have cancelled it while the request was out.
      if (!(await readPending())) return { kind: 'none' }
      await db.meta.put({ key: PENDING_KEY, value: next })
      return next.failed ? { kind: 'ended' } : { kind: 'waiting', inMs: retryDelayOf(next, failure.retryAfterMs) }
    }
  })
}

/** She no longer wants the pending share (or has read why it failed). */
export async function cancelPendingShare(): Promise<void> {
  await db.meta.delete(PENDING_KEY)
}

/** The pending share (null when none, undefined while loading). */
export function usePendingShare(): PendingShare | null | undefined {
  return useLiveQuery(readPending, [])
}
