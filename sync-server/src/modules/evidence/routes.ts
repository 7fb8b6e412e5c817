import { Readable } from 'node:stream'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  API,
  ErrorCode,
  EVIDENCE_CHUNK_MAX_BYTES,
  EVIDENCE_ID_PATTERN,
  type EvidenceGapBody,
  EvidenceMessages,
} from '@wings/contract'
import type { FastifyRequest } from 'fastify'
import type { RateLimit } from '../../config.ts'
import { endpoint } from '../../http/endpoint.ts'
import { HttpError } from '../../http-error.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import { SESSION_COOKIE, signedInUser } from '../../plugins/session.ts'
import type { EvidenceService } from './service.ts'

interface Options {
  evidence: EvidenceService
  /** Chunks per session (config.rateLimits.evidenceChunk). */
  chunkLimit: RateLimit
}

const ID = new RegExp(EVIDENCE_ID_PATTERN)
const OCTET_STREAM_ONLY = 'Content-Type must be application/octet-stream'

/** Evidence recordings (docs/evidence.md): signed in only, and each recording is its owner's alone (else 404). */
export const evidenceRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { evidence, chunkLimit }) => {
  app.addHook('onRequest', app.requireUser)
  // Raw bytes on the chunk route only: the API reads JSON everywhere else (plugins/json-body.ts).
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  )
  // Per session (her recording catching up must not slow down others behind the same NAT).
  const perSession = (request: FastifyRequest) => `evidence ${request.cookies[SESSION_COOKIE] ?? request.ip}`

  app.route({
    ...endpoint(API.evidenceStart),
    handler: async (request, reply) => {
      const { recording, created } = evidence.start(signedInUser(request)._id, request.params.id, request.body)
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, message: EvidenceMessages.started, recording, nextSeq: recording.chunks })
    },
  })
  app.route({
    // A chunk past the next one is answered with the seq to resume at; other conflicts are plain errors.
    ...endpoint(API.evidenceChunk),
    bodyLimit: EVIDENCE_CHUNK_MAX_BYTES,
    // Refused before its body is read: only raw bytes are a chunk.
    preParsing: async (request) => {
      if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/octet-stream')
        throw new HttpError(415, ErrorCode.unsupportedMediaType, OCTET_STREAM_ONLY)
    },
    config: routeRateLimit(chunkLimit, EvidenceMessages.tooManyChunks, perSession),
    handler: async (request, reply) => {
      const body: unknown = request.body
      if (body !== undefined && !Buffer.isBuffer(body))
        throw new HttpError(415, ErrorCode.unsupportedMediaType, OCTET_STREAM_ONLY)
      const { id, seq } = request.params
      const outcome = evidence.putChunk(signedInUser(request)._id, id, Number(seq), body ?? Buffer.alloc(0))
      if (outcome.kind === 'gap') {
        const gap: EvidenceGapBody = {
          success: false,
          message: EvidenceMessages.chunkGap,
          code: ErrorCode.conflict,
          nextSeq: outcome.nextSeq,
        }
        return reply.code(409).send(gap)
      }
      const message = outcome.stored ? EvidenceMessages.chunkStored : EvidenceMessages.chunkAlreadyStored
      return { success: true as const, message, stored: outcome.stored, nextSeq: outcome.nextSeq }
    },
  })
  app.route({
    ...endpoint(API.evidenceFinish),
    handler: async (request) => ({
      success: true as const,
      message: EvidenceMessages.complete,
      recording: evidence.finish(signedInUser(request)._id, request.params.id, request.body),
    }),
  })
  app.route({
    ...endpoint(API.evidenceList),
    handler: async (request) => ({ success: true as const, recordings: evidence.list(signedInUser(request)._id) }),
  })
  app.route({
    ...endpoint(API.evidenceDelete),
    handler: async (request) => {
      evidence.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: EvidenceMessages.deleted }
    },
  })
  // The audio is a file, not JSON (evidenceAudioPath): streamed chunk by chunk, only to her.
  app.get<{ Params: { id: string } }>('/evidence/:id/audio', async (request, reply) => {
    const { id } = request.params
    if (!ID.test(id)) throw new HttpError(404, ErrorCode.notFound, EvidenceMessages.notFound)
    const audio = evidence.audio(signedInUser(request)._id, id)
    const chunks = function* () {
      for (let seq = 0; seq < audio.chunks; seq++) {
        const data = audio.read(seq)
        // Deleted while it was being played: the answer ends where the audio ends.
        if (!data) return
        yield data
      }
    }
    return reply
      .type(audio.mimeType)
      .header('content-length', String(audio.bytes))
      .header('content-disposition', 'inline')
      .send(Readable.from(chunks(), { objectMode: false }))
  })
}
