import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { endpoint } from '../../http/endpoint.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { RouteService } from './service.ts'

/** Route finding is open to visitors (no sign-in). */
export const routeFindRoutes: FastifyPluginAsyncTypebox<{ routes: RouteService; limit: RateLimit }> = async (
  app,
  { routes, limit },
) => {
  app.route({
    ...endpoint(API.routeFind),
    config: routeRateLimit(limit),
    handler: async (request) => routes.find(request.body),
  })
}
