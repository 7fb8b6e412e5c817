import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { usePendingShare } from '../features/share/pendingShare.ts'
import { useShareSession } from '../features/share/session.ts'
import { shareTruth, syncNote } from '../features/share/shareStatus.ts'
import { useMessages } from '../i18n/catalog.tsx'
import { plain as syncMessages } from '../sync/messages.ts'
import { allSaved, type SyncStatus as Status, statusText, useSyncStatus } from '../sync/useSyncStatus.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { t, useT } from './messages.ts'
import { applyUpdate, useWaitingWorker } from './swUpdate.ts'

/** The conflicts dialog's title in English (the dialog shows it in her language). */
export const CONFLICTS_TITLE = 'Changes that could not be saved'

/** The line's text when all is saved, in English. */
export const ALL_SAVED = 'All changes saved'

/**
 * The line's text: "saved" only for what the server accepted. A change it refused (listed beside the line) and her
 * live location when it is not reaching the server (`shareNote`, from shareStatus.syncNote) are not saved.
 */
// Opened from the bar when the server refused a change: it comes when she opens it.
const ConflictList = lazy(() => import('./ConflictList.tsx').then((m) => ({ default: m.ConflictList })))

export function barText(status: Status, shareNote: string | null): string {
  const text = statusText(status)
  if (!allSaved(status)) return shareNote ? `${text} · ${shareNote}` : text
  if (shareNote) return shareNote.charAt(0).toUpperCase() + shareNote.slice(1)
  return status.conflicts > 0 ? t('otherChangesSaved') : text
}

/** A small, calm line under the header: offline, changes waiting, syncing, all saved; conflicts; a new version. */
export function SyncStatus() {
  const t = useT()
  useMessages(syncMessages)
  const status = useSyncStatus()
  const shareNote = syncNote(shareTruth(useShareSession(), usePendingShare()))
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const [open, setOpen] = useState(false)
  const text = barText(status, shareNote)
  const state = !status.online
    ? 'offline'
    : status.waiting + status.blocked > 0 || shareNote || status.conflicts > 0
      ? 'waiting'
      : 'saved'
  return (
    <div className={`sync-bar sync-bar--${state}`}>
      <p role="status" aria-label={t('syncStatus')} className="sync-bar__status">
        {text}
      </p>
      {status.online && status.blocked > 0 ? (
        <Link to="/login" search={{ redirect: pathname }} className="sync-bar__action">
          {t('login')}
        </Link>
      ) : null}
      {status.conflicts > 0 ? (
        <button type="button" className="sync-bar__action link-button" onClick={() => setOpen(true)}>
          {t('conflictsCount', { count: status.conflicts })}
        </button>
      ) : null}
      <UpdateNotice />
      <Dialog open={open} title={t('conflictsTitle')} onClose={() => setOpen(false)}>
        {open ? (
          <Suspense fallback={null}>
            <ConflictList />
          </Suspense>
        ) : null}
      </Dialog>
    </div>
  )
}

/** "Update available": the new version activates when she accepts, after the outbox has been pushed. */
export function UpdateNotice() {
  const t = useT()
  const worker = useWaitingWorker()
  const [busy, setBusy] = useState(false)
  if (!worker) return null
  return (
    <p className="sync-bar__update">
      <span>{t('updateAvailable')}</span>{' '}
      <Button
        size="sm"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          void applyUpdate(worker)
        }}
      >
        {t('update')}
      </Button>
    </p>
  )
}
