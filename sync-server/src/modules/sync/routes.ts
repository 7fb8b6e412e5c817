import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import type { FastifyRequest } from 'fastify'
import type { RateLimit } from '../../config.ts'
import { endpoint } from '../../http/endpoint.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import { signedInUser } from '../../plugins/session.ts'
import { WorkersBusyError } from '../../workers-busy.ts'
import type { GuestCookie } from '../chat/guest-cookie.ts'
import type { SyncService } from './service.ts'

/** More than a phone's usual ops take (a push of long route ratings may). */
const LARGE_PUSH_BYTES = 64 * 1024

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
  // While the workers could not take a push's worth of route ratings, a large push is answered 503 with Retry-After
  // before its body is read: refusing a flood of large bodies must not itself keep this thread busy.
  const refuseLargeWhileBusy = async (request: FastifyRequest) => {
    const bytes = Number(request.headers['content-length'] ?? 0)
    if (bytes > LARGE_PUSH_BYTES && !sync.roomForCostlyOps()) throw new WorkersBusyError()
  }

  app.route({
    ...endpoint(API.syncPush),
    onRequest: [refuseLargeWhileBusy, app.identifyUser],
    bodyLimit: pushBodyLimit,
    config: routeRateLimit(pushLimit),
    handler: async (request, reply) => ({
      success: true as const,
      results: await sync.push(request.body, {
        user: request.user,
        client: normalizeIP(request.ip),
        userAgent: request.headers['user-agent'] ?? '',
        guest: guestCookie(request, reply),
        log: request.log,
      }),
    }),
  })

  app.route({
    ...endpoint(API.syncPull),
    onRequest: app.requireUser,
    handler: async (request) => ({
      success: true as const,
      ...sync.pull(signedInUser(request)._id, Number(request.query.since)),
    }),
  })
}
