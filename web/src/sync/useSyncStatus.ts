import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import { db } from '../db/db.ts'
import { META_PAUSED_FOR, type SyncEngine, syncEngine } from './engine.ts'
import { t } from './messages.ts'

export interface SyncCounts {
  /** Ops that may be pushed now (the signed-in user's, unless paused, and anyone's). */
  waiting: number
  /** User ops that wait for a sign-in: hers after a 401, or anybody's while nobody is signed in. */
  blocked: number
  /** Rejected ops she has not dismissed (hers and anyone's). */
  conflicts: number
}

export interface SyncStatus extends SyncCounts {
  online: boolean
  pushing: boolean
}

const NO_COUNTS: SyncCounts = { waiting: 0, blocked: 0, conflicts: 0 }

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine !== false,
    () => true,
  )
}

/** Counts the outbox as the signed-in person sees it (another account's ops on this phone are not hers). */
export async function syncCounts(): Promise<SyncCounts> {
  const userId = (await db.user.get('me'))?.user._id ?? null
  const paused = userId !== null && (await db.meta.get(META_PAUSED_FOR))?.value === userId
  const counts = { ...NO_COUNTS }
  await db.outbox.each((op) => {
    if (op.userId === null || (op.userId === userId && !paused)) counts.waiting++
    else if (userId === null || op.userId === userId) counts.blocked++
  })
  await db.conflicts.each((c) => {
    if (c.userId === null || c.userId === userId) counts.conflicts++
  })
  return counts
}

export function useSyncStatus(engine: SyncEngine = syncEngine): SyncStatus {
  const state = useSyncExternalStore(engine.subscribe, engine.getState)
  const online = useOnline() && !state.unreachable
  const counts = useLiveQuery(() => syncCounts().catch(() => NO_COUNTS), [], NO_COUNTS)
  return { ...counts, online, pushing: state.pushing }
}

/** True when nothing waits and the server is reached: what the line calls "All changes saved". */
export const allSaved = ({ online, waiting, blocked }: SyncStatus): boolean => online && waiting + blocked === 0

/** The status line's exact text, in her language. */
export function statusText(status: SyncStatus): string {
  const { online, pushing, waiting, blocked } = status
  const all = waiting + blocked
  if (!online) return all > 0 ? t('offlineWaiting', { count: all }) : t('offline')
  if (pushing && waiting > 0) return t('syncing')
  if (blocked > 0) return t('blocked', { count: blocked })
  if (waiting > 0) return t('waiting', { count: waiting })
  return t('allSaved')
}
