import { type AlertKind, ErrorCode, GuardianMessages, type SosBody, tidyText } from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import type { ShareRecord, SharesRepo } from '../share/repo.ts'
import { hashSecret, type ShareEvents } from '../share/service.ts'
import type { Sealer } from './keys.ts'
import type { AlertsRepo, GuardiansRepo } from './repo.ts'

const MINUTE_MS = 60_000
/** A check-in missed longer ago than this (the server was down all that time) is no longer alerted: it is not news. */
export const MISSED_CHECKIN_HORIZON_MS = 6 * 60 * MINUTE_MS
/** How many missed check-ins one scan takes (the next scan takes the rest). */
const SCAN_BATCH = 200

/** What an alert says that is not kept elsewhere, sealed in `alerts.data_sealed`. */
export interface AlertData {
  /** SOS: her position, when she pressed it (ISO), her message. */
  position?: { lat: number; lon: number; accuracy: number | null; at: string }
  message?: string
  /** Missed check-in: the deadline it was about, and where she was going. */
  deadline?: string
  destination?: string | null
}

interface Deps {
  guardians: GuardiansRepo
  alerts: AlertsRepo
  shares: SharesRepo
  sealer: Sealer
  /** Alerts per user (config.rateLimits.guardianAlert). */
  limit: AttemptLimit
  transact: Transact
  now: () => Date
  /** Called once alerts were queued (after the transaction that queued them): wakes the dispatcher. */
  queued: () => void
}

const tooMany = (waitSeconds: number) =>
  new HttpError(429, ErrorCode.rateLimited, GuardianMessages.tooManyAlerts, { 'retry-after': String(waitSeconds) })

/**
 * Turns events into alerts in the durable outbox (docs/guardians.md): one `alerts` row per event (its key makes a
 * repeated event one event) and one outbox row per guardian, in the transaction of the event itself. The dispatcher
 * sends them.
 */
export function createAlertQueue({ guardians, alerts, shares, sealer, limit, transact, now, queued }: Deps) {
  /** Queues event `eventKey` for `guardianIds`; returns how many were queued. */
  function queue(
    userId: string,
    kind: AlertKind,
    eventKey: string,
    guardianIds: readonly string[],
    extra: { shareId?: string | null; data?: AlertData } = {},
  ): number {
    if (guardianIds.length === 0) return 0
    const at = now().toISOString()
    const alertId = alerts.insertAlert({
      id: newId(),
      userId,
      kind,
      eventKey,
      shareId: extra.shareId ?? null,
      dataSealed: extra.data ? sealer.seal(JSON.stringify(extra.data)) : null,
      createdAt: at,
    })
    for (const guardianId of guardianIds) alerts.insertEntry(newId(), alertId, guardianId, at)
    // After the caller's transaction commits: the dispatcher runs on a later turn of the event loop.
    queued()
    return guardianIds.length
  }

  /** Her live share, when `token` names one that is hers and still runs. */
  function herRunningShare(userId: string, token: string | undefined): ShareRecord | undefined {
    if (token === undefined) return undefined
    const share = shares.find(hashSecret(token))
    const at = now().getTime()
    if (!share || share.userId !== userId || share.stoppedAt !== null || Date.parse(share.expiresAt) <= at) return
    return share
  }

  const shareEvents: ShareEvents = {
    sealToken: (token) => sealer.seal(token),
    started({ id, userId, sos }) {
      // An SOS share is announced by the SOS alert itself.
      if (sos) return
      const ids = guardians.activeIds(userId, true)
      if (ids.length === 0 || limit.attempt(`user ${userId}`) > 0) return
      queue(userId, 'share-started', `share-started:${id}`, ids, { shareId: id })
    },
    safe(share) {
      const deadline = share.checkIn?.deadline
      // Only after a missed check-in her guardians were told about; the follow-up goes to those who were told.
      if (!share.userId || !deadline || share.checkInAlerted !== deadline) return
      const told = alerts.guardiansOf(`checkin-missed:${share.id}:${deadline}`)
      queue(share.userId, 'checkin-safe', `checkin-safe:${share.id}:${deadline}`, told, { shareId: share.id })
    },
  }

  return {
    shareEvents,

    /**
     * POST /api/sos and the 'sos.alert' op: every active guardian of hers, at once, with her message, position and live
     * link (her running share's, when `shareToken` names it). `pressedAt`: when she pressed it (an op queued offline
     * carries its time). 429 over config.rateLimits.guardianAlert. Returns how many guardians are alerted.
     */
    sos(userId: string, body: SosBody, pressedAt?: string): number {
      const wait = limit.attempt(`user ${userId}`)
      if (wait > 0) throw tooMany(wait)
      const at = now().getTime()
      const pressed = pressedAt === undefined ? at : Math.min(Date.parse(pressedAt) || at, at)
      const share = herRunningShare(userId, body.shareToken)
      const message = body.message === undefined ? '' : tidyText(body.message)
      return transact(() =>
        queue(userId, 'sos', `sos:${newId()}`, guardians.activeIds(userId), {
          shareId: share?.id ?? null,
          data: {
            position: {
              lat: body.lat,
              lon: body.lon,
              accuracy: body.accuracy ?? null,
              at: new Date(pressed).toISOString(),
            },
            ...(message ? { message } : {}),
          },
        }),
      )
    },

    /**
     * The scanner (at start and every few seconds): each check-in of a share she started signed in whose deadline has
     * passed without "I'm safe" alerts her guardians once, her phone on or not. Returns how many check-ins it found.
     */
    scanMissedCheckIns(): number {
      const at = now().getTime()
      const missed = shares.missedCheckIns(
        new Date(at).toISOString(),
        new Date(at - MISSED_CHECKIN_HORIZON_MS).toISOString(),
        SCAN_BATCH,
      )
      for (const { shareId, userId, deadline, destination } of missed) {
        transact(() => {
          if (!shares.markCheckInAlerted(shareId, deadline)) return
          queue(userId, 'checkin-missed', `checkin-missed:${shareId}:${deadline}`, guardians.activeIds(userId), {
            shareId,
            data: { deadline, destination },
          })
        })
      }
      return missed.length
    },
  }
}

export type AlertQueue = ReturnType<typeof createAlertQueue>
