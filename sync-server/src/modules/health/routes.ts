import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, ErrorCode } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { HttpError } from '../../http-error.ts'
import type { HealthRepo } from './repo.ts'

interface Options {
  health: HealthRepo
  /** The database was opened for reading only (db/serving-database.ts). */
  readOnly: boolean
}

export const healthRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { health, readOnly }) => {
  app.route({
    ...endpoint(API.health),
    handler: async () => {
      if (!health.ping()) throw new HttpError(503, ErrorCode.unavailable, 'The database is not answering')
      return readOnly ? ({ ok: true, degraded: 'read-only' } as const) : ({ ok: true } as const)
    },
  })
}
