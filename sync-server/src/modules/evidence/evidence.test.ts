import { randomUUID } from 'node:crypto'
import {
  EVIDENCE_CHUNK_MAX_BYTES,
  EvidenceChunkResponse,
  EvidenceGapBody,
  EvidenceListResponse,
  EvidenceMessages,
  EvidenceRecordingResponse,
  EvidenceStartResponse,
  SuccessBody,
} from '@wings/contract'
import type { LightMyRequestResponse } from 'fastify'
import type { TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { expectError } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import type { Cookies } from '../../testing/sync-ops.ts'
import { readDatabase, signedIn, type TestApp, twoUsers, withRateLimit } from '../../testing/test-app.ts'

let t: TestApp

const START = {
  mimeType: 'audio/webm;codecs=opus',
  startedAt: '2026-11-25T18:30:00.000Z',
  place: { lat: 18.9543, lon: 72.8238, accuracy: 12 },
}
const bytes = (text: string) => Buffer.from(text)

/** The answer, checked against its contract schema. */
function answer<S extends TSchema>(res: LightMyRequestResponse, status: number, schema: S) {
  expect(res.statusCode, res.body).toBe(status)
  const body = res.json()
  expect(Value.Errors(schema, body), res.body).toEqual([])
  return body as ReturnType<typeof Value.Parse<S>>
}

const start = (cookies: Cookies, id: string, body: object = START) =>
  t.app.inject({ method: 'PUT', url: `/api/evidence/${id}`, cookies, payload: body })
const chunk = (cookies: Cookies, id: string, seq: number | string, data: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/evidence/${id}/chunks/${seq}`,
    cookies,
    headers: { 'content-type': 'application/octet-stream' },
    payload: data,
  })
const finish = (cookies: Cookies, id: string, chunks: number, durationMs = 10_000) =>
  t.app.inject({ method: 'POST', url: `/api/evidence/${id}/finish`, cookies, payload: { chunks, durationMs } })
const list = (cookies: Cookies) => t.app.inject({ url: '/api/evidence', cookies })
const audio = (cookies: Cookies, id: string) => t.app.inject({ url: `/api/evidence/${id}/audio`, cookies })
const remove = (cookies: Cookies, id: string) => t.app.inject({ method: 'DELETE', url: `/api/evidence/${id}`, cookies })

const count = (table: string): number =>
  readDatabase(t.dbFile, (db) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number)

const notFound = (res: LightMyRequestResponse) => expectError(res, 404, 'NOT_FOUND', EvidenceMessages.notFound)

describe('a recording uploaded in chunks', () => {
  it('is opened, takes its chunks in order, is finished, listed for her and played back whole', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const id = randomUUID()
    const opened = answer(await start(asha, id), 201, EvidenceStartResponse)
    expect(opened.nextSeq).toBe(0)
    expect(opened.recording).toMatchObject({ id, complete: false, chunks: 0, bytes: 0, place: START.place })

    expect(answer(await chunk(asha, id, 0, bytes('first ')), 200, EvidenceChunkResponse)).toEqual({
      success: true,
      message: EvidenceMessages.chunkStored,
      stored: true,
      nextSeq: 1,
    })
    answer(await chunk(asha, id, 1, bytes('second')), 200, EvidenceChunkResponse)
    // Opening it again (the phone restarted) says where to resume, and changes nothing.
    expect(
      answer(await start(asha, id, { ...START, mimeType: 'audio/mp4' }), 200, EvidenceStartResponse),
    ).toMatchObject({ nextSeq: 2, recording: { mimeType: START.mimeType, chunks: 2 } })

    const done = answer(await finish(asha, id, 2, 9_500), 200, EvidenceRecordingResponse)
    expect(done.recording).toMatchObject({ complete: true, durationMs: 9_500, bytes: 12, chunks: 2 })
    // Finishing again is the same answer.
    expect(answer(await finish(asha, id, 2, 9_500), 200, EvidenceRecordingResponse).recording).toEqual(done.recording)

    const listed = answer(await list(asha), 200, EvidenceListResponse)
    expect(listed.recordings).toEqual([
      {
        id,
        mimeType: START.mimeType,
        startedAt: START.startedAt,
        durationMs: 9_500,
        bytes: 12,
        chunks: 2,
        place: START.place,
        complete: true,
      },
    ])

    const played = await audio(asha, id)
    expect(played.statusCode).toBe(200)
    expect(played.headers['content-type']).toBe(START.mimeType)
    expect(played.body).toBe('first second')
  })

  it('stores a chunk sent twice once: the same bytes are "already stored", different ones 409', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const id = randomUUID()
    await start(asha, id)
    answer(await chunk(asha, id, 0, bytes('one')), 200, EvidenceChunkResponse)
    expect(answer(await chunk(asha, id, 0, bytes('one')), 200, EvidenceChunkResponse)).toEqual({
      success: true,
      message: EvidenceMessages.chunkAlreadyStored,
      stored: false,
      nextSeq: 1,
    })
    expectError(await chunk(asha, id, 0, bytes('two')), 409, 'CONFLICT', EvidenceMessages.chunkDiffers)
    expect(count('evidence_chunks')).toBe(1)
    expect(answer(await list(asha), 200, EvidenceListResponse).recordings[0]).toMatchObject({ chunks: 1, bytes: 3 })
  })

  it('refuses a chunk out of order with 409 and the seq to resume at, storing nothing', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const id = randomUUID()
    await start(asha, id)
    expect(answer(await chunk(asha, id, 2, bytes('late')), 409, EvidenceGapBody)).toEqual({
      success: false,
      message: EvidenceMessages.chunkGap,
      code: 'CONFLICT',
      nextSeq: 0,
    })
    expect(count('evidence_chunks')).toBe(0)
    // The phone resumes where the server says.
    answer(await chunk(asha, id, 0, bytes('a')), 200, EvidenceChunkResponse)
    expect(answer(await chunk(asha, id, 5, bytes('f')), 409, EvidenceGapBody).nextSeq).toBe(1)
    answer(await chunk(asha, id, 1, bytes('b')), 200, EvidenceChunkResponse)
    expect(count('evidence_chunks')).toBe(2)
  })

  it('refuses a finish whose count does not match, and chunks after the finish', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const id = randomUUID()
    await start(asha, id)
    await chunk(asha, id, 0, bytes('a'))
    expectError(await finish(asha, id, 2), 409, 'CONFLICT', EvidenceMessages.countMismatch)
    expect(answer(await list(asha), 200, EvidenceListResponse).recordings[0]?.complete).toBe(false)
    answer(await finish(asha, id, 1), 200, EvidenceRecordingResponse)
    expectError(await finish(asha, id, 0), 409, 'CONFLICT', EvidenceMessages.countMismatch)
    expectError(await chunk(asha, id, 1, bytes('b')), 409, 'CONFLICT', EvidenceMessages.finished)
    // Her chunk sent again after the finish (its answer was lost) is still "already stored".
    expect(answer(await chunk(asha, id, 0, bytes('a')), 200, EvidenceChunkResponse).stored).toBe(false)
  })

  it('refuses an empty chunk, one over the size limit, a JSON chunk and a bad id or seq, storing nothing', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const id = randomUUID()
    await start(asha, id)
    expectError(await chunk(asha, id, 0, Buffer.alloc(0)), 400, 'VALIDATION_ERROR', EvidenceMessages.chunkEmpty)
    const big = await chunk(asha, id, 0, Buffer.alloc(EVIDENCE_CHUNK_MAX_BYTES + 1, 1))
    expect(big.statusCode).toBe(413)
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/evidence/${id}/chunks/0`,
      cookies: asha,
      payload: { audio: 'x' },
    })
    expect(json.statusCode).toBe(415)
    expect((await chunk(asha, 'not-a-uuid', 0, bytes('a'))).statusCode).toBe(400)
    expect((await chunk(asha, id, -1, bytes('a'))).statusCode).toBe(400)
    expect((await start(asha, randomUUID(), { ...START, mimeType: 'text/html' })).statusCode).toBe(400)
    expect(count('evidence_chunks')).toBe(0)
    // A chunk of exactly the limit is taken.
    answer(await chunk(asha, id, 0, Buffer.alloc(EVIDENCE_CHUNK_MAX_BYTES, 1)), 200, EvidenceChunkResponse)
  })

  it('limits chunks per session with a 429', async () => {
    t = await freshApp(withRateLimit('evidenceChunk', 2))
    const asha = await signedIn(t.app)
    const id = randomUUID()
    await start(asha, id)
    await chunk(asha, id, 0, bytes('a'))
    await chunk(asha, id, 1, bytes('b'))
    expectError(await chunk(asha, id, 2, bytes('c')), 429, 'RATE_LIMITED', EvidenceMessages.tooManyChunks)
  })
})

