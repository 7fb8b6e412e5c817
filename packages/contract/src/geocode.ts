import { type Static, Type } from 'typebox'
import { COVERAGE_MESSAGE } from './region-rules.ts'

/** Limits of GET /api/geocode/search. */
export const GEOCODE_QUERY_MAX = 200
export const GEOCODE_LIMIT_DEFAULT = 5
export const GEOCODE_LIMIT_MAX = 20
/** GET /api/geocode/reverse looks this far (metres) for a street, POI or address. */
export const REVERSE_RADIUS_METERS = 150

/** The answer formats of GET /api/geocode/search besides Wings' own (no `format`): Nominatim's. */
export const GEOCODE_FORMATS = ['json', 'jsonv2', 'geojson'] as const
export type GeocodeFormat = (typeof GEOCODE_FORMATS)[number]

/** The licence line of the Nominatim formats, as Nominatim words it. */
export const GEOCODE_LICENCE = 'Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright'

export const GeocodeMessages = {
  noRegion: 'No region imported yet',
  nothingNear: 'No place found near this point',
  lat: 'lat must be a number from -90 to 90',
  lon: 'lon must be a number from -180 to 180',
  /** HTTP 422 OUTSIDE_REGION: the name is one the region's data gives to a place outside it (docs/geocoding.md). */
  outside: COVERAGE_MESSAGE,
  format: 'format must be json, jsonv2 or geojson',
  countrycodes: 'countrycodes must be two-letter country codes separated by commas, like in,np',
  viewbox: 'viewbox must be four numbers: left,top,right,bottom in degrees of longitude and latitude',
  viewboxEmpty: 'viewbox must have a width and a height',
  bounded: 'bounded must be 0 or 1',
  boundedNeedsViewbox: 'bounded=1 needs a viewbox',
  addressdetails: 'addressdetails must be 0 or 1',
  acceptLanguage: 'accept-language must be language tags separated by commas, like en,hi;q=0.8',
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
/**
 * With addressdetails=1: the parts of a result's address Wings knows, under Nominatim's keys: the object's own name
 * under its OSM key (`railway`, `amenity`, `road`...), `house_number`, `road`, `suburb` (the locality), `city`,
 * `country_code`.
 */
export const GeocodeAddress = Type.Record(Type.String(), Type.String())
export type GeocodeAddress = Static<typeof GeocodeAddress>

/** Where a found place is and what it is, in Wings' own answers (search and reverse). */
const placePoint = { lat: Type.Number(), lon: Type.Number(), type: Type.String(), kind: GeocodeKind }

export const GeocodeResult = Type.Object({
  place_id: Type.String(),
  display_name: Type.String(),
  ...placePoint,
  address: Type.Optional(GeocodeAddress),
})
export type GeocodeResult = Static<typeof GeocodeResult>

const zeroOrOne = (title: string, errorMessage: string) =>
  Type.Optional(Type.String({ title, pattern: '^[01]$', errorMessage }))
const NUMBER = '\\s*-?[0-9]{1,3}(\\.[0-9]{1,15})?\\s*'

/**
 * GET /api/geocode/search?q=&limit= : q 1..200 characters, not blank; limit 1..20, default 5. The Nominatim
 * parameters clients send are accepted too: format (json, jsonv2, geojson; none: Wings' own answer), countrycodes,
 * viewbox and bounded, addressdetails, accept-language (accepted, not used). Any other parameter is refused.
 */
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
    format: Type.Optional(
      Type.Union(
        GEOCODE_FORMATS.map((f) => Type.Literal(f)),
        { title: 'format', errorMessage: GeocodeMessages.format },
      ),
    ),
    countrycodes: Type.Optional(
      Type.String({
        title: 'countrycodes',
        pattern: '^\\s*[A-Za-z]{2}(\\s*,\\s*[A-Za-z]{2})*\\s*$',
        errorMessage: GeocodeMessages.countrycodes,
      }),
    ),
    viewbox: Type.Optional(
      Type.String({
        title: 'viewbox',
        pattern: `^${NUMBER},${NUMBER},${NUMBER},${NUMBER}$`,
        errorMessage: GeocodeMessages.viewbox,
      }),
    ),
    bounded: zeroOrOne('bounded', GeocodeMessages.bounded),
    addressdetails: zeroOrOne('addressdetails', GeocodeMessages.addressdetails),
    'accept-language': Type.Optional(
      Type.String({
        title: 'accept-language',
        maxLength: 200,
        pattern: '^[A-Za-z0-9*;=., _-]*$',
        errorMessage: GeocodeMessages.acceptLanguage,
      }),
    ),
  },
  { additionalProperties: false },
)
export type GeocodeSearchQuery = Static<typeof GeocodeSearchQuery>

export const GeocodeSearchResponse = Type.Array(GeocodeResult)
export type GeocodeSearchResponse = Static<typeof GeocodeSearchResponse>

const OsmType = Type.Union([Type.Literal('node'), Type.Literal('way'), Type.Literal('relation')])

/** What Nominatim's json, jsonv2 and geojson results share. `place_id` is Wings' row number (changes per import). */
const nominatimFields = {
  place_id: Type.Integer(),
  osm_type: OsmType,
  osm_id: Type.Integer(),
  type: Type.String(),
  place_rank: Type.Integer(),
  importance: Type.Number(),
  addresstype: Type.String(),
  name: Type.String(),
  display_name: Type.String(),
  address: Type.Optional(GeocodeAddress),
}
const DegreesText = Type.String()
/** What json and jsonv2 share: lat, lon and boundingbox [minlat, maxlat, minlon, maxlon] as strings. */
const nominatimPoint = { ...nominatimFields, licence: Type.String(), lat: DegreesText, lon: DegreesText }
const BoundingBox = Type.Tuple([DegreesText, DegreesText, DegreesText, DegreesText])

/** format=json: Nominatim's result. */
export const GeocodeJsonResult = Type.Object({ ...nominatimPoint, class: Type.String(), boundingbox: BoundingBox })
export type GeocodeJsonResult = Static<typeof GeocodeJsonResult>

/** format=jsonv2: as json, with `category` for `class`. */
export const GeocodeJsonV2Result = Type.Object({
  ...nominatimPoint,
  category: Type.String(),
  boundingbox: BoundingBox,
})
export type GeocodeJsonV2Result = Static<typeof GeocodeJsonV2Result>

/** format=geojson: a FeatureCollection of points; `bbox` is [minlon, minlat, maxlon, maxlat]. */
export const GeocodeGeoJsonResponse = Type.Object({
  type: Type.Literal('FeatureCollection'),
  licence: Type.String(),
  features: Type.Array(
    Type.Object({
      type: Type.Literal('Feature'),
      properties: Type.Object({ ...nominatimFields, category: Type.String() }),
      bbox: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]),
      geometry: Type.Object({ type: Type.Literal('Point'), coordinates: Type.Tuple([Type.Number(), Type.Number()]) }),
    }),
  ),
})
export type GeocodeGeoJsonResponse = Static<typeof GeocodeGeoJsonResponse>

/** Every answer of GET /api/geocode/search, by format. */
export const GeocodeSearchAnswer = Type.Union([
  GeocodeSearchResponse,
  Type.Array(GeocodeJsonResult),
  Type.Array(GeocodeJsonV2Result),
  GeocodeGeoJsonResponse,
])
export type GeocodeSearchAnswer = Static<typeof GeocodeSearchAnswer>

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
  ...placePoint,
  /** Metres from the asked point. */
  distance: Type.Number(),
})
export type GeocodeReverseResponse = Static<typeof GeocodeReverseResponse>
