import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { IncidentMessages, RouteRateBody, RouteRateResponse, TipsQuery, TipsResponse } from '@wings/contract'
import type { RatingsService } from './service.ts'

/** Open to visitors and anonymous, like incident reports. */
export const ratingsRoutes: FastifyPluginAsyncTypebox<{ ratings: RatingsService }> = async (app, { ratings }) => {
  app.post(
    '/route/rate',
    { schema: { body: RouteRateBody, response: { 201: RouteRateResponse } } },
    async (request, reply) => {
      await ratings.rate(request.body, normalizeIP(request.ip))
      return reply.code(201).send({ success: true, message: IncidentMessages.rated })
    },
  )

  app.get('/tips', { schema: { querystring: TipsQuery, response: { 200: TipsResponse } } }, async (request) =>
    ratings.tips(request.query),
  )
}
