import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, IncidentMessages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import type { RatingsService } from './service.ts'

/** Open to visitors and anonymous, like incident reports. */
export const ratingsRoutes: FastifyPluginAsyncTypebox<{ ratings: RatingsService }> = async (app, { ratings }) => {
  app.route({
    ...endpoint(API.routeRate),
    handler: async (request, reply) => {
      await ratings.rate(request.body, normalizeIP(request.ip))
      return reply.code(201).send({ success: true, message: IncidentMessages.rated })
    },
  })

  app.route({ ...endpoint(API.tips), handler: async (request) => ratings.tips(request.query) })
}
