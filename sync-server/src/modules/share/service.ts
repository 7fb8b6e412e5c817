import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  ErrorCode,
  ErrorMessages,
  isCheckInMissed,
  SHARE_ARRIVAL_DELAY_MAX_MINUTES,
  SHARE_CHECKIN_MARGIN_MINUTES,
  SHARE_CHECKIN_SKEW_MINUTES,
  SHARE_GONE_DAYS,
  SHARE_PAGE_PATH,
  type ShareCheckIn,
  type ShareCheckInBody,
  type ShareCreateBody,
  type ShareCreateResponse,
  ShareMessages,
  type SharePositionBody,
  type ShareSafeBody,
  type ShareView,
  tidyText,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import type { ShareRecord, SharesRepo } from './repo.ts'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
/** How often the sweeper clears ended shares and deletes old ones (app.ts). */
export const SHARE_SWEEP_MS = 5 * MINUTE_MS

/** SHA-256 (hex) of a token or write key: what the database holds instead of the secret. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex')
/** 256 random bits, base64url (43 characters). */
const newSecret = (): string => randomBytes(32).toString('base64url')

const invalid = (message: string) => new HttpError(400, ErrorCode.validation, message)
const notFound = () => new HttpError(404, ErrorCode.notFound, ShareMessages.notFound)
const wrongKey = () => new HttpError(403, ErrorCode.forbidden, ShareMessages.wrongKey)
const gone = () => new HttpError(410, ErrorCode.gone, ShareMessages.ended)
const tooMany = (message: string, waitSeconds: number) =>
  new HttpError(429, ErrorCode.rateLimited, message, { 'retry-after': String(waitSeconds) })

const iso = (ms: number) => new Date(ms).toISOString()
const isRunning = (share: ShareRecord, at: number) => share.stoppedAt === null && at < Date.parse(share.expiresAt)

