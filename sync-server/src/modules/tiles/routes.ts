import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ErrorCode, TileMessages } from '@wings/contract'
import { HttpError } from '../../http-error.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { TilesService } from './service.ts'
import { isValidTile } from './tile-math.ts'

/** A map view loads 20-40 tiles at once and more on every pan, so tiles get a looser limit than other /api routes. */
export const TILE_RATE_LIMIT = { max: 3000, windowMs: 60_000 }

const WHOLE = /^\d{1,7}$/

export const tilesRoutes: FastifyPluginAsyncTypebox<{ tiles: TilesService }> = async (app, { tiles }) => {
  app.get<{ Params: { z: string; x: string; y: string } }>(
    '/tiles/:z/:x/:y.png',
    { config: routeRateLimit(TILE_RATE_LIMIT) },
    async (request, reply) => {
      const { z, x, y } = request.params
      if (!WHOLE.test(z) || !WHOLE.test(x) || !WHOLE.test(y) || !isValidTile(Number(z), Number(x), Number(y)))
        throw new HttpError(400, ErrorCode.validation, TileMessages.badTile)
      const answer = await tiles.tile(Number(z), Number(x), Number(y), request.headers['if-none-match'])
      if (answer.status === 503) throw new HttpError(503, ErrorCode.unavailable, TileMessages.noRegion)
      reply.header('cache-control', 'public, max-age=86400').header('etag', answer.etag)
      if (answer.status === 304) return reply.code(304).send()
      return reply.type('image/png').send(answer.png)
    },
  )
}
