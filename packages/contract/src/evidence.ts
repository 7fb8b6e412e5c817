import { type Static, Type } from 'typebox'
import { ErrorBody } from './common.ts'
import {
  EVIDENCE_ID_PATTERN,
  EVIDENCE_MAX_CHUNKS,
  EVIDENCE_MAX_DURATION_MS,
  EVIDENCE_MIME_PATTERN,
} from './evidence-rules.ts'

/** A recording's id: the UUID the phone made when she started it. */
export const EvidenceId = Type.String({
  title: 'id',
  pattern: EVIDENCE_ID_PATTERN,
  errorMessage: 'The recording id must be a lowercase UUID',
})

export const EvidenceIdParams = Type.Object({ id: EvidenceId })
export type EvidenceIdParams = Static<typeof EvidenceIdParams>

/** PUT /api/evidence/:id/chunks/:seq: the body is the chunk's raw bytes (application/octet-stream). */
export const EvidenceChunkParams = Type.Object({
  id: EvidenceId,
  seq: Type.String({
    title: 'seq',
    pattern: '^(0|[1-9][0-9]{0,3})$',
    errorMessage: `seq must be a whole number from 0 to ${EVIDENCE_MAX_CHUNKS - 1}`,
  }),
})
export type EvidenceChunkParams = Static<typeof EvidenceChunkParams>

/** Where she was when she started, if she let Wings know her location. */
export const EvidencePlace = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false },
)
export type EvidencePlace = Static<typeof EvidencePlace>

/** PUT /api/evidence/:id: opens the recording (idempotent: an open one is answered as it is, with its next seq). */
export const EvidenceStartBody = Type.Object(
  {
    mimeType: Type.String({ pattern: EVIDENCE_MIME_PATTERN, errorMessage: 'mimeType must be an audio type' }),
    startedAt: Type.String({ format: 'date-time', errorMessage: 'startedAt must be an ISO date-time' }),
    place: Type.Optional(EvidencePlace),
  },
  { additionalProperties: false },
)
export type EvidenceStartBody = Static<typeof EvidenceStartBody>

export const EvidenceRecording = Type.Object({
  id: EvidenceId,
  mimeType: Type.String(),
  startedAt: Type.String(),
  /** 0 until the recording is finished. */
  durationMs: Type.Integer({ minimum: 0 }),
  bytes: Type.Integer({ minimum: 0 }),
  /** Chunks stored (the next expected seq). */
  chunks: Type.Integer({ minimum: 0 }),
  place: Type.Optional(EvidencePlace),
  /** Finished: every chunk is here and no more are taken. */
  complete: Type.Boolean(),
})
export type EvidenceRecording = Static<typeof EvidenceRecording>

export const EvidenceStartResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  recording: EvidenceRecording,
  nextSeq: Type.Integer({ minimum: 0 }),
})
export type EvidenceStartResponse = Static<typeof EvidenceStartResponse>

/** A chunk stored now, or the same bytes stored before (`stored: false`, nothing changed). */
export const EvidenceChunkResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  stored: Type.Boolean(),
  nextSeq: Type.Integer({ minimum: 0 }),
})
export type EvidenceChunkResponse = Static<typeof EvidenceChunkResponse>

/** 409 for a chunk past the next expected one: the client resumes at `nextSeq`. */
export const EvidenceGapBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.String(),
  nextSeq: Type.Integer({ minimum: 0 }),
})
export type EvidenceGapBody = Static<typeof EvidenceGapBody>

/** Every 409 of a chunk: the gap (with where to resume), or other bytes already stored there, or a finished one. */
export const EvidenceConflictBody = Type.Union([EvidenceGapBody, ErrorBody])

/** POST /api/evidence/:id/finish: closes it (idempotent with the same count; another count is 409). */
export const EvidenceFinishBody = Type.Object(
  {
    chunks: Type.Integer({ minimum: 0, maximum: EVIDENCE_MAX_CHUNKS }),
    durationMs: Type.Integer({ minimum: 0, maximum: EVIDENCE_MAX_DURATION_MS + 60_000 }),
  },
  { additionalProperties: false },
)
export type EvidenceFinishBody = Static<typeof EvidenceFinishBody>

export const EvidenceRecordingResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  recording: EvidenceRecording,
})
export type EvidenceRecordingResponse = Static<typeof EvidenceRecordingResponse>

/** GET /api/evidence: hers only, newest first. */
export const EvidenceListResponse = Type.Object({
  success: Type.Literal(true),
  recordings: Type.Array(EvidenceRecording),
})
export type EvidenceListResponse = Static<typeof EvidenceListResponse>
