import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  API,
  ErrorCode,
  TILE_FORMAT,
  TILE_MEDIA_TYPE,
  TILE_SIZE_MAX_TILES,
  TileMessages,
  VECTOR_TILE_MAX_ZOOM,
} from '@wings/contract'
import { latToWorldY, lonToWorldX } from '@wings/geo'
import { endpoint } from '../../http/endpoint.ts'
import { HttpError } from '../../http-error.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { Box } from './coastline.ts'
import type { TilesService } from './service.ts'
import { isValidTile } from './tile-math.ts'
import { tilesOver } from './vector-tiles.ts'

/** A map view loads 20-40 tiles at once and more on every pan, so tiles get a looser limit than other /api routes. */
export const TILE_RATE_LIMIT = { max: 3000, windowMs: 60_000 }

const WHOLE = /^\d{1,7}$/
const FILE = /^(\d{1,7})(?:\.([A-Za-z0-9]{1,10}))?$/

const bad = (message: string) => new HttpError(400, ErrorCode.validation, message)
const noRegion = () => new HttpError(503, ErrorCode.unavailable, TileMessages.noRegion)

/** 'minLon,minLat,maxLon,maxLat' as a world box. */
function parseBbox(text: string): Box {
  const v = text.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s)))
  const [minLon, minLat, maxLon, maxLat] = v as [number, number, number, number]
  if (
    v.length !== 4 ||
    !v.every(Number.isFinite) ||
    minLon < -180 ||
    maxLon > 180 ||
    minLat < -85.0511 ||
    maxLat > 85.0511 ||
    minLon >= maxLon ||
    minLat >= maxLat
  )
    throw bad(TileMessages.badArea)
  return [lonToWorldX(minLon), latToWorldY(maxLat), lonToWorldX(maxLon), latToWorldY(minLat)]
}

function parseZoom(text: string): number {
  if (!WHOLE.test(text)) throw bad(TileMessages.badZooms)
  return Number(text)
}

export const tilesRoutes: FastifyPluginAsyncTypebox<{ tiles: TilesService }> = async (app, { tiles }) => {
  app.get<{ Params: { z: string; x: string; file: string } }>(
    '/tiles/:z/:x/:file',
    { config: routeRateLimit(TILE_RATE_LIMIT) },
    async (request, reply) => {
      const { z, x, file } = request.params
      const name = FILE.exec(file)
      if (!WHOLE.test(z) || !WHOLE.test(x) || !name) throw bad(TileMessages.badTile)
      if (name[2] !== TILE_FORMAT) throw bad(TileMessages.badFormat)
      const [zoom, column, row] = [Number(z), Number(x), Number(name[1])]
      if (!isValidTile(zoom, column, row, VECTOR_TILE_MAX_ZOOM)) throw bad(TileMessages.badTile)
      const answer = tiles.tile(zoom, column, row, request.headers['if-none-match'])
      if (answer.status === 503) throw noRegion()
      reply.header('cache-control', 'public, max-age=86400').header('etag', answer.etag)
      if (answer.status === 304) return reply.code(304).send()
      return reply.type(TILE_MEDIA_TYPE).send(answer.data)
    },
  )

  app.route({
    ...endpoint(API.tileAreaSize),
    handler: async (request) => {
      const box = parseBbox(request.query.bbox)
      const minZoom = parseZoom(request.query.minzoom)
      const maxZoom = parseZoom(request.query.maxzoom)
      if (minZoom > maxZoom || maxZoom > VECTOR_TILE_MAX_ZOOM) throw bad(TileMessages.badZooms)
      let count = 0
      for (let z = minZoom; z <= maxZoom; z++) {
        const r = tilesOver(box, z)
        count += (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1)
      }
      if (count > TILE_SIZE_MAX_TILES) throw bad(TileMessages.tooManyTiles)
      const size = tiles.areaSize(box, minZoom, maxZoom)
      if (!size) throw noRegion()
      return size
    },
  })
}
