/**
 * Uploads the recordings on this phone to her account (docs/evidence.md): each chunk in order, resuming where the
 * server says it is, then the finish; and the server's delete of those she deleted. The server stores each chunk
 * once, so a chunk sent again (its answer lost) changes nothing: each recording arrives exactly once. Driven by the
 * sync engine's triggers (app start, online, visible, backoff) and by the recorder's new chunks; a 401 pauses it for
 * her, as it pauses the outbox, until she signs in again.
 */
import type { EvidenceStartBody } from '@wings/contract'
import { ApiError } from '../../api/client.ts'
import { db, type RecordingRow } from '../../db/db.ts'
import { retryDelay } from '../../sync/backoff.ts'
import { META_PAUSED_FOR } from '../../sync/engine.ts'
import type { EvidenceApi } from './api.ts'
import { setPendingEvidence } from './live.ts'
import { closeUnfinished, recordingInOtherTabs } from './store.ts'

export interface UploadDeps {
  api: EvidenceApi
  isOnline: () => boolean
  /** The recording this page is recording now: not closed as a dead page's. */
  liveId: () => string | null
}

export type UploadResult = 'done' | 'offline' | 'paused' | 'waiting'

const signedInId = async (): Promise<string | null> => (await db.user.get('me'))?.user._id ?? null
const pausedFor = async (userId: string) => (await db.meta.get(META_PAUSED_FOR))?.value === userId

/** A refusal that sending again cannot change (not a network failure, a 5xx, a 429 or a lost session). */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)

function startBody(row: RecordingRow): EvidenceStartBody {
  return { mimeType: row.mimeType, startedAt: row.startedAt, ...(row.place ? { place: row.place } : {}) }
}

/** Sends what the server lacks of one recording, then finishes it once she stopped it. */
async function uploadOne(api: EvidenceApi, first: RecordingRow): Promise<void> {
  const { id } = first
  for (let attempt = 0; ; attempt++) {
    const opened = await api.start(id, startBody(first))
    if (opened.complete) {
      await db.recordings.update(id, { complete: true, uploaded: first.chunks })
      return
    }
    let seq = opened.nextSeq
    let row: RecordingRow | undefined = first
    while (row && !row.deleting && seq < row.chunks) {
      const chunk = await db.recordingChunks.get([id, seq])
      if (!chunk) return
      const answer = await api.chunk(id, seq, chunk.data)
      if ('gap' in answer) {
        // The server has fewer chunks than it said (or another tab sent some): resume where it is now.
        if (answer.gap === seq) throw new Error('The server asked for the chunk it refused')
        seq = answer.gap
      } else {
        seq = answer.nextSeq
        await db.recordings.update(id, { uploaded: seq })
      }
      row = await db.recordings.get(id)
    }
    if (!row || row.deleting || row.state !== 'stopped' || seq < row.chunks) return
    try {
      await api.finish(id, row.chunks, Math.round(row.durationMs))
      await db.recordings.update(id, { complete: true, uploaded: row.chunks })
      return
    } catch (error) {
      // The counts differ: start over from what the server says it has, once.
      if (!(error instanceof ApiError && error.status === 409 && attempt === 0)) throw error
    }
  }
}

/**
 * One pass over the phone's recordings, oldest first. Throws on a network failure, a 5xx or a 429 (the caller
 * retries with backoff); a refusal is kept on the recording, which is not sent again.
 */
export async function uploadPending({ api, isOnline, liveId }: UploadDeps): Promise<UploadResult> {
  const recordingNow = await recordingInOtherTabs()
  const live = liveId()
  if (live) recordingNow.add(live)
  await closeUnfinished(recordingNow)
  if (!isOnline()) return 'offline'
  const userId = await signedInId()
  let result: UploadResult = 'done'
  for (const listed of await db.recordings.orderBy('startedAt').toArray()) {
    let row = listed
    if (row.refused || (row.complete && !row.deleting)) continue
    if (row.userId === null) {
      // Made logged out: it goes to the account that logs in on this phone.
      if (!userId) {
        result = 'waiting'
        continue
      }
      await db.recordings.update(row.id, { userId })
      row = { ...row, userId }
    }
    if (row.userId !== userId || userId === null || (await pausedFor(userId))) {
      result = 'waiting'
      continue
    }
    try {
      if (row.deleting) {
        await api.remove(row.id)
        await db.recordings.delete(row.id)
      } else if (row.chunks === 0 && row.state === 'stopped') {
        // Stopped before its first chunk: there is nothing to keep, here or in her account (it may have been opened).
        await api.remove(row.id)
        await db.recordings.delete(row.id)
      } else await uploadOne(api, row)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await db.meta.put({ key: META_PAUSED_FOR, value: userId })
        return 'paused'
      }
      if (!isRefusal(error)) throw error
      await db.recordings.update(row.id, { refused: { code: error.code, message: error.message } })
    }
  }
  const left = await db.recordings.filter((row) => !row.refused && (!row.complete || row.deleting === true)).count()
  setPendingEvidence(left > 0)
  return result
}

/** Runs passes one at a time, again after a failure with backoff, and once more when asked during a pass. */
export function createUploads(deps: UploadDeps, random: () => number = Math.random) {
  let running: Promise<void> | null = null
  let again = false
  let failures = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    clearTimeout(timer)
    running = uploadPending(deps)
      .then(() => {
        failures = 0
      })
      .catch((error: unknown) => {
        failures += 1
        timer = setTimeout(() => void run(), retryDelay(failures, error, random))
      })
      .finally(() => {
        running = null
        if (again) {
          again = false
          void run()
        }
      })
    return running
  }
  return { run, stop: () => clearTimeout(timer) }
}
