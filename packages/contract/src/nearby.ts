import { type Static, Type } from 'typebox'
import { RegionMessages } from './region-rules.ts'

/**
 * GET /api/nearby (docs/nearby.md): the nearest police stations, hospitals and places open now where she can go in,
 * sorted by walking time along the road graph.
 */
export const NEARBY_KINDS = ['police', 'hospital', 'open'] as const
export type NearbyKind = (typeof NEARBY_KINDS)[number]

/** Places answered per kind. */
export const NEARBY_LIMIT_DEFAULT = 10
export const NEARBY_LIMIT_MAX = 50
/** The search stops at this walking distance (metres): nothing farther is "nearby" on foot. */
export const NEARBY_MAX_WALK_METERS = 5000

export const NearbyMessages = {
  lat: 'lat must be a number from -90 to 90',
  lon: 'lon must be a number from -180 to 180',
  kinds: `kinds must be one or more of ${NEARBY_KINDS.join(', ')}, separated by commas`,
  limit: `limit must be a whole number from 1 to ${NEARBY_LIMIT_MAX}`,
  /** HTTP 422 OUTSIDE_REGION, as route finding answers it. */
  outside: RegionMessages.outsideRegion,
  noRegion: RegionMessages.noRegion,
} as const

const KIND = `(${NEARBY_KINDS.join('|')})`
const Coordinate = (title: 'lat' | 'lon') =>
  Type.String({ title, pattern: '^\\s*-?[0-9]{1,3}(\\.[0-9]{1,15})?\\s*$', errorMessage: NearbyMessages[title] })

/**
 * lat, lon: decimal degrees inside the region; kinds: a comma list (default all three); limit: places per kind,
 * 1..50 (default 10). Any other parameter is refused.
 */
export const NearbyQuery = Type.Object(
  {
    lat: Coordinate('lat'),
    lon: Coordinate('lon'),
    kinds: Type.Optional(
      Type.String({ title: 'kinds', pattern: `^${KIND}(,${KIND})*$`, errorMessage: NearbyMessages.kinds }),
    ),
    limit: Type.Optional(
      Type.String({ title: 'limit', pattern: '^([1-9]|[1-4][0-9]|50)$', errorMessage: NearbyMessages.limit }),
    ),
  },
  { additionalProperties: false },
)
export type NearbyQuery = Static<typeof NearbyQuery>

export const NearbyKindSchema = Type.Union([Type.Literal('police'), Type.Literal('hospital'), Type.Literal('open')])

/**
 * One place. `name` is '' when OpenStreetMap has none (an unnamed police station); `category` says what it is
 * ('police', 'hospital', 'pharmacy', 'fuel', 'hotel', 'clinic', 'doctors', 'shop'). `distanceMeters` and
 * `walkingSeconds` are along the road graph. `phone` as OSM writes it; `openNow` absent when unknown.
 */
export const NearbyPlace = Type.Object({
  name: Type.String(),
  kind: NearbyKindSchema,
  category: Type.Optional(Type.String()),
  lat: Type.Number(),
  lon: Type.Number(),
  distanceMeters: Type.Integer({ minimum: 0 }),
  walkingSeconds: Type.Integer({ minimum: 0 }),
  phone: Type.Optional(Type.String()),
  openNow: Type.Optional(Type.Boolean()),
})
export type NearbyPlace = Static<typeof NearbyPlace>

export const NearbyResponse = Type.Object({ places: Type.Array(NearbyPlace) })
export type NearbyResponse = Static<typeof NearbyResponse>

/**
 * GET /api/nearby/area (docs/nearby.md, Offline): the places of help in a box plus NEARBY_AREA_MARGIN_METERS around
 * it, for the phone to answer offline. A box may span at most NEARBY_AREA_MAX_DEGREES each way.
 */
export const NEARBY_AREA_MAX_DEGREES = 0.5
export const NEARBY_AREA_MARGIN_METERS = 1000

export const NearbyAreaMessages = {
  south: 'south must be a number from -90 to 90',
  west: 'west must be a number from -180 to 180',
  north: 'north must be a number from -90 to 90',
  east: 'east must be a number from -180 to 180',
  order: 'south must be below north and west below east',
  tooLarge: `The box may span at most ${NEARBY_AREA_MAX_DEGREES} degrees each way`,
  outside: RegionMessages.outsideRegion,
} as const

const Edge = (title: 'south' | 'west' | 'north' | 'east') =>
  Type.String({ title, pattern: '^\\s*-?[0-9]{1,3}(\\.[0-9]{1,15})?\\s*$', errorMessage: NearbyAreaMessages[title] })

export const NearbyAreaQuery = Type.Object(
  { south: Edge('south'), west: Edge('west'), north: Edge('north'), east: Edge('east') },
  { additionalProperties: false },
)
export type NearbyAreaQuery = Static<typeof NearbyAreaQuery>

/** Minutes from midnight, local time: [from, to), 0..1440. */
export const NearbyInterval = Type.Tuple([
  Type.Integer({ minimum: 0, maximum: 1440 }),
  Type.Integer({ minimum: 0, maximum: 1440 }),
])
/**
 * Opening hours as a week in the region's zone: seven lists of intervals, Sunday first (JavaScript's getDay()); an
 * interval past midnight is split at it. Empty (`[]`) when the hours are unknown or change from week to week (months,
 * sunset): then the phone cannot tell offline. A hospital without hours is open all week, as online.
 */
export const NearbyWeek = Type.Array(Type.Array(NearbyInterval), { maxItems: 7 })
export type NearbyWeek = Static<typeof NearbyWeek>

/**
 * [kind, category, name, lat * 1e5, lon * 1e5, phone ('' when none), week ([] when unknown)]: columns keep the pack
 * small. No nulls: the server's response serializer cannot write a union inside a tuple.
 */
export const NearbyAreaRow = Type.Tuple([
  Type.String({ pattern: `^${KIND}$` }),
  Type.String(),
  Type.String(),
  Type.Integer(),
  Type.Integer(),
  Type.String(),
  NearbyWeek,
])
export type NearbyAreaRow = Static<typeof NearbyAreaRow>

export const NearbyArea = Type.Object({
  v: Type.Literal(1),
  /** The zone the weeks are in ('Asia/Kolkata'). */
  timeZone: Type.String(),
  /** The region's data date ('' when unknown). */
  dataDate: Type.String(),
  /** [minLon, minLat, maxLon, maxLat] the pack covers: the box asked for plus the margin. */
  bbox: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]),
  rows: Type.Array(NearbyAreaRow),
})
export type NearbyArea = Static<typeof NearbyArea>
