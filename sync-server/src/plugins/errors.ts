import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type StorageFaultKind, storageFaultKind } from '../db/storage-fault.ts'
import { HttpError } from '../http-error.ts'
import { PERMISSIONS_POLICY } from './security-headers.ts'

/** Seconds a client is asked to wait after a storage fault: long enough for someone to free disk space. */
export const STORAGE_RETRY_AFTER_SECONDS = 60
/** After PostgreSQL was unreachable: short, as an SOS op waits in the phone's outbox meanwhile. */
export const POSTGRES_RETRY_AFTER_SECONDS = 5
/** After a deadlock or serialization failure, which sending again mends. */
export const RETRYABLE_RETRY_AFTER_SECONDS = 1

const RETRY_AFTER_SECONDS: Record<StorageFaultKind, number> = {
  sqlite: STORAGE_RETRY_AFTER_SECONDS,
  postgres: POSTGRES_RETRY_AFTER_SECONDS,
  retryable: RETRYABLE_RETRY_AFTER_SECONDS,
}

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
  const fault = storageFaultKind(error)
  if (fault !== null) {
    const message = fault === 'retryable' ? ErrorMessages.busy : ErrorMessages.storageUnavailable
    return new HttpError(503, ErrorCode.unavailable, message, { 'retry-after': String(RETRY_AFTER_SECONDS[fault]) })
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
  'permissions-policy': PERMISSIONS_POLICY,
}

/**
 * Fastify's router refuses a malformed URL (a broken %-escape, 400) or an overlong path parameter (414) before any
 * hook or error handler runs; this answers those in the API's own shape too, without echoing the path (a share
 * URL holds its token). Passed as the `frameworkErrors` option of the Fastify constructor.
 */
export function answerFrameworkErrorsAsJson(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  refuseUrl(reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400)
}

/** A refused URL, answered with the strict headers and without echoing it. */
const refuseUrl = (reply: FastifyReply, status: number) =>
  reply
    .code(status)
    .headers(FRAMEWORK_ERROR_HEADERS)
    .send({ success: false, message: ErrorMessages.badUrl, code: ErrorCode.validation })

/**
 * No URL of the app comes near this (the longest, a place search, is under 2,500 characters); a longer one is refused
 * with 414 before any rule or route runs. Node refuses a request line over its 16 kB header limit itself, which
 * answerClientErrorsAsJson answers as 414 too.
 */
export const MAX_URL_LENGTH = 4096

/** Answers 414 to a URL over MAX_URL_LENGTH, whatever its path: a root hook, added before every other. */
export function refuseLongUrls(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) return refuseUrl(reply, 414)
  })
}

/** Time a refused connection may go on sending before it is cut, so that the client reads the answer, not a reset. */
const LINGER_MS = 1000

/** Node's HTTP parser error, with the bytes of the request it had read (a Buffer, whatever Fastify's types say). */
type ClientError = Error & { code?: string; rawPacket?: unknown }

/** Whether the part of the request Node refused holds a request line longer than MAX_URL_LENGTH. */
function requestLineTooLong({ code, rawPacket }: ClientError): boolean {
  if (code !== 'HPE_HEADER_OVERFLOW' || !Buffer.isBuffer(rawPacket)) return false
  // The method, a space, the URL, " HTTP/1.1" and the line break.
  return !rawPacket.subarray(0, MAX_URL_LENGTH + 32).includes('\n')
}

/**
 * Node refuses a request it cannot parse (malformed, headers or request line over 16 kB, too slow) before Fastify
 * sees it. Answers in the API's shape with the strict headers, 414 for an overlong URL, and logs nothing: the request
 * Node read, in `rawPacket`, may hold a share token. Passed as the `clientErrorHandler` of the Fastify constructor.
 */
export function answerClientErrorsAsJson(error: ClientError, socket: Socket): void {
  // The parser reports every further chunk of a refused request too: answer once.
  if (error.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, ErrorMessages.badRequest]
      : requestLineTooLong(error)
        ? [414, ErrorMessages.badUrl]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, ErrorMessages.badRequest]
          : [400, ErrorMessages.badRequest]
  const body = JSON.stringify({ success: false, message, code: ErrorCode.validation })
  const headers = Object.entries({
    ...FRAMEWORK_ERROR_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...headers.map(([name, value]) => `${name}: ${value}`)]
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
  // Read and drop what the client still sends, then cut: closing with unread data would reset the connection.
  socket.resume()
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}
