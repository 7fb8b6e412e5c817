import { type Static, Type } from 'typebox'
import { RegionMessages } from './region-rules.ts'

/**
 * GET /api/offline/area?south=&west=&north=&east= (docs/planner.md, "On the phone: the area bundle"): the area's road
 * graph, safety inputs, places, places of help and incident cells as one binary bundle (@wings/area-bundle), for the
 * phone to plan, search and find help without a signal. Public, the same for everyone: ETag and 304, no-cache.
 */

/**
 * A box may span at most this many degrees each way (about 11 x 10 km in Mumbai): a day's trips around her, a bundle
 * of a few MB at central Mumbai's density, built in well under a second. Larger areas are asked for in pieces.
 */
export const OFFLINE_AREA_MAX_DEGREES = 0.1
/**
 * Roads within this many metres of the box are kept too: a route between two points of the box may leave it (a
 * detour round a block, a safer street just outside), and places of help just outside are still the nearest.
 */
export const OFFLINE_AREA_MARGIN_METERS = 1000
export const OFFLINE_AREA_MEDIA_TYPE = 'application/octet-stream'

export const OfflineAreaMessages = {
  south: 'south must be a number from -90 to 90',
  west: 'west must be a number from -180 to 180',
  north: 'north must be a number from -90 to 90',
  east: 'east must be a number from -180 to 180',
  order: 'south must be below north and west below east',
  tooLarge: `The area may span at most ${OFFLINE_AREA_MAX_DEGREES} degrees each way`,
  /** HTTP 422 OUTSIDE_REGION. */
  outside: RegionMessages.outsideRegion,
  noRegion: RegionMessages.noRegion,
} as const

const Edge = (title: 'south' | 'west' | 'north' | 'east') =>
  Type.String({ title, pattern: '^\\s*-?[0-9]{1,3}(\\.[0-9]{1,15})?\\s*$', errorMessage: OfflineAreaMessages[title] })

export const OfflineAreaQuery = Type.Object(
  { south: Edge('south'), west: Edge('west'), north: Edge('north'), east: Edge('east') },
  { additionalProperties: false },
)
export type OfflineAreaQuery = Static<typeof OfflineAreaQuery>

/** The answer is the bundle's bytes (application/octet-stream, gzip when accepted), not JSON. */
export const OfflineAreaBundle = Type.Unsafe<Uint8Array>({ type: 'string', contentMediaType: OFFLINE_AREA_MEDIA_TYPE })
