import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PullQuery, PullResponse, PushBody, PushResponse } from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { GuestCookie } from '../chat/guest-cookie.ts'
import type { SyncService } from './service.ts'

interface Options {
  sync: SyncService
  pushLimit: RateLimit
  pushBodyLimit: number
  /** 'chat.send' ops from guests need the browser's wings_guest cookie (docs/chat.md). */
  guestCookie: GuestCookie
}

export const syncRoutes: FastifyPluginAsyncTypebox<Options> = async (
  app,
  { sync, pushLimit, pushBodyLimit, guestCookie },
) => {
  app.post(
    '/sync/push',
    {
      onRequest: app.identifyUser,
      bodyLimit: pushBodyLimit,
      schema: { body: PushBody, response: { 200: PushResponse } },
      config: routeRateLimit(pushLimit),
    },
    async (request, reply) => ({
      success: true as const,
      results: sync.push(request.body, {
        user: request.user,
        client: normalizeIP(request.ip),
        userAgent: request.headers['user-agent'] ?? '',
        guest: guestCookie(request, reply),
        log: request.log,
      }),
    }),
  )

  app.get(
    '/sync/pull',
    { onRequest: app.requireUser, schema: { querystring: PullQuery, response: { 200: PullResponse } } },
    async (request) => ({
      success: true as const,
      ...sync.pull(signedInUser(request)._id, Number(request.query.since)),
    }),
  )
}
