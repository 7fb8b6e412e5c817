import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, ErrorCode, ShareMessages } from '@wings/contract'
import type { FastifyRequest } from 'fastify'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { RateLimit } from '../../config.ts'
import { endpoint } from '../../http/endpoint.ts'
import { HttpError } from '../../http-error.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { ShareService } from './service.ts'

interface Options {
  share: ShareService
  /** Each of position, checkin and safe, per share (stop and GET only have the general /api limit). */
  updateLimit: RateLimit
  /** Refused updates per IP (config.rateLimits.shareUpdateFailures). */
  failureLimit: AttemptLimit
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Refused answers of this route count against the client's IP (shareRoutes). */
    refuseGuessing?: boolean
  }
}

/** What an update answers when the share is not hers to change: counted per IP to stop token guessing. */
const REFUSED = new Set([403, 404, 410])

/** Live location sharing, open to visitors: the token is the viewer's right to read, the write key hers to write. */
export const shareRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { share, updateLimit, failureLimit }) => {
  // Per share, not per IP: women behind one carrier NAT each keep their own updates.
  const perShare = (request: FastifyRequest) => `share ${(request.params as { token?: string }).token ?? ''}`
  const updates = {
    ...routeRateLimit(updateLimit, ShareMessages.tooManyUpdates, perShare),
    refuseGuessing: true,
  }

  // A client whose updates keep being refused (guessed tokens, wrong keys) waits, whatever token it tries next.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.refuseGuessing) return
    const wait = failureLimit.wait(normalizeIP(request.ip))
    if (wait > 0)
      throw new HttpError(429, ErrorCode.rateLimited, ShareMessages.tooManyUpdates, { 'retry-after': String(wait) })
  })
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.config.refuseGuessing && REFUSED.has(reply.statusCode))
      failureLimit.attempt(normalizeIP(request.ip))
  })

  app.route({
    ...endpoint(API.shareCreate),
    // Not the general per-IP /api limit, which everyone behind one carrier NAT shares: the service's limits count
    // per account or device, and never refuse an SOS.
    config: { rateLimit: false },
    onRequest: app.identifyUser,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(share.create(request.body, { account: request.user?._id ?? null, ip: normalizeIP(request.ip) })),
  })

  app.route({ ...endpoint(API.shareView), handler: async (request) => share.view(request.params.token) })

  app.route({
    ...endpoint(API.sharePosition),
    config: updates,
    handler: async (request) => {
      share.position(request.params.token, request.body)
      return { success: true as const }
    },
  })
  app.route({
    ...endpoint(API.shareStop),
    config: { refuseGuessing: true },
    handler: async (request) => {
      share.stop(request.params.token, request.body.writeKey)
      return { success: true as const, message: ShareMessages.stopped }
    },
  })
  app.route({
    ...endpoint(API.shareCheckIn),
    config: updates,
    handler: async (request) => {
      share.checkIn(request.params.token, request.body)
      return { success: true as const, message: ShareMessages.checkInSet }
    },
  })
  app.route({
    ...endpoint(API.shareSafe),
    config: updates,
    handler: async (request) => {
      share.safe(request.params.token, request.body)
      return { success: true as const, message: ShareMessages.safe }
    },
  })
}
