import { testUser } from '@wings/contract/testing'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client.ts'
import { db } from '../../db/db.ts'
import { META_PAUSED_FOR } from '../../sync/engine.ts'
import { clearDb } from '../../test/sync.ts'
import type { EvidenceApi } from './api.ts'
import { addChunk, createRecording, markStopped } from './store.ts'
import { uploadPending } from './uploader.ts'

const ASHA = testUser()
const ID = '11111111-2222-4333-8444-555555555555'
const OTHER_ID = '11111111-2222-4333-8444-666666666666'
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer
const text = (data: ArrayBuffer) => new TextDecoder().decode(data)

/** The server's rules (docs/evidence.md), in memory: each chunk once, in order; every call recorded. */
function fakeServer() {
  const recordings = new Map<string, { chunks: string[]; finished: boolean }>()
  const calls: string[] = []
  /** Throws this once, on the next call of that kind, after doing the work (the answer is lost). */
  const failNext: Partial<Record<'start' | 'chunk' | 'finish' | 'remove', ApiError>> = {}
  const lost: Partial<Record<'chunk', ApiError>> = {}
  const fail = (kind: keyof typeof failNext) => {
    const error = failNext[kind]
    if (error) {
      delete failNext[kind]
      throw error
    }
  }
  const api: EvidenceApi = {
    async start(id) {
      calls.push(`start ${id.slice(-1)}`)
      fail('start')
      const recording = recordings.get(id) ?? { chunks: [], finished: false }
      recordings.set(id, recording)
      return { nextSeq: recording.chunks.length, complete: recording.finished }
    },
    async chunk(id, seq, data) {
      calls.push(`chunk ${seq}`)
      fail('chunk')
      const recording = recordings.get(id)
      if (!recording) throw new ApiError(404, 'This recording does not exist', 'NOT_FOUND', true)
      if (seq > recording.chunks.length) return { gap: recording.chunks.length }
      if (seq < recording.chunks.length) {
        if (recording.chunks[seq] !== text(data)) throw new ApiError(409, 'differs', 'CONFLICT', true)
      } else recording.chunks.push(text(data))
      const error = lost.chunk
      if (error) {
        delete lost.chunk
        throw error
      }
      return { nextSeq: recording.chunks.length }
    },
    async finish(id, chunks) {
      calls.push(`finish ${chunks}`)
      fail('finish')
      const recording = recordings.get(id)
      if (!recording || recording.chunks.length !== chunks) throw new ApiError(409, 'count', 'CONFLICT', true)
      recording.finished = true
    },
    async list() {
      return []
    },
    async remove(id) {
      calls.push(`remove ${id.slice(-1)}`)
      fail('remove')
      recordings.delete(id)
    },
  }
  return { api, recordings, calls, failNext, lost }
}

const network = () => new ApiError(0, 'offline', 'NETWORK_ERROR', false)
const deps = (api: EvidenceApi, liveId: string | null = null) => ({ api, isOnline: () => true, liveId: () => liveId })

/** A recording of `chunks` on this phone, stopped unless told. */
async function recorded(chunks: string[], { id = ID, userId = ASHA._id as string | null, stopped = true } = {}) {
  await createRecording({ id, userId, mimeType: 'audio/webm', startedAt: '2026-11-25T18:30:00.000Z' })
  for (const [seq, chunk] of chunks.entries()) await addChunk(id, seq, bytes(chunk), (seq + 1) * 5000)
  if (stopped) await markStopped(id, chunks.length * 5000)
}

beforeEach(async () => {
  await clearDb()
  await db.user.put({ key: 'me', user: ASHA, savedAt: Date.now() })
})

