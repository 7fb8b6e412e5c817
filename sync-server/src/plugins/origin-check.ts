import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../http-error.ts'

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Refuses state-changing requests that a browser sent from another site (a CSRF defence beside SameSite=Lax).
 * A request without Origin comes from a non-browser client and is let through; `allowedOrigins` adds origins
 * besides the server's own, such as a development server.
 */
export function checkOrigin(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin
    if (!STATE_CHANGING.has(request.method) || origin === undefined || allowedOrigins.includes(origin)) return
    const url = URL.parse(origin)
    const ownHost = url && URL.parse(`${url.protocol}//${request.host}`)?.host
    if (!url || url.host !== ownHost) throw new HttpError(403, ErrorCode.badOrigin, ErrorMessages.badOrigin)
  })
}
