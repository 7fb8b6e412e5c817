import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PredictBody, PredictResponse } from '@wings/contract'
import { predict } from './service.ts'

/** Open to visitors: a pure computation. */
export const predictRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/predict', { schema: { body: PredictBody, response: { 200: PredictResponse } } }, async (request) =>
    predict(request.body),
  )
}