function keyMatches(share: ShareRecord, writeKey: string): boolean {
  const given = Buffer.from(hashSecret(writeKey), 'hex')
  const stored = Buffer.from(share.writeKeyHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

export interface SweepResult {
  /** Ended shares whose position and check-in were cleared. */
  cleared: number
  /** Shares ended more than SHARE_GONE_DAYS ago, deleted (their link now answers 404). */
  deleted: number
}

/**
 * The clean-up (every SHARE_SWEEP_MS, app.ts): clears the position and check-in of every share ended at `now`
 * (stopped or expired), and deletes the shares that ended more than SHARE_GONE_DAYS ago, so that their link answers
 * 410 for a week and 404 after.
 */
export function sweepShares(repo: SharesRepo, now: Date): SweepResult {
  const at = now.getTime()
  return {
    cleared: repo.clearEnded(iso(at)),
    deleted: repo.deleteEndedBefore(iso(at - SHARE_GONE_DAYS * DAY_MS)),
  }
}

/** Who starts a share: for the limits, and the account it belongs to (the IP is never stored). */
export interface ShareClient {
  /** The signed-in user's id, or null. */
  account: string | null
  ip: string
}

/** What her guardians hear of the shares she starts signed in (modules/guardians, docs/guardians.md). */
export interface ShareEvents {
  /** Seals the token of such a share, for the live link in her guardians' alerts. */
  sealToken(token: string): string
  /** She started one: in the transaction that stores it. */
  started(share: { id: string; userId: string; sos: boolean }): void
  /** She tapped "I'm safe" on one: in the transaction that records it (the share as it was before). */
  safe(share: ShareRecord): void
}

interface Deps {
  repo: SharesRepo
  /** Her guardians' alerts; without it every share is anonymous. */
  events?: ShareEvents
  transact?: Transact
  limits: {
    /** Per account, else per device, else (an app too old to send its device id) per IP; never for an SOS. */
    owner: AttemptLimit
    /** The per-IP safety net, one count for SOS shares and one for the others (so that these never use up those). */
    ip: AttemptLimit
  }
  /** The clock of every rule here (expiry, deadlines, the sweep): tests move it. */
  now?: () => Date
}

/**
 * Live location shares (docs/live-location.md). No device or IP is stored with a share (the limits count them in
 * memory only), and no account unless she started it signed in (docs/guardians.md). The token (viewers) and the write key (her phone) are 256-bit secrets; the database
 * holds only their SHA-256.
 */
export function createShareService({ repo, limits, events, transact = (fn) => fn(), now = () => new Date() }: Deps) {
  /**
   * Throws 429 when `client` has started too many shares. An SOS share must reach her contacts: only the per-IP net,
   * set far above what one carrier NAT sends, bounds a script that marks every share as SOS.
   */
  function checkLimits(body: ShareCreateBody, client: ShareClient): void {
    if (!body.sos) {
      const owner =
        client.account !== null
          ? `account ${client.account}`
          : body.deviceId !== undefined
            ? `device ${body.deviceId}`
            : `ip ${client.ip}`
      const wait = limits.owner.attempt(owner)
      // Refused before the per-IP net counts it, so one phone retrying does not use up its neighbours' share.
      if (wait > 0) throw tooMany(ShareMessages.tooManyShares, wait)
    }
    const ipWait = limits.ip.attempt(`${body.sos ? 'sos' : 'share'} ${client.ip}`)
    if (ipWait > 0) throw tooMany(ErrorMessages.tooManyRequests, ipWait)
  }

  function find(token: string): ShareRecord {
    const share = repo.find(hashSecret(token))
    if (!share) throw notFound()
    return share
  }

  /** The share, when `writeKey` is its key (else 403) and it still runs at `at` (else 410). */
  function writable(token: string, writeKey: string, at: number): ShareRecord {
    const share = find(token)
    if (!keyMatches(share, writeKey)) throw wrongKey()
    if (!isRunning(share, at)) throw gone()
    return share
  }

  /**
   * The deadline as stored (ISO, UTC), when it is not in the past (with skew) and leaves SHARE_CHECKIN_MARGIN_MINUTES
   * before `expiresAt`; else 400.
   */
  function deadlineOf(deadline: string, expiresAt: number, at: number): string {
    const ms = Date.parse(deadline)
    if (!Number.isFinite(ms)) throw invalid(ShareMessages.deadline)
    if (ms < at - SHARE_CHECKIN_SKEW_MINUTES * MINUTE_MS) throw invalid(ShareMessages.deadlinePast)
    if (ms > expiresAt - SHARE_CHECKIN_MARGIN_MINUTES * MINUTE_MS) throw invalid(ShareMessages.deadlineAfterEnd)
    return iso(ms)
  }

  /**
   * When she is safe from, for an arrival her phone saw at `arrivedAt`: that time, when it lies between the setting of
   * the check-in and now (SHARE_CHECKIN_SKEW_MINUTES either way; else 400) and reached the server within
   * SHARE_ARRIVAL_DELAY_MAX_MINUTES. An older one counts from `at`, as a tap would: a missed check-in stays missed.
   */
  function arrivalOf(share: ShareRecord, arrivedAt: string, at: number): { at: number; onArrival: boolean } {
    const ms = Date.parse(arrivedAt)
    if (!Number.isFinite(ms)) throw invalid(ShareMessages.arrivedAt)
    const skew = SHARE_CHECKIN_SKEW_MINUTES * MINUTE_MS
    if (ms > at + skew) throw invalid(ShareMessages.arrivedFuture)
    const setAt = share.checkInSetAt ?? share.createdAt
    if (!share.checkIn || ms < Date.parse(setAt) - skew) throw invalid(ShareMessages.arrivedBeforeCheckIn)
    if (at - ms > SHARE_ARRIVAL_DELAY_MAX_MINUTES * MINUTE_MS) return { at, onArrival: false }
    return { at: Math.min(ms, at), onArrival: true }
  }

  const checkInOf = ({ deadline, destination }: ShareCheckIn, expiresAt: number, at: number) => ({
    deadline: deadlineOf(deadline, expiresAt, at),
    destination: (destination && tidyText(destination)) || null,
  })

  return {
    /**
     * POST /api/share: a new share running `durationMinutes` from now, with an optional check-in. Started signed in, it
     * belongs to her account (her guardians are alerted when its check-in is missed); signed out it is anonymous.
     */
    create(body: ShareCreateBody, client: ShareClient): ShareCreateResponse {
      checkLimits(body, client)
      const at = now().getTime()
      const expiresAt = at + body.durationMinutes * MINUTE_MS
      const checkIn = body.checkIn ? checkInOf(body.checkIn, expiresAt, at) : null
      const token = newSecret()
      const writeKey = newSecret()
      const id = newId()
      const userId = events ? client.account : null
      transact(() => {
        repo.insert({
          id,
          tokenHash: hashSecret(token),
          writeKeyHash: hashSecret(writeKey),
          createdAt: iso(at),
          expiresAt: iso(expiresAt),
          checkIn,
          userId,
          tokenSealed: userId && events ? events.sealToken(token) : null,
        })
        if (userId) events?.started({ id, userId, sos: body.sos === true })
      })
      return { success: true, token, writeKey, url: `${SHARE_PAGE_PATH}${token}`, expiresAt: iso(expiresAt) }
    },

    /** GET /api/share/:token: 404 unknown, 410 stopped or expired. */
    view(token: string): ShareView {
      const at = now()
      const share = find(token)
      if (!isRunning(share, at.getTime())) throw gone()
      const view: ShareView = { expiresAt: share.expiresAt, active: true }
      if (share.position) {
        const { lat, lon, accuracy, updatedAt } = share.position
        Object.assign(view, { lat, lon, accuracy, updatedAt })
      }
      if (share.checkIn) {
        view.checkIn = {
          deadline: share.checkIn.deadline,
          ...(share.checkIn.destination === null ? {} : { destination: share.checkIn.destination }),
          ...(share.safeAt === null ? {} : { safeAt: share.safeAt }),
          ...(share.safeAt !== null && share.safeOnArrival ? { arrived: true } : {}),
          missed: isCheckInMissed(share.checkIn.deadline, share.safeAt, at),
        }
      }
      return view
    },

    /** POST /api/share/:token/position: 404 unknown, 403 wrong key, 410 ended. */
    position(token: string, { writeKey, lat, lon, accuracy }: SharePositionBody): void {
      const at = now().getTime()
      const share = writable(token, writeKey, at)
      if (!repo.setPosition(share.id, { lat, lon, accuracy, updatedAt: iso(at) }, iso(at))) throw gone()
    },

    /**
     * POST /api/share/:token/stop: ends the share and clears her position and check-in at once. Stopping an ended
     * share again is fine (a retried tap must not fail); 404 unknown, 403 wrong key.
     */
    stop(token: string, writeKey: string): void {
      const share = find(token)
      if (!keyMatches(share, writeKey)) throw wrongKey()
      repo.stop(share.id, iso(now().getTime()))
    },

    /** POST /api/share/:token/checkin: sets or replaces the deadline and clears "I'm safe". */
    checkIn(token: string, body: ShareCheckInBody): void {
      const at = now().getTime()
      const share = writable(token, body.writeKey, at)
      const checkIn = checkInOf(body, Date.parse(share.expiresAt), at)
      if (!repo.setCheckIn(share.id, checkIn.deadline, checkIn.destination, iso(at))) throw gone()
    },

    /**
     * POST /api/share/:token/safe: she tapped "I'm safe", or her phone saw her arrive at `arrivedAt` (the check-in is
     * no longer missed). 400 before anything is written for an arrival in the future or before the check-in was set.
     */
    safe(token: string, { writeKey, arrivedAt }: ShareSafeBody): void {
      const at = now().getTime()
      const share = writable(token, writeKey, at)
      const safe = arrivedAt === undefined ? { at, onArrival: false } : arrivalOf(share, arrivedAt, at)
      transact(() => {
        if (!repo.markSafe(share.id, iso(at), iso(safe.at), safe.onArrival)) throw gone()
        if (share.userId) events?.safe(share)
      })
    },

    sweep: (): SweepResult => sweepShares(repo, now()),
  }
}

export type ShareService = ReturnType<typeof createShareService>