describe('uploading a recording', () => {
  it('sends each chunk once, in order, then finishes it; a second pass sends nothing', async () => {
    const server = fakeServer()
    await recorded(['a', 'b', 'c'])
    expect(await uploadPending(deps(server.api))).toBe('done')
    expect(server.calls).toEqual(['start 5', 'chunk 0', 'chunk 1', 'chunk 2', 'finish 3'])
    expect(server.recordings.get(ID)).toEqual({ chunks: ['a', 'b', 'c'], finished: true })
    expect(await db.recordings.get(ID)).toMatchObject({ complete: true, uploaded: 3 })
    server.calls.length = 0
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual([])
  })

  it('resumes where the server is: chunks it has are not sent again', async () => {
    const server = fakeServer()
    server.recordings.set(ID, { chunks: ['a', 'b'], finished: false })
    await recorded(['a', 'b', 'c'])
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual(['start 5', 'chunk 2', 'finish 3'])
  })

  it("resumes at a 409's expected seq", async () => {
    const server = fakeServer()
    await recorded(['a', 'b', 'c'])
    // The server lost chunk 1 after it said it had it: the next chunk is refused with the seq it expects.
    const api: EvidenceApi = {
      ...server.api,
      start: async (id, body) => {
        const answer = await server.api.start(id, body)
        return answer.nextSeq === 0 ? answer : { ...answer, nextSeq: answer.nextSeq + 1 }
      },
    }
    server.recordings.set(ID, { chunks: ['a'], finished: false })
    await uploadPending(deps(api))
    expect(server.calls).toEqual(['start 5', 'chunk 2', 'chunk 1', 'chunk 2', 'finish 3'])
    expect(server.recordings.get(ID)).toEqual({ chunks: ['a', 'b', 'c'], finished: true })
  })

  it('stores nothing twice when an answer is lost: the next pass starts after what the server has', async () => {
    const server = fakeServer()
    await recorded(['a', 'b'])
    server.lost.chunk = network()
    await expect(uploadPending(deps(server.api))).rejects.toThrow('offline')
    expect(await db.recordings.get(ID)).toMatchObject({ uploaded: 0, complete: false })
    server.calls.length = 0
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual(['start 5', 'chunk 1', 'finish 2'])
    expect(server.recordings.get(ID)?.chunks).toEqual(['a', 'b'])
  })

  it('pauses on a 401 for her, sends nothing more, and goes on once the pause is lifted (she signed in)', async () => {
    const server = fakeServer()
    await recorded(['a', 'b'])
    server.failNext.chunk = new ApiError(401, 'Please log in to continue', 'UNAUTHENTICATED', true)
    expect(await uploadPending(deps(server.api))).toBe('paused')
    expect((await db.meta.get(META_PAUSED_FOR))?.value).toBe(ASHA._id)
    server.calls.length = 0
    expect(await uploadPending(deps(server.api))).toBe('waiting')
    expect(server.calls).toEqual([])
    await db.meta.delete(META_PAUSED_FOR)
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual(['start 5', 'chunk 0', 'chunk 1', 'finish 2'])
    expect((await db.recordings.get(ID))?.refused).toBeUndefined()
  })

  it('keeps a recording the server refuses, and does not send it again', async () => {
    const server = fakeServer()
    await recorded(['a'])
    server.failNext.chunk = new ApiError(413, 'quota', 'PAYLOAD_TOO_LARGE', true, null, 'Your recordings take...')
    await uploadPending(deps(server.api))
    expect(await db.recordings.get(ID)).toMatchObject({ refused: { code: 'PAYLOAD_TOO_LARGE' }, complete: false })
    expect(await db.recordingChunks.count()).toBe(1)
    server.calls.length = 0
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual([])
  })

  it('sends nothing offline', async () => {
    const server = fakeServer()
    await recorded(['a'])
    expect(await uploadPending({ ...deps(server.api), isOnline: () => false })).toBe('offline')
    expect(server.calls).toEqual([])
  })
})

describe('whose recording', () => {
  it('keeps one made logged out on the phone, then uploads it to the account that logs in', async () => {
    const server = fakeServer()
    await db.user.clear()
    await recorded(['a'], { userId: null })
    expect(await uploadPending(deps(server.api))).toBe('waiting')
    expect(server.calls).toEqual([])
    await db.user.put({ key: 'me', user: ASHA, savedAt: Date.now() })
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual(['start 5', 'chunk 0', 'finish 1'])
    expect((await db.recordings.get(ID))?.userId).toBe(ASHA._id)
  })

  it("never sends another account's recording with her session", async () => {
    const server = fakeServer()
    await recorded(['a'], { userId: 'bbbbbbbbbbbbbbbbbbbbbbbb' })
    expect(await uploadPending(deps(server.api))).toBe('waiting')
    expect(server.calls).toEqual([])
  })
})

describe('a page that died while recording', () => {
  it('closes its recording with what it has and uploads it; the one recording now stays open', async () => {
    const server = fakeServer()
    await recorded(['a', 'b'], { stopped: false })
    await recorded(['x'], { id: OTHER_ID, stopped: false })
    await uploadPending(deps(server.api, OTHER_ID))
    expect(await db.recordings.get(ID)).toMatchObject({ state: 'stopped', complete: true, durationMs: 10_000 })
    expect(await db.recordings.get(OTHER_ID)).toMatchObject({ state: 'recording', complete: false, uploaded: 1 })
    expect(server.recordings.get(OTHER_ID)).toEqual({ chunks: ['x'], finished: false })
  })
})

describe('a recording another tab is making', () => {
  it('is not closed as a dead page’s while that tab holds its lock', async () => {
    const server = fakeServer()
    await recorded(['a'], { stopped: false })
    const query = async () => ({ held: [{ name: `wings-recording:${ID}`, mode: 'exclusive' }], pending: [] })
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks: { query } }))
    try {
      await uploadPending(deps(server.api))
    } finally {
      vi.unstubAllGlobals()
    }
    expect(await db.recordings.get(ID)).toMatchObject({ state: 'recording', complete: false, uploaded: 1 })
    expect(server.calls).not.toContain('finish 1')
  })
})

describe('a recording stopped before its first chunk', () => {
  it('is deleted on the phone and in her account, where it may have been opened', async () => {
    const server = fakeServer()
    await recorded([], { stopped: false })
    server.recordings.set(ID, { chunks: [], finished: false })
    await uploadPending(deps(server.api))
    expect(server.calls).toEqual(['remove 5'])
    expect(server.recordings.has(ID)).toBe(false)
    expect(await db.recordings.count()).toBe(0)
  })
})

describe('deleting', () => {
  it('deletes it on the server, then forgets it on the phone; offline it waits', async () => {
    const server = fakeServer()
    await recorded(['a'])
    await uploadPending(deps(server.api))
    await db.recordings.update(ID, { deleting: true })
    server.failNext.remove = network()
    await expect(uploadPending(deps(server.api))).rejects.toThrow()
    expect(await db.recordings.get(ID)).toBeDefined()
    await uploadPending(deps(server.api))
    expect(server.recordings.has(ID)).toBe(false)
    expect(await db.recordings.get(ID)).toBeUndefined()
  })
})
