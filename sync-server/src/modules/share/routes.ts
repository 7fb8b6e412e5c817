import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ShareCheckInBody,
  ShareCreateBody,
  ShareCreateResponse,
  ShareKeyBody,
  ShareMessages,
  ShareOkResponse,
  SharePositionBody,
  ShareTokenParams,
  ShareView,
} from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { ShareService } from './service.ts'

const SHARE_URL = /^(\/api\/share\/|\/s\/)[^/?#]+/

/** A URL with a share token hidden, for the request log: whoever holds a token can follow her. */
export const hideShareToken = (url: string): string => url.replace(SHARE_URL, '$1<token>')

interface Options {
  share: ShareService
  /** POST /api/share per IP. */
  createLimit: RateLimit
  /** Each of position, checkin and safe, per IP (stop and GET only have the general /api limit). */
  updateLimit: RateLimit
}

/** Live location sharing, open to visitors: the token is the viewer's right to read, the write key hers to write. */
export const shareRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { share, createLimit, updateLimit }) => {
  // Live positions must never be kept by a browser or a proxy cache, errors included.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  const updates = routeRateLimit(updateLimit, ShareMessages.tooManyUpdates)

  app.post(
    '/share',
    {
      schema: { body: ShareCreateBody, response: { 201: ShareCreateResponse } },
      config: routeRateLimit(createLimit, ShareMessages.tooManyShares),
    },
    async (request, reply) => reply.code(201).send(share.create(request.body)),
  )

  app.get('/share/:token', { schema: { params: ShareTokenParams, response: { 200: ShareView } } }, async (request) =>
    share.view(request.params.token),
  )

  app.post(
    '/share/:token/position',
    {
      schema: { params: ShareTokenParams, body: SharePositionBody, response: { 200: ShareOkResponse } },
      config: updates,
    },
    async (request) => {
      share.position(request.params.token, request.body)
      return { success: true as const }
    },
  )

  app.post(
    '/share/:token/stop',
    { schema: { params: ShareTokenParams, body: ShareKeyBody, response: { 200: ShareOkResponse } } },
    async (request) => {
      share.stop(request.params.token, request.body.writeKey)
      return { success: true as const, message: ShareMessages.stopped }
    },
  )

  app.post(
    '/share/:token/checkin',
    {
      schema: { params: ShareTokenParams, body: ShareCheckInBody, response: { 200: ShareOkResponse } },
      config: updates,
    },
    async (request) => {
      share.checkIn(request.params.token, request.body)
      return { success: true as const, message: ShareMessages.checkInSet }
    },
  )

  app.post(
    '/share/:token/safe',
    { schema: { params: ShareTokenParams, body: ShareKeyBody, response: { 200: ShareOkResponse } }, config: updates },
    async (request) => {
      share.safe(request.params.token, request.body.writeKey)
      return { success: true as const, message: ShareMessages.safe }
    },
  )
}
