import { createHash } from 'node:crypto'
import {
  ErrorCode,
  EVIDENCE_MAX_CHUNKS,
  EVIDENCE_MAX_DURATION_MS,
  EVIDENCE_RECORDING_MAX_BYTES,
  EVIDENCE_USER_MAX_BYTES,
  type EvidenceFinishBody,
  EvidenceMessages,
  type EvidenceRecording,
  type EvidenceStartBody,
} from '@wings/contract'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import type { EvidenceRepo, RecordingRecord } from './repo.ts'

interface Deps {
  repo: EvidenceRepo
  transact: Transact
  now?: () => Date
}

/** Another user's recording is not found, exactly as one that does not exist: nothing tells her it is there. */
const notFound = () => new HttpError(404, ErrorCode.notFound, EvidenceMessages.notFound)
const conflict = (message: string) => new HttpError(409, ErrorCode.conflict, message)
const tooLarge = (message: string) => new HttpError(413, ErrorCode.payloadTooLarge, message)

export const toRecording = (record: RecordingRecord): EvidenceRecording => ({
  id: record.id,
  mimeType: record.mimeType,
  startedAt: record.startedAt,
  durationMs: record.durationMs ?? 0,
  bytes: record.bytes,
  chunks: record.chunks,
  ...(record.place ? { place: record.place } : {}),
  complete: record.finishedAt !== null,
})

export type ChunkOutcome =
  /** Stored now (`stored`), or the same bytes were stored before (nothing changed). */
  | { kind: 'stored'; stored: boolean; nextSeq: number }
  /** Past the next expected chunk: the phone resumes at `nextSeq`. */
  | { kind: 'gap'; nextSeq: number }

/**
 * Evidence recordings (docs/evidence.md): each is its owner's alone. Chunks are stored strictly in order, each
 * exactly once: the same chunk again changes nothing, a different one at a stored place is refused.
 */
export function createEvidenceService({ repo, transact, now = () => new Date() }: Deps) {
  const hers = (userId: string, id: string): RecordingRecord => {
    const record = repo.find(id)
    if (!record || record.userId !== userId) throw notFound()
    return record
  }

  return {
    /** PUT /api/evidence/:id: opens her recording, or answers the open one as it is (its first metadata stays). */
    start(userId: string, id: string, body: EvidenceStartBody): { recording: EvidenceRecording; created: boolean } {
      return transact(() => {
        const existing = repo.find(id)
        if (existing) {
          if (existing.userId !== userId) throw notFound()
          return { recording: toRecording(existing), created: false }
        }
        repo.insert({
          id,
          userId,
          mimeType: body.mimeType,
          startedAt: new Date(body.startedAt).toISOString(),
          ...(body.place ? { place: body.place } : {}),
          createdAt: now().toISOString(),
        })
        return { recording: toRecording(hers(userId, id)), created: true }
      })
    },

    /** PUT /api/evidence/:id/chunks/:seq with the chunk's bytes. */
    putChunk(userId: string, id: string, seq: number, data: Buffer): ChunkOutcome {
      if (data.length === 0) throw new HttpError(400, ErrorCode.validation, EvidenceMessages.chunkEmpty)
      const sha256 = createHash('sha256').update(data).digest('hex')
      return transact(() => {
        const record = hers(userId, id)
        if (seq < record.chunks) {
          if (repo.chunk(id, seq)?.sha256 !== sha256) throw conflict(EvidenceMessages.chunkDiffers)
          return { kind: 'stored', stored: false, nextSeq: record.chunks }
        }
        if (record.finishedAt !== null) throw conflict(EvidenceMessages.finished)
        if (seq > record.chunks) return { kind: 'gap', nextSeq: record.chunks }
        if (seq >= EVIDENCE_MAX_CHUNKS) throw tooLarge(EvidenceMessages.tooLong)
        if (record.bytes + data.length > EVIDENCE_RECORDING_MAX_BYTES)
          throw tooLarge(EvidenceMessages.recordingTooLarge)
        if (repo.userBytes(userId) + data.length > EVIDENCE_USER_MAX_BYTES) throw tooLarge(EvidenceMessages.quotaFull)
        repo.addChunk(id, seq, sha256, data)
        return { kind: 'stored', stored: true, nextSeq: seq + 1 }
      })
    },

    /** POST /api/evidence/:id/finish: closes it; again with the same count answers it as it is. */
    finish(userId: string, id: string, body: EvidenceFinishBody): EvidenceRecording {
      return transact(() => {
        const record = hers(userId, id)
        if (body.chunks !== record.chunks) throw conflict(EvidenceMessages.countMismatch)
        if (record.finishedAt !== null) return toRecording(record)
        if (body.durationMs > EVIDENCE_MAX_DURATION_MS + 60_000) throw tooLarge(EvidenceMessages.tooLong)
        repo.finish(id, body.durationMs, now().toISOString())
        return toRecording(hers(userId, id))
      })
    },

    /** GET /api/evidence: hers, newest first. */
    list: (userId: string): EvidenceRecording[] => repo.byUser(userId).map(toRecording),

    /** GET /api/evidence/:id/audio: her recording's type, size and a reader of its chunks in order. */
    audio(userId: string, id: string) {
      const record = hers(userId, id)
      return {
        mimeType: record.mimeType,
        bytes: record.bytes,
        chunks: record.chunks,
        read: (seq: number): Buffer | undefined => repo.chunkData(id, seq),
      }
    },

    /** DELETE /api/evidence/:id: gone with every chunk. A second delete is 404, which the phone takes as done. */
    remove(userId: string, id: string): void {
      transact(() => {
        hers(userId, id)
        repo.delete(id)
      })
    },
  }
}

export type EvidenceService = ReturnType<typeof createEvidenceService>
