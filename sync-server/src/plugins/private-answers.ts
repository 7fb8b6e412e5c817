import type { FastifyInstance } from 'fastify'

/**
 * API answers are private unless a route says otherwise: most hold her data or depend on her session, a guest
 * cookie or a share token, and a browser or proxy must keep none of them, errors included. A route whose answer is
 * the same for everyone sets its own Cache-Control (the map tiles). Registered on the /api scope, so a new endpoint
 * is covered without a word.
 */
export function keepAnswersPrivate(api: FastifyInstance): void {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })
}
