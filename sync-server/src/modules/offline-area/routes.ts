import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, OFFLINE_AREA_MEDIA_TYPE } from '@wings/contract'
import type { FastifyReply } from 'fastify'
import { endpoint } from '../../http/endpoint.ts'
import { type OfflineAreaService, offlineAreaRequest } from './service.ts'

/** Whether Accept-Encoding allows gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (coding !== 'gzip' && coding !== '*') continue
    const q = params.find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  }
  return false
}

/**
 * GET /api/offline/area: no session needed; the whole API's rate limit applies, as for /api/nearby/area. The same
 * answer for everyone, so it may be kept, but revalidated every time (its ETag changes with the area's signals).
 */
export const offlineAreaRoutes: FastifyPluginAsyncTypebox<{ offlineArea: OfflineAreaService }> = async (
  app,
  { offlineArea },
) => {
  app.route({
    ...endpoint(API.offlineArea),
    handler: async (request, reply) => {
      const answer = offlineArea.bundle(offlineAreaRequest(request.query), request.headers['if-none-match'])
      reply.header('cache-control', 'public, no-cache').header('etag', answer.etag).header('vary', 'accept-encoding')
      // A 304 has no body, so no schema of the table's.
      if (answer.status === 304) return (reply as FastifyReply).code(304).send()
      if (!acceptsGzip(request.headers['accept-encoding']))
        return reply
          .type(OFFLINE_AREA_MEDIA_TYPE)
          .send(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength))
      return reply
        .type(OFFLINE_AREA_MEDIA_TYPE)
        .header('content-encoding', 'gzip')
        .send(await answer.gzip())
    },
  })
}
