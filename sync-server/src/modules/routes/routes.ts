import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { RouteFindBody, RouteFindResponse } from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { RouteService } from './service.ts'

/** Route finding is open to visitors (no sign-in). */
export const routeFindRoutes: FastifyPluginAsyncTypebox<{ routes: RouteService; limit: RateLimit }> = async (
  app,
  { routes, limit },
) => {
  app.post(
    '/route/find',
    { schema: { body: RouteFindBody, response: { 200: RouteFindResponse } }, config: routeRateLimit(limit) },
    async (request) => routes.find(request.body),
  )
}
