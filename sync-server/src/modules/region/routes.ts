import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import type { RegionService } from './service.ts'

export const regionRoutes: FastifyPluginAsyncTypebox<{ region: RegionService }> = async (app, { region }) => {
  app.route({ ...endpoint(API.region), handler: async () => region.info() })
}
