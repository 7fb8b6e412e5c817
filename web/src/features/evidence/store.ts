/** The recordings and their chunks on this phone (db/db.ts, version 8). */
import { db, type RecordingRow } from '../../db/db.ts'

export type { RecordingRow }

export interface NewRecording {
  id: string
  userId: string | null
  mimeType: string
  startedAt: string
}

export async function createRecording(recording: NewRecording): Promise<void> {
  await db.recordings.add({
    ...recording,
    chunks: 0,
    bytes: 0,
    durationMs: 0,
    state: 'recording',
    uploaded: 0,
    complete: false,
  })
}

/** Stores chunk `seq` and counts it on the recording, in one transaction: a chunk is never half there. */
export async function addChunk(id: string, seq: number, data: ArrayBuffer, durationMs: number): Promise<void> {
  await db.transaction('rw', db.recordings, db.recordingChunks, async () => {
    const row = await db.recordings.get(id)
    if (!row || row.deleting) return
    await db.recordingChunks.put({ recordingId: id, seq, data })
    await db.recordings.update(id, { chunks: seq + 1, bytes: row.bytes + data.byteLength, durationMs })
  })
}

export async function setPlace(id: string, place: NonNullable<RecordingRow['place']>): Promise<void> {
  await db.recordings.update(id, { place })
}

export async function markStopped(id: string, durationMs: number): Promise<void> {
  await db.transaction('rw', db.recordings, async () => {
    const row = await db.recordings.get(id)
    if (row) await db.recordings.update(id, { state: 'stopped', durationMs: Math.max(row.durationMs, durationMs) })
  })
}

/**
 * Recordings left 'recording' by a page that died: closed with what they have, so they upload. `recordingNow` are
 * those a page is recording now (this one, or another tab holding its recording's lock).
 */
export async function closeUnfinished(recordingNow: ReadonlySet<string>): Promise<void> {
  await db.recordings
    .filter((row) => row.state === 'recording' && !recordingNow.has(row.id))
    .modify({ state: 'stopped' })
}

/** The lock a page holds while it records `id`: another tab's uploader sees it is not a dead page's. */
export const recordingLock = (id: string) => `wings-recording:${id}`

/** The recordings other tabs of this browser are recording now (by their locks), where Web Locks exist. */
export async function recordingInOtherTabs(): Promise<Set<string>> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return new Set()
  const { held = [] } = await locks.query().catch(() => ({ held: [] }))
  const prefix = recordingLock('')
  return new Set(held.flatMap((lock) => (lock.name?.startsWith(prefix) ? [lock.name.slice(prefix.length)] : [])))
}

/** The recording's audio from this phone's chunks, or null when it has none here. */
export async function localAudio(row: RecordingRow): Promise<Blob | null> {
  const chunks = await db.recordingChunks.where('recordingId').equals(row.id).sortBy('seq')
  if (chunks.length === 0) return null
  return new Blob(
    chunks.map((chunk) => chunk.data),
    { type: row.mimeType },
  )
}

/**
 * She deleted it: its audio goes from this phone at once; the row stays (hidden) until the server deleted its copy,
 * or goes now when it never went to an account. `serverOnly` is one listed from her account that this phone never
 * held: a row is made to remember the server's delete until it is done.
 */
export async function deleteRecording(id: string, serverOnly?: { userId: string; startedAt: string }): Promise<void> {
  await db.transaction('rw', db.recordings, db.recordingChunks, async () => {
    await db.recordingChunks.where('recordingId').equals(id).delete()
    const row = await db.recordings.get(id)
    if (row?.userId === null) await db.recordings.delete(id)
    else if (row) await db.recordings.update(id, { deleting: true })
    else if (serverOnly)
      await db.recordings.put({
        id,
        ...serverOnly,
        mimeType: '',
        chunks: 0,
        bytes: 0,
        durationMs: 0,
        state: 'stopped',
        uploaded: 0,
        complete: true,
        deleting: true,
      })
  })
}
