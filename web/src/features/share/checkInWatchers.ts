/**
 * Who is alerted if she misses a check-in, in true words. The server alerts her guardians whose alerts are on, and
 * only for a share started while she was signed in (docs/guardians.md); a share started signed out alerts nobody.
 * Pure, but for the hook at the end.
 */
import { useQuery } from '@tanstack/react-query'
import type { Guardian, User } from '@wings/contract'
import { ApiError } from '../../api/client.ts'
import { guardianStateText, guardiansQuery } from '../guardians/index.ts'
import { t as everyScreenT } from './every-screen/messages.ts'
import { minutesSpan } from './format.ts'
import { t } from './messages.ts'

/** Whose share the check-in is on: one about to start now, or one running whose account is known (or not). */
export type ShareOwner = { kind: 'new' } | { kind: 'account'; id: string | null } | { kind: 'unknown' }

export type CheckFailure = 'offline' | 'error'

/** What the server said of her guardians, and when. */
export type GuardianCheck =
  | { kind: 'checking' }
  | { kind: 'done'; guardians: readonly Guardian[]; checkedAt: number; failed?: CheckFailure | undefined }
  | { kind: 'failed'; why: CheckFailure }

/** In her language at the moment each is read. */
export const WatchText = {
  get nobody() {
    return t('watchNobody')
  },
  get signedOut() {
    return t('watchSignedOut')
  },
  get noGuardians() {
    return t('watchNoGuardians')
  },
  get notHers() {
    return t('watchNotHers')
  },
  get hersSignedOut() {
    return t('watchHersSignedOut')
  },
  get ownerUnknown() {
    return t('watchOwnerUnknown')
  },
  get checking() {
    return t('watchChecking')
  },
  get offline() {
    return t('watchOffline')
  },
  get failed() {
    return t('watchFailed')
  },
  get viewers() {
    return t('watchViewers')
  },
}

export const alertedText = (count: number) => t('watchAlerted', { count })

/** 'just now', '5 min ago', '1 h 10 min ago'. */
export function checkedAgo(checkedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - checkedAt) / 60_000)
  return minutes < 1 ? everyScreenT('justNow') : t('ago', { span: minutesSpan(minutes) })
}

export const staleText = (why: CheckFailure, checkedAt: number, now: number) =>
  t(why === 'offline' ? 'staleOffline' : 'staleFailed', { ago: checkedAgo(checkedAt, now) })

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
    .map((g) => t('notAlerted', { name: g.name, state: guardianStateText(g).toLowerCase() }))
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
