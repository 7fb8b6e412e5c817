import { Link, useRouterState } from '@tanstack/react-router'
import type { OpType } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import { type ConflictRow, db } from '../db/db.ts'
import { usePendingShare, useShareSession } from '../features/share/session.ts'
import { shareTruth, syncNote } from '../features/share/shareStatus.ts'
import { type SyncStatus as Status, statusText, useSyncStatus } from '../sync/useSyncStatus.ts'
import { Button } from '../ui/Button.tsx'
import { Dialog } from '../ui/Dialog.tsx'
import { applyUpdate, useWaitingWorker } from './swUpdate.ts'

export const CONFLICTS_TITLE = 'Changes that could not be saved'

export const ALL_SAVED = 'All changes saved'

/**
 * The line's text: "saved" only for what the server accepted. A change it refused (listed beside the line) and her
 * live location when it is not reaching the server (`shareNote`, from shareStatus.syncNote) are not saved.
 */
export function barText(status: Status, shareNote: string | null): string {
  const text = statusText(status)
  if (text !== ALL_SAVED) return shareNote ? `${text} · ${shareNote}` : text
  if (shareNote) return shareNote.charAt(0).toUpperCase() + shareNote.slice(1)
  return status.conflicts > 0 ? 'Other changes saved' : text
}

/** A small, calm line under the header: offline, changes waiting, syncing, all saved; conflicts; a new version. */
export function SyncStatus() {
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
      <p role="status" aria-label="Sync status" className="sync-bar__status">
        {text}
      </p>
      {status.online && status.blocked > 0 ? (
        <Link to="/login" search={{ redirect: pathname }} className="sync-bar__action">
          Login
        </Link>
      ) : null}
      {status.conflicts > 0 ? (
        <button type="button" className="sync-bar__action link-button" onClick={() => setOpen(true)}>
          {status.conflicts === 1 ? '1 change could not be saved' : `${status.conflicts} changes could not be saved`}
        </button>
      ) : null}
      <UpdateNotice />
      <Dialog open={open} title={CONFLICTS_TITLE} onClose={() => setOpen(false)}>
        <ConflictList />
      </Dialog>
    </div>
  )
}

// Every op type, so a new one cannot be shown as a bare 'Change'.
const TYPE_LABELS: Record<OpType, string> = {
  'profile.update': 'Profile change',
  'contact.send': 'Message to Wings',
  'story.create': 'New post',
  'story.update': 'Post edit',
  'story.delete': 'Post deletion',
  'story.like': 'Like',
  'story.unlike': 'Like undone',
  'story.dislike': 'Dislike',
  'story.undislike': 'Dislike undone',
  'story.view': 'Story view',
  'story.save': 'Saved post',
  'story.unsave': 'Post unsaved',
  'story.report': 'Story report',
  'draft.save': 'Draft',
  'draft.delete': 'Draft deletion',
  'incident.report': 'Incident report',
  'route.rate': 'Route rating',
  'route.save': 'Saved route',
  'route.delete': 'Saved route deletion',
  'trusted.save': 'Trusted contact',
  'trusted.delete': 'Trusted contact removal',
  'chat.send': 'Message to Saathi',
  'sos.alert': 'SOS alert to guardians',
}

function summaryOf(conflict: ConflictRow): string {
  const payload = (conflict.payload ?? {}) as Record<string, unknown>
  if (conflict.type === 'contact.send' && typeof payload.query === 'string') {
    const query = payload.query.length > 80 ? `${payload.query.slice(0, 80)}…` : payload.query
    return `“${query}”`
  }
  if (conflict.type === 'profile.update') {
    return Object.entries(payload)
      .map(([key, value]) => `${key}: ${String(value)}`)
      .join(', ')
  }
  if (conflict.type === 'trusted.save' && typeof payload.name === 'string' && typeof payload.phone === 'string') {
    return `${payload.name} (${payload.phone})`
  }
  return ''
}

/** The rejected ops of the signed-in person (and anyone's), each with the server's reason and a Dismiss button. */
export function ConflictList() {
  const conflicts = useLiveQuery(async () => {
    const userId = (await db.user.get('me'))?.user._id ?? null
    const rows = await db.conflicts.orderBy('at').toArray()
    return rows.filter((c) => c.userId === null || c.userId === userId)
  }, [])
  if (conflicts === undefined) return null
  if (conflicts.length === 0) return <p className="muted">Nothing here: every change was saved.</p>
  return (
    <ul className="conflicts">
      {conflicts.map((c) => (
        <li key={c.opId} className="conflicts__item">
          <p className="conflicts__what">
            <strong>{Object.hasOwn(TYPE_LABELS, c.type) ? TYPE_LABELS[c.type as OpType] : 'Change'}</strong>{' '}
            <time dateTime={c.createdAt}>{new Date(c.createdAt).toLocaleString()}</time>
          </p>
          {summaryOf(c) ? <p className="conflicts__summary">{summaryOf(c)}</p> : null}
          <p className="conflicts__reason">{c.message}</p>
          <Button variant="secondary" size="sm" onClick={() => void db.conflicts.delete(c.opId)}>
            Dismiss
          </Button>
        </li>
      ))}
    </ul>
  )
}

/** "Update available": the new version activates when she accepts, after the outbox has been pushed. */
export function UpdateNotice() {
  const worker = useWaitingWorker()
  const [busy, setBusy] = useState(false)
  if (!worker) return null
  return (
    <p className="sync-bar__update">
      <span>Update available</span>{' '}
      <Button
        size="sm"
        disabled={busy}
        onClick={() => {
          setBusy(true)
          void applyUpdate(worker)
        }}
      >
        Update
      </Button>
    </p>
  )
}
