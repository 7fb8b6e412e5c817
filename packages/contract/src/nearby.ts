import { type Static, Type } from 'typebox'
import { RegionMessages } from './region.ts'

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
