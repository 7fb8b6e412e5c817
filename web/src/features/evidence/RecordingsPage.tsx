import './evidence.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type EvidenceRecording, evidenceAudioPath, type Language } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { db, type RecordingRow } from '../../db/db.ts'
import { INTL_LOCALE, i18n } from '../../i18n/translate.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { useToast } from '../../ui/Toast.tsx'
import { evidenceApi } from './api.ts'
import { clockText } from './clock.ts'
import { T, useT } from './messages.ts'
import { deleteRecording, localAudio } from './store.ts'
import { runUploads } from './uploads.ts'

type Key = Parameters<ReturnType<typeof useT>>[0]

/** One line of her list: a recording on this phone (`row`), or one only in her account (`remote`). */
interface Item {
  id: string
  startedAt: string
  durationMs: number
  place?: { lat: number; lon: number }
  row?: RecordingRow
  remote?: EvidenceRecording
}

const me = async () => (await db.user.get('me'))?.user._id ?? null

/** Hers on this phone (and those made logged out on it), and those in her account, newest first. */
function mergeItems(rows: RecordingRow[], remote: EvidenceRecording[], userId: string | null): Item[] {
  const items = new Map<string, Item>()
  for (const recording of remote)
    items.set(recording.id, {
      id: recording.id,
      startedAt: recording.startedAt,
      durationMs: recording.durationMs,
      ...(recording.place ? { place: recording.place } : {}),
      remote: recording,
    })
  for (const row of rows) {
    if (row.userId !== null && row.userId !== userId) continue
    const known = items.get(row.id)
    if (row.deleting) {
      items.delete(row.id)
      continue
    }
    items.set(row.id, {
      id: row.id,
      startedAt: row.startedAt,
      durationMs: row.durationMs || known?.durationMs || 0,
      ...(row.place ? { place: row.place } : known?.place ? { place: known.place } : {}),
      row,
      ...(known?.remote ? { remote: known.remote } : {}),
    })
  }
  return [...items.values()].sort((a, b) => b.startedAt.localeCompare(a.startedAt))
}

/** /recordings: her recordings, with date, length, place and where they are; play and delete. */
export function RecordingsPage() {
  const t = useT()
  const userId = useLiveQuery(me, [], undefined)
  const rows = useLiveQuery(() => db.recordings.toArray(), [], [])
  const remote = useQuery({
    queryKey: ['evidence', userId],
    queryFn: () => evidenceApi.list(),
    enabled: Boolean(userId),
    retry: false,
  })
  const items = mergeItems(rows, userId ? (remote.data ?? []) : [], userId ?? null)
  const [deleting, setDeleting] = useState<Item | null>(null)
  // A recording a page that died left open is closed here too, and what waits is sent if it can be.
  useEffect(runUploads, [])

  return (
    <>
      <p>
        <T k="intro" components={{ 0: <Link to="/privacy" /> }} />
      </p>
      {userId === null ? <p className="evidence-note">{t('signedOutNote')}</p> : null}
      {remote.isError ? (
        <p className="evidence-note" role="status">
          {t('loadFailed')}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="evidence-empty">{t('empty')}</p>
      ) : (
        <ul className="evidence-list">
          {items.map((item) => (
            <RecordingItem key={item.id} item={item} signedIn={Boolean(userId)} onDelete={() => setDeleting(item)} />
          ))}
        </ul>
      )}
      <DeleteDialog item={deleting} userId={userId ?? null} onClose={() => setDeleting(null)} />
    </>
  )
}

const dateText = (iso: string) =>
  new Date(iso).toLocaleString(INTL_LOCALE[i18n.locale as Language] ?? 'en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })

function statusText(t: ReturnType<typeof useT>, item: Item, signedIn: boolean): string {
  const { row, remote } = item
  if (!row) return t('statusServerOnly')
  if (row.state === 'recording') return t('statusRecording')
  if (row.complete || remote?.complete) return t('statusUploaded')
  if (row.refused) return t('statusRefused', { reason: row.refused.message })
  if (!signedIn) return t('statusSignedOut')
  if (row.uploaded > 0) return t('statusUploading', { done: String(row.uploaded), total: String(row.chunks) })
  return t('statusWaiting')
}

function RecordingItem({ item, signedIn, onDelete }: { item: Item; signedIn: boolean; onDelete: () => void }) {
  const t = useT()
  const date = dateText(item.startedAt)
  return (
    <li className="evidence-item" data-recording={item.id}>
      <h2 className="evidence-item__date">{date}</h2>
      <dl className="evidence-item__facts">
        <div>
          <dt>{t('length')}</dt>
          <dd>{clockText(item.durationMs)}</dd>
        </div>
        <div>
          <dt>{t('place')}</dt>
          <dd>{item.place ? `${item.place.lat.toFixed(5)}, ${item.place.lon.toFixed(5)}` : t('noPlace')}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd className="evidence-item__status">{statusText(t, item, signedIn)}</dd>
        </div>
      </dl>
      {item.row?.state === 'recording' ? null : <Player item={item} label={t('play' as Key, { date })} />}
      <button type="button" className="btn btn--secondary evidence-item__delete" onClick={onDelete}>
        {t('delete')}
      </button>
    </li>
  )
}

/** The audio from this phone's chunks, else from her account. */
function Player({ item, label }: { item: Item; label: string }) {
  const [src, setSrc] = useState<string | null>(item.row ? null : evidenceAudioPath(item.id))
  useEffect(() => {
    if (!item.row) return
    let url: string | null = null
    let live = true
    void localAudio(item.row).then((blob) => {
      if (!live) return
      if (blob && typeof URL.createObjectURL === 'function') {
        url = URL.createObjectURL(blob)
        setSrc(url)
      } else if (item.remote) setSrc(evidenceAudioPath(item.id))
    })
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [item.row, item.remote, item.id])
  if (!src) return null
  // biome-ignore lint/a11y/useMediaCaption: her own recording of what happened; there is nothing to caption it from
  return <audio className="evidence-item__audio" controls preload="metadata" src={src} aria-label={label} />
}

/** The app's own confirmation: deleted on this phone at once, and from her account now or when it is reachable. */
function DeleteDialog({ item, userId, onClose }: { item: Item | null; userId: string | null; onClose: () => void }) {
  const t = useT()
  const toast = useToast()
  const queryClient = useQueryClient()
  const confirm = async () => {
    if (!item) return
    await deleteRecording(item.id, !item.row && userId ? { userId, startedAt: item.startedAt } : undefined)
    onClose()
    toast(t('deleted'), { kind: 'success' })
    runUploads()
    queryClient.setQueryData<EvidenceRecording[]>(['evidence', userId], (list) => list?.filter((r) => r.id !== item.id))
  }
  return (
    <Dialog open={item !== null} title={t('deleteTitle')} onClose={onClose}>
      <p>{t('deleteText')}</p>
      <div className="evidence-dialog__buttons">
        <button type="button" className="btn btn--danger" data-autofocus onClick={() => void confirm()}>
          {t('deleteConfirm')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  )
}