describe('only hers', () => {
  it('answers 401 without a session on every route', async () => {
    t = await freshApp()
    const id = randomUUID()
    for (const res of [
      await start({}, id),
      await chunk({}, id, 0, bytes('a')),
      await finish({}, id, 0),
      await list({}),
      await audio({}, id),
      await remove({}, id),
    ])
      expectError(res, 401, 'UNAUTHENTICATED', 'Please log in to continue')
    expect(count('evidence_recordings')).toBe(0)
  })

  it("answers 404 for another user's recording on every route, never lists it and changes nothing", async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    const id = randomUUID()
    await start(asha, id)
    await chunk(asha, id, 0, bytes('hers'))
    notFound(await start(meera, id))
    notFound(await chunk(meera, id, 0, bytes('hers')))
    notFound(await chunk(meera, id, 1, bytes('more')))
    notFound(await finish(meera, id, 1))
    notFound(await audio(meera, id))
    notFound(await remove(meera, id))
    expect(answer(await list(meera), 200, EvidenceListResponse).recordings).toEqual([])
    const hers = answer(await list(asha), 200, EvidenceListResponse).recordings
    expect(hers).toMatchObject([{ id, chunks: 1, complete: false }])
    expect(count('evidence_chunks')).toBe(1)
    // One that does not exist answers the same.
    notFound(await audio(meera, randomUUID()))
  })

  it('deletes hers with every chunk; a second delete is 404', async () => {
    t = await freshApp()
    const asha = await signedIn(t.app)
    const id = randomUUID()
    await start(asha, id)
    await chunk(asha, id, 0, bytes('a'))
    answer(await remove(asha, id), 200, SuccessBody)
    expect(count('evidence_recordings')).toBe(0)
    expect(count('evidence_chunks')).toBe(0)
    expect(answer(await list(asha), 200, EvidenceListResponse).recordings).toEqual([])
    notFound(await remove(asha, id))
    notFound(await audio(asha, id))
  })

  it('deletes her recordings when her account is deleted', async () => {
    t = await freshApp()
    const { asha, meera } = await twoUsers(t.app)
    await start(asha, randomUUID())
    const mine = randomUUID()
    await start(meera, mine)
    await chunk(meera, mine, 0, bytes('meera'))
    const ashaId = (await t.app.inject({ url: '/api/profile', cookies: asha })).json().data._id as string
    await start(asha, randomUUID())
    const db = (await import('better-sqlite3')).default(t.dbFile)
    try {
      db.pragma('foreign_keys = ON')
      db.prepare('DELETE FROM users WHERE id = ?').run(ashaId)
    } finally {
      db.close()
    }
    expect(count('evidence_recordings')).toBe(1)
    expect(count('evidence_chunks')).toBe(1)
  })
})
