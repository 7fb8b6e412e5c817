import { type Static, Type } from 'typebox'

/** Limits of GET /api/geocode/search. */
export const GEOCODE_QUERY_MAX = 200
export const GEOCODE_LIMIT_DEFAULT = 5
export const GEOCODE_LIMIT_MAX = 20
/** GET /api/geocode/reverse looks this far (metres) for a street, POI or address. */
export const REVERSE_RADIUS_METERS = 150

export const GeocodeMessages = {
  noRegion: 'No region imported yet',
  nothingNear: 'No place found near this point',
  lat: 'lat must be a number from -90 to 90',
  lon: 'lon must be a number from -180 to 180',
} as const

/** What a place is: a named place (suburb, neighbourhood...), a named POI, a street, or an address. */
export const GeocodeKind = Type.Union([
  Type.Literal('place'),
  Type.Literal('poi'),
  Type.Literal('street'),
  Type.Literal('address'),
])
export type GeocodeKind = Static<typeof GeocodeKind>

/**
 * One search answer, in the spirit of public geocoders: `place_id` is the OSM element ('n123' node, 'w456' way;
 * a street merged from several ways has the id of one of them), `display_name` 'Name, Locality, City' with the
 * English / Latin name when the place has one, `type` the OSM value (station, hospital, suburb, residential,
 * house...). `lat`/`lon` are numbers (WGS84 degrees).
 */
export const GeocodeResult = Type.Object({
  place_id: Type.String(),
  display_name: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  type: Type.String(),
  kind: GeocodeKind,
})
export type GeocodeResult = Static<typeof GeocodeResult>

/** GET /api/geocode/search?q=&limit= : q 1..200 characters, not blank; limit 1..20, default 5. */
export const GeocodeSearchQuery = Type.Object(
  {
    q: Type.String({
      title: 'q',
      minLength: 1,
      maxLength: GEOCODE_QUERY_MAX,
      pattern: '\\S',
      messages: {
        minLength: 'q is required',
        pattern: 'q is required',
        maxLength: `q must be at most ${GEOCODE_QUERY_MAX} characters`,
      },
    }),
    limit: Type.Optional(
      Type.String({
        title: 'limit',
        pattern: '^([1-9]|1[0-9]|20)$',
        errorMessage: `limit must be a whole number from 1 to ${GEOCODE_LIMIT_MAX}`,
      }),
    ),
  },
  { additionalProperties: false },
)
export type GeocodeSearchQuery = Static<typeof GeocodeSearchQuery>

export const GeocodeSearchResponse = Type.Array(GeocodeResult)
export type GeocodeSearchResponse = Static<typeof GeocodeSearchResponse>

const Coordinate = (title: 'lat' | 'lon') =>
  Type.String({ title, pattern: '^\\s*-?[0-9]{1,3}(\\.[0-9]{1,15})?\\s*$', errorMessage: GeocodeMessages[title] })

/** GET /api/geocode/reverse?lat=&lon= : decimal degrees (no exponents, NaN or Infinity). */
export const GeocodeReverseQuery = Type.Object(
  { lat: Coordinate('lat'), lon: Coordinate('lon') },
  { additionalProperties: false },
)
export type GeocodeReverseQuery = Static<typeof GeocodeReverseQuery>

/** The nearest street, POI or address within REVERSE_RADIUS_METERS, with its locality. */
export const GeocodeReverseResponse = Type.Object({
  display_name: Type.String(),
  place_id: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  type: Type.String(),
  kind: GeocodeKind,
  /** Metres from the asked point. */
  distance: Type.Number(),
})
export type GeocodeReverseResponse = Static<typeof GeocodeReverseResponse>
