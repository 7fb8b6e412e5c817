import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { type NearbyService, nearbyAreaRequest, nearbyRequest } from './service.ts'

/** GET /api/nearby and /api/nearby/area: no session needed; the whole API's rate limit applies. */
export const nearbyRoutes: FastifyPluginAsyncTypebox<{ nearby: NearbyService }> = async (app, { nearby }) => {
  app.route({
    ...endpoint(API.nearby),
    handler: async (request) => nearby.find(nearbyRequest(request.query)),
  })
  app.route({
    ...endpoint(API.nearbyArea),
    handler: async (request) => nearby.area(nearbyAreaRequest(request.query)),
  })
}
