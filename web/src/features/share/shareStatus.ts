/**
 * What is true of her live location right now, in one place for every screen that speaks of it (the SOS sheet, the
 * banner, the share panel, the sync line): shared only once the server took a position, never while it refuses
 * them, and "not shared" with the reason and what she can do otherwise. Pure: no React, no storage.
 */
import { LocationText } from '../sos/index.ts'
import { clockText } from './format.ts'
import type { PendingShare, ShareProblem, ShareSession } from './session.ts'

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

export const ShareTruthText = {
  pendingOffline: 'Not shared: no connection. It starts when you are back online.',
  waiting: 'Waiting for your position…',
  bannerWaiting: 'Live link on: waiting for your position',
  helpNow: 'If you need help now, call 112 or send an SMS.',
} as const

const statusNote = (status: number | undefined) => (status ? ` (the server answered ${status})` : '')

/** Why her position does not go out, in a few words (the banner). */
function shortReason(problem: ShareProblem | string, status?: number): string {
  switch (problem) {
    case 'offline':
      return 'no connection'
    case 'refused':
      return `Wings refused it${status ? ` (${status})` : ''}`
    case 'failed':
      return `Wings is not answering${status ? ` (${status})` : ''}`
    case 'denied':
      return 'location not allowed'
    case 'timeout':
      return 'position not found yet'
    case 'unavailable':
      return 'location (GPS) is off'
    case 'unsupported':
      return 'no location in this browser'
    default:
      return problem.replace(/[.!]$/, '')
  }
}

/** Why her position does not go out, and what she (or Wings) does about it. */
export function problemText(problem: ShareProblem | string, status?: number): string {
  switch (problem) {
    case 'offline':
      return 'No connection: your position is sent again as soon as Wings can be reached.'
    case 'refused':
      return status === 429
        ? 'Wings refused your position: too many updates (the server answered 429). It tries again by itself in a moment.'
        : `Wings refused your position${statusNote(status)}. It tries again by itself.`
    case 'failed':
      return `Wings could not take your position${statusNote(status)}. It tries again by itself.`
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
      if (reason === 'offline') return { banner: ShareTruthText.pendingOffline, full: ShareTruthText.pendingOffline }
      return {
        banner: `Not shared yet: Wings is busy${status ? ` (${status})` : ''}. Trying again`,
        full: `Not shared yet: Wings cannot start your live link right now${statusNote(status)}. It keeps trying by itself.`,
      }
    }
    case 'notMade':
      return {
        banner: 'Not shared: the live link could not be made',
        full: `Not shared: the live link could not be made. ${truth.reason}`,
      }
    case 'waiting':
      return { banner: ShareTruthText.bannerWaiting, full: `Your live link is ready. ${ShareTruthText.waiting}` }
    case 'sharing': {
      const until = clockText(truth.session.expiresAt)
      return { banner: `Sharing location until ${until}`, full: `Live location shared until ${until}.` }
    }
    case 'stuck': {
      const { lastSentAt, problemStatus } = truth.session
      const why = shortReason(truth.problem, problemStatus)
      const since = lastSentAt
        ? `Not updated since ${clockText(lastSentAt)}: your link shows where you were then.`
        : 'Not shared: your link shows no position yet.'
      return {
        banner: lastSentAt ? `Not updated since ${clockText(lastSentAt)}: ${why}` : `Not shared: ${why}`,
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
  if (truth.kind === 'pending' || truth.kind === 'notMade') return 'live location not started'
  if (truth.kind === 'stuck' && isSendProblem(truth.problem)) return 'live location not sent'
  return null
}
