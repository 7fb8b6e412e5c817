/**
 * The recorder (docs/evidence.md): the microphone through MediaRecorder, a chunk every CHUNK_MS written to IndexedDB
 * the moment it comes, so a page that dies loses at most the last few seconds. One recording at a time per page.
 */
import { EVIDENCE_MAX_DURATION_MS } from '@wings/contract'
import { db } from '../../db/db.ts'
import { lastKnownPosition, locate } from '../sos/index.ts'
import { liveRecording, setLiveRecording, setPendingEvidence } from './live.ts'
import { addChunk, createRecording, markStopped, recordingLock, setPlace } from './store.ts'

/** A chunk every 5 s: little is lost with the page, and each chunk stays small (tens of kilobytes). */
export const CHUNK_MS = 5000
/** A position this recent is where she is. */
const RECENT_POSITION_MS = 5 * 60_000
/** Types tried in order; the browser's own choice when it takes none of them. */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus']

export type RecorderProblem = 'unsupported' | 'denied' | 'noMicrophone' | 'failed'

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; id: string; startedAt: number }
  | { status: 'stopped'; id: string }
  | { status: 'error'; problem: RecorderProblem }

/** What the browser has: the page's by default, fakes in tests. */
export interface RecorderEnv {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>
  MediaRecorder?: typeof MediaRecorder
  /** The place she is, if Wings may know it without asking. */
  place?: () => Promise<{ lat: number; lon: number; accuracy?: number } | null>
  /** Called when a chunk is stored (the uploader sends it when online). */
  onChunk?: () => void
  now?: () => number
  uuid?: () => string
}

let state: RecorderState = { status: 'idle' }
const listeners = new Set<() => void>()
let stopCurrent: (() => Promise<void>) | null = null

export const recorderState = (): RecorderState => state
export function onRecorderChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
function set(next: RecorderState) {
  state = next
  for (const listener of listeners) listener()
}

/** Why the microphone could not be opened, from getUserMedia's error. */
export function problemOf(error: unknown): RecorderProblem {
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'noMicrophone'
  return 'failed'
}

/** Her position without a question: a recent known one, or a fix when she already allowed location. */
async function quietPlace(): Promise<{ lat: number; lon: number; accuracy?: number } | null> {
  const known = await lastKnownPosition()
  if (known && Date.now() - known.at < RECENT_POSITION_MS) return known
  const allowed = await navigator.permissions
    ?.query({ name: 'geolocation' })
    .then((status) => status.state === 'granted')
    .catch(() => false)
  if (!allowed || !navigator.geolocation) return known
  return locate().catch(() => known)
}

export const browserRecorderEnv = (): RecorderEnv => ({
  getUserMedia: navigator.mediaDevices?.getUserMedia
    ? (constraints) => navigator.mediaDevices.getUserMedia(constraints)
    : undefined,
  MediaRecorder: typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder,
  place: quietPlace,
})

/** Starts recording at once; answers the state it reached (recording, or the problem). */
export async function startRecording(env: RecorderEnv = browserRecorderEnv()): Promise<RecorderState> {
  if (state.status === 'starting' || state.status === 'recording') return state
  const now = env.now ?? Date.now
  const Recorder = env.MediaRecorder
  if (!env.getUserMedia || !Recorder) {
    set({ status: 'error', problem: 'unsupported' })
    return state
  }
  set({ status: 'starting' })
  let stream: MediaStream
  try {
    stream = await env.getUserMedia({ audio: true })
  } catch (error) {
    set({ status: 'error', problem: problemOf(error) })
    return state
  }
  const release = () => {
    for (const track of stream.getTracks()) track.stop()
  }
  let recorder: MediaRecorder
  try {
    const mimeType = TYPES.find((type) => Recorder.isTypeSupported?.(type))
    recorder = new Recorder(stream, mimeType ? { mimeType } : undefined)
  } catch {
    release()
    set({ status: 'error', problem: 'failed' })
    return state
  }

  const id = (env.uuid ?? (() => crypto.randomUUID()))()
  const startedAt = now()
  const userId = (await db.user.get('me'))?.user._id ?? null
  try {
    await createRecording({
      id,
      userId,
      mimeType: recorder.mimeType || 'audio/webm',
      startedAt: new Date(startedAt).toISOString(),
    })
  } catch {
    release()
    set({ status: 'error', problem: 'failed' })
    return state
  }
  setPendingEvidence(true)

  // Chunks are stored one after another, in the order they came.
  let seq = 0
  let writes = Promise.resolve()
  recorder.ondataavailable = (event: BlobEvent) => {
    if (!event.data || event.data.size === 0) return
    const at = now()
    const data = event.data
    const mySeq = seq++
    writes = writes
      .then(async () => addChunk(id, mySeq, await data.arrayBuffer(), at - startedAt))
      .then(() => env.onChunk?.())
      .catch(() => undefined)
  }
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve()
  })
  const limit = setTimeout(() => void stop(), EVIDENCE_MAX_DURATION_MS)
  const stop = async () => {
    if (stopCurrent !== stop) return
    stopCurrent = null
    clearTimeout(limit)
    if (recorder.state !== 'inactive') recorder.stop()
    await stopped
    release()
    await writes
    await markStopped(id, now() - startedAt)
    setLiveRecording(null)
    set({ status: 'stopped', id })
    env.onChunk?.()
  }
  stopCurrent = stop
  // The microphone taken away (unplugged, revoked): what was recorded is kept.
  for (const track of stream.getTracks()) track.addEventListener('ended', () => void stop())

  // Held while it records: another tab's uploader must not close it as a dead page's.
  void navigator.locks?.request(recordingLock(id), () => stopped).catch(() => undefined)
  recorder.start(CHUNK_MS)
  setLiveRecording({ id, startedAt })
  set({ status: 'recording', id, startedAt })
  void env
    .place?.()
    .then((place) => (place ? setPlace(id, place) : undefined))
    .catch(() => undefined)
  return state
}

/** Stops the recording, once its last chunk is stored. */
export async function stopRecording(): Promise<void> {
  await stopCurrent?.()
}

/** The id of the recording running in this page, if any (the uploader leaves it open). */
export const recordingId = (): string | null => liveRecording()?.id ?? null

/** Back to 'idle' after an error or a finished recording (the sheet's "Record again"). */
export function resetRecorder(): void {
  if (state.status === 'error' || state.status === 'stopped') set({ status: 'idle' })
}
