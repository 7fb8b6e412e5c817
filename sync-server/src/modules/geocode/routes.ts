import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ErrorCode,
  GEOCODE_LIMIT_DEFAULT,
  GeocodeMessages,
  GeocodeReverseQuery,
  GeocodeReverseResponse,
  GeocodeSearchQuery,
  GeocodeSearchResponse,
} from '@wings/contract'
import { HttpError } from '../../http-error.ts'
import type { GeocodeService } from './service.ts'

function coordinate(text: string, max: number, message: string): number {
  const value = Number(text.trim())
  if (!Number.isFinite(value) || Math.abs(value) > max) throw new HttpError(400, ErrorCode.validation, message)
  return value
}

/** Place search and reverse geocoding over the imported region; no session needed. */
export const geocodeRoutes: FastifyPluginAsyncTypebox<{ geocode: GeocodeService }> = async (app, { geocode }) => {
  app.get(
    '/geocode/search',
    { schema: { querystring: GeocodeSearchQuery, response: { 200: GeocodeSearchResponse } } },
    async (request) => geocode.search(request.query.q.trim(), Number(request.query.limit ?? GEOCODE_LIMIT_DEFAULT)),
  )
  app.get(
    '/geocode/reverse',
    { schema: { querystring: GeocodeReverseQuery, response: { 200: GeocodeReverseResponse } } },
    async (request) =>
      geocode.reverse(
        coordinate(request.query.lat, 90, GeocodeMessages.lat),
        coordinate(request.query.lon, 180, GeocodeMessages.lon),
      ),
  )
}
