/**
 * What is true of her live location right now, in one place for every screen that speaks of it (the SOS sheet, the
 * banner, the share panel, the sync line): shared only once the server took a position, never while it refuses
 * them, and "not shared" with the reason and what she can do otherwise. Pure: no React, no storage.
 */
import { LocationText } from '../sos/index.ts'
import { t } from './every-screen/messages.ts'
import { clockText } from './format.ts'
import type { PendingShare } from './pendingShare.ts'
import type { ShareProblem, ShareSession } from './session.ts'

export type ShareTruth =
  | { kind: 'none' }
  /** Asked for, not made yet: no connection, or the server is busy; it starts by itself. */
  | { kind: 'pending'; pending: PendingShare }
  /** Asked for, and refused for good. */
  | { kind: 'notMade'; reason: string }
  /** The link exists, and no position has reached the server yet. */
  | { kind: 'waiting'; session: ShareSession }
  /** The server took her latest position. */
  | { kind: 'sharing'; session: ShareSession }
  /** The link exists, and her position is not reaching the server. */
  | { kind: 'stuck'; session: ShareSession; problem: ShareProblem | string }

/** `session`: the running share (useShareSession), `pending`: the pending one (usePendingShare). */
export function shareTruth(
  session: ShareSession | null | undefined,
  pending: PendingShare | null | undefined,
): ShareTruth {
  if (session) {
    if (session.problem) return { kind: 'stuck', session, problem: session.problem }
    return session.lastSentAt ? { kind: 'sharing', session } : { kind: 'waiting', session }
  }
  if (pending?.failed) return { kind: 'notMade', reason: pending.failed }
  if (pending) return { kind: 'pending', pending }
  return { kind: 'none' }
}

/** In her language at the moment each is read. */
export const ShareTruthText = {
  get pendingOffline() {
    return t('pendingOffline')
  },
  get waiting() {
    return t('waiting')
  },
  get bannerWaiting() {
    return t('bannerWaiting')
  },
  get helpNow() {
    return t('helpNow')
  },
}

/** What a failed answer means for her, never its bare status: a server failure is not hers. */
const statusNote = (status: number | undefined) => (status !== undefined && status >= 500 ? ` ${t('serverSide')}` : '')

/** Why her position does not go out, in a few words (the banner). */
function shortReason(problem: ShareProblem | string): string {
  switch (problem) {
    case 'offline':
      return t('reasonOffline')
    case 'refused':
      return t('reasonRefused')
    case 'failed':
      return t('reasonFailed')
    case 'denied':
      return t('reasonDenied')
    case 'timeout':
      return t('reasonTimeout')
    case 'unavailable':
      return t('reasonUnavailable')
    case 'unsupported':
      return t('reasonUnsupported')
    default:
      return problem.replace(/[.!]$/, '')
  }
}

/** Why her position does not go out, and what she (or Wings) does about it. */
export function problemText(problem: ShareProblem | string, status?: number): string {
  switch (problem) {
    case 'offline':
      return t('problemOffline')
    case 'refused':
      return status === 429 ? t('problemTooMany') : t('problemRefused', { note: statusNote(status) })
    case 'failed':
      return t('problemFailed', { note: statusNote(status) })
    case 'denied':
    case 'timeout':
    case 'unavailable':
    case 'unsupported':
      return LocationText[problem]
    default:
      return problem
  }
}

/** Problems on the way to the server (not of the phone's location): she may need another way to reach help. */
export const isSendProblem = (problem: ShareProblem | string) =>
  problem === 'offline' || problem === 'refused' || problem === 'failed'

/** Each state's words: the banner's one line, and the full sentence for the SOS sheet and the share panel. */
function truthWords(truth: ShareTruth): { banner: string; full: string } {
  switch (truth.kind) {
    case 'none':
      return { banner: '', full: '' }
    case 'pending': {
      const { reason, status } = truth.pending
      if (reason === 'offline') return { banner: t('pendingOffline'), full: t('pendingOffline') }
      return {
        banner: t('pendingBusyBanner'),
        full: t('pendingBusy', { note: statusNote(status) }),
      }
    }
    case 'notMade':
      return { banner: t('notMadeBanner'), full: t('notMade', { reason: truth.reason }) }
    case 'waiting':
      return { banner: t('bannerWaiting'), full: t('waitingFull') }
    case 'sharing': {
      const until = clockText(truth.session.expiresAt)
      return { banner: t('sharingBanner', { until }), full: t('sharingFull', { until }) }
    }
    case 'stuck': {
      const { lastSentAt, problemStatus } = truth.session
      const why = shortReason(truth.problem)
      const since = lastSentAt ? t('sinceUpdated', { time: clockText(lastSentAt) }) : t('sinceNone')
      return {
        banner: lastSentAt
          ? t('stuckBannerSince', { time: clockText(lastSentAt), why })
          : t('stuckBannerNone', { why }),
        full: `${since} ${problemText(truth.problem, problemStatus)}`,
      }
    }
  }
}

/** The banner's one line. */
export const bannerText = (truth: ShareTruth): string => truthWords(truth).banner

/** The full sentence for the SOS sheet and the share panel. */
export const truthText = (truth: ShareTruth): string => truthWords(truth).full

/** Whether to add 'call 112 or send an SMS': her location is not reaching anyone through Wings. */
export function needsOtherWay(truth: ShareTruth): boolean {
  return (
    truth.kind === 'pending' || truth.kind === 'notMade' || (truth.kind === 'stuck' && isSendProblem(truth.problem))
  )
}

/** For the sync line: what of her live location the server does not have, or null when nothing is missing. */
export function syncNote(truth: ShareTruth): string | null {
  if (truth.kind === 'pending' || truth.kind === 'notMade') return t('syncNotStarted')
  if (truth.kind === 'stuck' && isSendProblem(truth.problem)) return t('syncNotSent')
  return null
}
