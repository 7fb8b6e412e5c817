import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, ErrorCode, GEOCODE_LIMIT_DEFAULT, GeocodeMessages, type GeocodeSearchQuery } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { HttpError } from '../../http-error.ts'
import { addressOf, nominatimAnswer } from './nominatim.ts'
import { type GeocodeService, resultOf, type SearchOptions, type ViewBox } from './service.ts'

function coordinate(text: string, max: number, message: string): number {
  const value = Number(text.trim())
  if (!Number.isFinite(value) || Math.abs(value) > max) throw new HttpError(400, ErrorCode.validation, message)
  return value
}

const invalid = (message: string) => new HttpError(400, ErrorCode.validation, message)

/** Nominatim's viewbox: two opposite corners, lon,lat,lon,lat, in either order. */
function viewBox(text: string): ViewBox {
  const [x1, y1, x2, y2] = text.split(',').map((v) => Number(v.trim())) as [number, number, number, number]
  if (![x1, x2].every((x) => Math.abs(x) <= 180) || ![y1, y2].every((y) => Math.abs(y) <= 90))
    throw invalid(GeocodeMessages.viewbox)
  if (x1 === x2 || y1 === y2) throw invalid(GeocodeMessages.viewboxEmpty)
  return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)]
}

function searchOptions(query: GeocodeSearchQuery): SearchOptions {
  const bounded = query.bounded === '1'
  if (bounded && query.viewbox === undefined) throw invalid(GeocodeMessages.boundedNeedsViewbox)
  return {
    limit: Number(query.limit ?? GEOCODE_LIMIT_DEFAULT),
    bounded,
    ...(query.viewbox === undefined ? {} : { viewbox: viewBox(query.viewbox) }),
    ...(query.countrycodes === undefined
      ? {}
      : { countries: query.countrycodes.split(',').map((c) => c.trim().toLowerCase()) }),
  }
}

/** Place search and reverse geocoding over the imported region; no session needed. */
export const geocodeRoutes: FastifyPluginAsyncTypebox<{ geocode: GeocodeService }> = async (app, { geocode }) => {
  app.route({
    ...endpoint(API.geocodeSearch),
    handler: async (request) => {
      const { query } = request
      const details = query.addressdetails === '1'
      const answer = geocode.find(query.q.trim(), searchOptions(query))
      // Nominatim's clients expect an empty list for a place not found; Wings' own answer says why.
      if (query.format) return nominatimAnswer(query.format, answer.hits, details, answer.country)
      if (answer.outside) throw new HttpError(422, ErrorCode.outsideRegion, GeocodeMessages.outside)
      return answer.hits.map((hit) => resultOf(hit, details ? addressOf(hit, answer.country) : undefined))
    },
  })
  app.route({
    ...endpoint(API.geocodeReverse),
    handler: async (request) =>
      geocode.reverse(
        coordinate(request.query.lat, 90, GeocodeMessages.lat),
        coordinate(request.query.lon, 180, GeocodeMessages.lon),
      ),
  })
}
