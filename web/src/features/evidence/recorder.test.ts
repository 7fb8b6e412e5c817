import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { clearDb } from '../../test/sync.ts'
import { hasPendingEvidence, liveRecording } from './live.ts'
import { type RecorderEnv, recorderState, resetRecorder, startRecording, stopRecording } from './recorder.ts'

/** MediaRecorder as the recorder uses it: start(timeslice), stop(), ondataavailable and onstop. */
class FakeRecorder {
  static last: FakeRecorder | null = null
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus'
  state: 'inactive' | 'recording' = 'inactive'
  timeslice = 0
  ondataavailable: ((event: { data: Blob }) => void) | null = null
  onstop: (() => void) | null = null
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string },
  ) {
    FakeRecorder.last = this
  }
  get mimeType() {
    return this.options?.mimeType ?? ''
  }
  start(timeslice: number) {
    this.state = 'recording'
    this.timeslice = timeslice
  }
  /** The browser handing over a chunk. */
  emit(text: string) {
    this.ondataavailable?.({ data: new Blob([text]) })
  }
  stop() {
    this.state = 'inactive'
    this.emit('last')
    setTimeout(() => this.onstop?.(), 0)
  }
}

function fakeStream() {
  const track = { stop: vi.fn(), addEventListener: vi.fn() }
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track }
}

const env = (over: Partial<RecorderEnv> = {}): RecorderEnv => ({
  getUserMedia: async () => fakeStream().stream,
  MediaRecorder: FakeRecorder as unknown as typeof MediaRecorder,
  place: async () => ({ lat: 18.9543, lon: 72.8238, accuracy: 12 }),
  uuid: () => '11111111-2222-4333-8444-555555555555',
  ...over,
})

const chunkTexts = async () =>
  Promise.all((await db.recordingChunks.orderBy('[recordingId+seq]').toArray()).map((c) => new Blob([c.data]).text()))

beforeEach(async () => {
  await clearDb()
})
afterEach(async () => {
  await stopRecording()
  resetRecorder()
})

describe('the recorder', () => {
  it('starts at once with 5-second chunks and stores each chunk the moment it comes', async () => {
    const onChunk = vi.fn()
    const state = await startRecording(env({ onChunk }))
    expect(state).toMatchObject({ status: 'recording', id: '11111111-2222-4333-8444-555555555555' })
    expect(liveRecording()?.id).toBe(state.status === 'recording' ? state.id : '')
    expect(hasPendingEvidence()).toBe(true)
    const recorder = FakeRecorder.last as FakeRecorder
    expect(recorder.timeslice).toBe(5000)
    expect(recorder.mimeType).toBe('audio/webm;codecs=opus')
    recorder.emit('one')
    recorder.emit('two')
    await vi.waitFor(async () => expect(await chunkTexts()).toEqual(['one', 'two']))
    expect(await db.recordings.get('11111111-2222-4333-8444-555555555555')).toMatchObject({
      state: 'recording',
      chunks: 2,
      bytes: 6,
      place: { lat: 18.9543, lon: 72.8238, accuracy: 12 },
    })
    expect(onChunk).toHaveBeenCalledTimes(2)
  })

  it('stops: the last chunk is stored, the microphone released, and the recording closed', async () => {
    const { stream, track } = fakeStream()
    await startRecording(env({ getUserMedia: async () => stream }))
    FakeRecorder.last?.emit('one')
    await stopRecording()
    expect(recorderState()).toEqual({ status: 'stopped', id: '11111111-2222-4333-8444-555555555555' })
    expect(track.stop).toHaveBeenCalled()
    expect(liveRecording()).toBeNull()
    expect(await chunkTexts()).toEqual(['one', 'last'])
    expect(await db.recordings.get('11111111-2222-4333-8444-555555555555')).toMatchObject({
      state: 'stopped',
      chunks: 2,
    })
  })

  it('skips empty chunks', async () => {
    await startRecording(env())
    FakeRecorder.last?.emit('')
    FakeRecorder.last?.emit('one')
    await vi.waitFor(async () => expect(await chunkTexts()).toEqual(['one']))
  })

  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'noMicrophone'],
    ['NotReadableError', 'failed'],
  ] as const)('says why when the microphone is refused (%s: %s), and keeps nothing', async (name, problem) => {
    const refused = Object.assign(new Error(name), { name })
    const state = await startRecording(env({ getUserMedia: () => Promise.reject(refused) }))
    expect(state).toEqual({ status: 'error', problem })
    expect(await db.recordings.count()).toBe(0)
    expect(liveRecording()).toBeNull()
  })

  it('says the browser cannot record without getUserMedia or MediaRecorder', async () => {
    expect(await startRecording(env({ getUserMedia: undefined }))).toEqual({ status: 'error', problem: 'unsupported' })
    resetRecorder()
    expect(await startRecording(env({ MediaRecorder: undefined }))).toEqual({
      status: 'error',
      problem: 'unsupported',
    })
  })

  it('records one recording at a time', async () => {
    await startRecording(env())
    const first = FakeRecorder.last
    await startRecording(env())
    expect(FakeRecorder.last).toBe(first)
    expect(await db.recordings.count()).toBe(1)
  })
})
