import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { type NearbyService, nearbyRequest } from './service.ts'

/** GET /api/nearby: no session needed; the whole API's rate limit applies. */
export const nearbyRoutes: FastifyPluginAsyncTypebox<{ nearby: NearbyService }> = async (app, { nearby }) => {
  app.route({
    ...endpoint(API.nearby),
    handler: async (request) => nearby.find(nearbyRequest(request.query)),
  })
}
