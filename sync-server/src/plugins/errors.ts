import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyError, FastifyInstance } from 'fastify'
import { HttpError } from '../http-error.ts'

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
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500)
    return new HttpError(status, CODE_BY_STATUS[status] ?? ErrorCode.validation, error.message)
  return null
}

/** Every failure leaves as `{ success: false, message, code }`; server faults are logged, never described. */
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
