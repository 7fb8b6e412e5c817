import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { RegionInfo } from '@wings/contract'
import type { RegionService } from './service.ts'

export const regionRoutes: FastifyPluginAsyncTypebox<{ region: RegionService }> = async (app, { region }) => {
  app.get('/region', { schema: { response: { 200: RegionInfo } } }, async () => region.info())
}
