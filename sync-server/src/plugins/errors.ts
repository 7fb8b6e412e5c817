import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isStorageFault } from '../db/storage-fault.ts'
import { HttpError } from '../http-error.ts'

/** Seconds a client is asked to wait after a storage fault: long enough for someone to free disk space. */
export const STORAGE_RETRY_AFTER_SECONDS = 60

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.validation,
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
}

function toHttpError(error: FastifyError | HttpError): HttpError | null {
  if (error instanceof HttpError) return error
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, ErrorCode.payloadTooLarge, ErrorMessages.payloadTooLarge)
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, ErrorCode.unsupportedMediaType, ErrorMessages.unsupportedMediaType)
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, ErrorCode.validation, ErrorMessages.invalidJson)
  }
  if (isStorageFault(error)) {
    return new HttpError(503, ErrorCode.unavailable, ErrorMessages.storageUnavailable, {
      'retry-after': String(STORAGE_RETRY_AFTER_SECONDS),
    })
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500)
    return new HttpError(status, CODE_BY_STATUS[status] ?? ErrorCode.validation, error.message)
  return null
}

/**
 * Every failure leaves as `{ success: false, message, code }`; server faults are logged, never described. A storage
 * fault is 503 with Retry-After, so clients keep what they sent and retry (the web app's outbox does).
 */
export function answerErrorsAsJson(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const known = toHttpError(error)
    if (!known) {
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send({ success: false, message: ErrorMessages.internal, code: ErrorCode.internal })
    }
    if (known.statusCode >= 500) request.log.error({ err: error }, 'request failed')
    return reply
      .code(known.statusCode)
      .headers(known.headers)
      .send({ success: false, message: known.message, code: known.code })
  })
}

/**
 * The security headers hooks would add, for the answers no hook sees: the strictest, as they only carry an error
 * body. No referrer either: the refused URL may be a share link with its token.
 */
const FRAMEWORK_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}

/**
 * Fastify's router refuses a malformed URL (a broken %-escape, 400) or an overlong path parameter (414) before any
 * hook or error handler runs; this answers those in the API's own shape too, without echoing the path (a share
 * URL holds its token). Passed as the `frameworkErrors` option of the Fastify constructor.
 */
export function answerFrameworkErrorsAsJson(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400
  reply
    .code(status)
    .headers(FRAMEWORK_ERROR_HEADERS)
    .send({ success: false, message: ErrorMessages.badUrl, code: ErrorCode.validation })
}
