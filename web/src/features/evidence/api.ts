/** The evidence API (docs/evidence.md) as the uploader and the list use it; the uploader's tests pass fakes. */
import type { EvidenceChunkResponse, EvidenceListResponse, EvidenceRecording, EvidenceStartBody } from '@wings/contract'
import { ApiError, callApi, NETWORK_MESSAGE, serverText } from '../../api/client.ts'

export interface EvidenceApi {
  /** Opens it (or finds it open): the seq the server expects next. */
  start(id: string, body: EvidenceStartBody): Promise<{ nextSeq: number; complete: boolean }>
  /** Sends chunk `seq`; a 409 past the next chunk is answered as `{ gap: nextSeq }`. */
  chunk(id: string, seq: number, data: ArrayBuffer): Promise<{ nextSeq: number } | { gap: number }>
  finish(id: string, chunks: number, durationMs: number): Promise<void>
  list(): Promise<EvidenceRecording[]>
  /** Deletes it; one already gone counts as deleted. */
  remove(id: string): Promise<void>
}

/** PUT the chunk's raw bytes (callApi sends JSON only). */
async function putChunk(id: string, seq: number, data: ArrayBuffer): Promise<EvidenceChunkResponse | { gap: number }> {
  const url = `/api/evidence/${encodeURIComponent(id)}/chunks/${seq}`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
      credentials: 'same-origin',
      body: data,
    })
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE, 'NETWORK_ERROR', false)
  }
  const body = (await response.json().catch(() => null)) as
    | (Partial<EvidenceChunkResponse> & { code?: string; message?: string })
    | null
  if (response.ok && body?.success === true) return body as EvidenceChunkResponse
  if (response.status === 409 && typeof body?.nextSeq === 'number') return { gap: body.nextSeq }
  const code = body?.code ?? 'HTTP_ERROR'
  const message = body?.message ?? `HTTP ${response.status}`
  const wait = Number(response.headers.get('retry-after'))
  throw new ApiError(
    response.status,
    await serverText(code, message),
    code,
    body !== null,
    Number.isFinite(wait) && wait > 0 ? wait * 1000 : null,
    message,
  )
}

export const evidenceApi: EvidenceApi = {
  async start(id, body) {
    const answer = await callApi('evidenceStart', { params: { id }, body })
    return { nextSeq: answer.nextSeq, complete: answer.recording.complete }
  },
  async chunk(id, seq, data) {
    const answer = await putChunk(id, seq, data)
    return 'gap' in answer ? answer : { nextSeq: answer.nextSeq }
  },
  async finish(id, chunks, durationMs) {
    await callApi('evidenceFinish', { params: { id }, body: { chunks, durationMs } })
  },
  async list() {
    const answer: EvidenceListResponse = await callApi('evidenceList')
    return answer.recordings
  },
  async remove(id) {
    try {
      await callApi('evidenceDelete', { params: { id } })
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
  },
}
