import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorCode, HealthResponse } from '@wings/contract'
import { HttpError } from '../../http-error.ts'
import type { HealthRepo } from './repo.ts'

export const healthRoutes: FastifyPluginAsyncTypebox<{ health: HealthRepo }> = async (app, { health }) => {
  app.get('/healthz', { schema: { response: { 200: HealthResponse } } }, async () => {
    if (!health.ping()) throw new HttpError(503, ErrorCode.unavailable, 'The database is not answering')
    return { ok: true } as const
  })
}
