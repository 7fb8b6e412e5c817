/**
 * Who is alerted if she misses a check-in, in true words. The server alerts her guardians whose alerts are on, and
 * only for a share started while she was signed in (docs/guardians.md); a share started signed out alerts nobody.
 * Pure, but for the hook at the end.
 */
import { useQuery } from '@tanstack/react-query'
import type { Guardian, User } from '@wings/contract'
import { ApiError } from '../../api/client.ts'
import { guardianStateText, guardiansQuery } from '../guardians/index.ts'
import { minutesSpan } from './format.ts'

/** Whose share the check-in is on: one about to start now, or one running whose account is known (or not). */
export type ShareOwner = { kind: 'new' } | { kind: 'account'; id: string | null } | { kind: 'unknown' }

export type CheckFailure = 'offline' | 'error'

/** What the server said of her guardians, and when. */
export type GuardianCheck =
  | { kind: 'checking' }
  | { kind: 'done'; guardians: readonly Guardian[]; checkedAt: number; failed?: CheckFailure | undefined }
  | { kind: 'failed'; why: CheckFailure }

export const WatchText = {
  nobody: 'Nobody will be alerted if you miss this check-in.',
  signedOut:
    'You are not signed in: sign in and add guardians, and Wings will alert them if you miss a check-in, even if your phone is off.',
  noGuardians:
    'You have no guardians with alerts on. Add one, and Wings will alert them if you miss a check-in, even if your phone is off.',
  notHers:
    'This check-in is on a live share started while you were signed out, so Wings will not alert your guardians. To have them alerted, stop sharing, then start the check-in again.',
  hersSignedOut:
    'Your guardians will be alerted if you miss this check-in: your live share was started while you were signed in. Sign in to see who they are.',
  ownerUnknown: 'They are alerted only if your live share was started while you were signed in.',
  checking: 'Checking who will be alerted…',
  offline: 'Could not check who will be alerted: you are offline.',
  failed: 'Could not check who will be alerted right now.',
  viewers: 'Anyone you send your live link to also sees “Missed check-in” on the map page.',
} as const

export const alertedText = (count: number) =>
  `If you miss this check-in, Wings alerts ${count === 1 ? 'your guardian' : `these ${count} guardians`}, even if your phone is off:`

/** 'just now', '5 min ago', '1 h 10 min ago'. */
export function checkedAgo(checkedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - checkedAt) / 60_000)
  return minutes < 1 ? 'just now' : `${minutesSpan(minutes)} ago`
}

export const staleText = (why: CheckFailure, checkedAt: number, now: number) =>
  `${why === 'offline' ? 'Could not check again: you are offline.' : 'Could not check again.'} This list is from ${checkedAgo(checkedAt, now)}.`

export interface WatchersView {
  /** Who is alerted, or that nobody is, or that it could not be checked. */
  summary: string
  /** The guardians alerted, each with how ('Notifications on', 'E-mail confirmed'). */
  alerted: ReadonlyArray<{ id: string; name: string; how: string }>
  notes: readonly string[]
  /** What she can do about it. */
  action: 'signIn' | 'addGuardians' | 'retry' | null
}

const view = (summary: string, notes: string[] = [], action: WatchersView['action'] = null): WatchersView => ({
  summary,
  alerted: [],
  notes,
  action,
})

export function watchersView(owner: ShareOwner, user: Pick<User, '_id'> | null, check: GuardianCheck, now: number) {
  const accountId = owner.kind === 'new' ? (user?._id ?? null) : owner.kind === 'account' ? owner.id : undefined
  if (accountId === null || (accountId === undefined && !user)) {
    return user ? view(WatchText.nobody, [WatchText.notHers]) : view(WatchText.nobody, [WatchText.signedOut], 'signIn')
  }
  if (!user) return view(WatchText.hersSignedOut, [], 'signIn')
  if (accountId !== undefined && accountId !== user._id) return view(WatchText.nobody, [WatchText.notHers])
  if (check.kind === 'checking') return view(WatchText.checking)
  if (check.kind === 'failed') return view(check.why === 'offline' ? WatchText.offline : WatchText.failed, [], 'retry')

  const active = check.guardians.filter((g) => g.state === 'active')
  const others = check.guardians
    .filter((g) => g.state !== 'active')
    .map((g) => `${g.name} will not be alerted (${guardianStateText(g).toLowerCase()}).`)
  const stale = check.failed ? [staleText(check.failed, check.checkedAt, now)] : []
  const unsure = accountId === undefined ? [WatchText.ownerUnknown] : []
  if (active.length === 0) {
    return view(WatchText.nobody, [WatchText.noGuardians, ...others, ...stale], check.failed ? 'retry' : 'addGuardians')
  }
  return {
    summary: alertedText(active.length),
    alerted: active.map((g) => ({ id: g.id, name: g.name, how: guardianStateText(g) })),
    notes: [...unsure, ...others, ...stale],
    action: check.failed ? 'retry' : null,
  } satisfies WatchersView
}

const failureOf = (error: unknown): CheckFailure => (error instanceof ApiError && error.isNetwork ? 'offline' : 'error')

/** Her guardians as the server last said (GuardiansPanel's query, shared), with how that check went. */
export function useGuardianCheck(user: Pick<User, '_id'> | null): { check: GuardianCheck; retry: () => void } {
  const query = useQuery({ ...guardiansQuery(user?._id ?? ''), enabled: user !== null })
  const failure = query.error ?? query.failureReason
  // Offline, the query may wait for the connection instead of failing: that is "could not check" too.
  const failed = failure ? failureOf(failure) : query.fetchStatus === 'paused' ? 'offline' : undefined
  const check: GuardianCheck = query.data
    ? { kind: 'done', guardians: query.data, checkedAt: query.dataUpdatedAt, failed }
    : failed
      ? { kind: 'failed', why: failed }
      : { kind: 'checking' }
  return { check, retry: () => void query.refetch() }
}
