import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { predict } from './service.ts'

/** Open to visitors: a pure computation. */
export const predictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...endpoint(API.predict), handler: async (request) => predict(request.body) })
}
