import { type Static, Type } from 'typebox'

const Position = Type.Tuple([Type.Number(), Type.Number()])
/** region-rules.ts RegionOutline as a schema. */
export const RegionOutlineSchema = Type.Object({
  type: Type.Literal('MultiPolygon'),
  coordinates: Type.Array(Type.Array(Type.Array(Position))),
})

/** GET /api/region: the imported map region. `bbox` is [minLon, minLat, maxLon, maxLat]; dates are ISO strings. */
export const RegionInfo = Type.Object({
  name: Type.String(),
  bbox: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]),
  attribution: Type.String(),
  /**
   * When the OpenStreetMap data was taken, not when it was imported: the extract's replication timestamp, else its
   * newest object's timestamp; '' when the file says neither (the date is then unknown).
   */
  dataDate: Type.String(),
  importedAt: Type.String(),
  /** The map-tile URL template ({z}/{x}/{y}) the app's maps use: the server's own tiles unless TILE_URL says otherwise. */
  tileUrl: Type.String(),
  /**
   * Where the region has map data (region-rules.ts RegionOutline): the outline of its roads, a GeoJSON MultiPolygon
   * of [lon, lat] outer rings. A place outside it gets COVERAGE_MESSAGE. Always sent; optional for the copies an
   * older app stored.
   */
  outline: Type.Optional(RegionOutlineSchema),
})
export type RegionInfo = Static<typeof RegionInfo>

/** A [lat, lon] point in degrees, with messages naming `title`. */
export function LatLon(title: string) {
  return Type.Tuple(
    [
      Type.Number({
        title: `${title} latitude`,
        minimum: -90,
        maximum: 90,
        errorMessage: `${title} latitude must be a number from -90 to 90`,
      }),
      Type.Number({
        title: `${title} longitude`,
        minimum: -180,
        maximum: 180,
        errorMessage: `${title} longitude must be a number from -180 to 180`,
      }),
    ],
    { title, errorMessage: `${title} must be [latitude, longitude]` },
  )
}

/** POST /api/route/find. Points are [lat, lon]; `at` (ISO date-time, default now) sets the time of day scored. */
export const RouteFindBody = Type.Object(
  {
    source: LatLon('Source'),
    destination: LatLon('Destination'),
    mode: Type.Union([Type.Literal('car'), Type.Literal('bike'), Type.Literal('foot')], {
      title: 'Mode',
      errorMessage: 'Mode must be car, bike or foot',
    }),
    at: Type.Optional(Type.String({ format: 'date-time', title: 'at', errorMessage: 'at must be an ISO date-time' })),
  },
  { additionalProperties: false },
)
export type RouteFindBody = Static<typeof RouteFindBody>

export const RouteSafety = Type.Object({
  /** Metres on streets mapped as unlit. */
  unlitMeters: Type.Integer({ minimum: 0 }),
  /** Metres on streets mapped as lit, or with street lamps mapped along them. */
  litMeters: Type.Integer({ minimum: 0 }),
  /**
   * Streets the route follows for at least 30 m (a named street once, an unnamed way each), counted as lit or unlit
   * when at least half of those metres are: what a card compares ("2 more lit streets").
   */
  litStreets: Type.Integer({ minimum: 0 }),
  unlitStreets: Type.Integer({ minimum: 0 }),
  /** Incidents reported in the last year within 100 m of the route ("avoids 1 reported place"). */
  incidentsNearby: Type.Integer({ minimum: 0 }),
  /** The weakest stretch of the route (at least 100 m, or the whole route): its score and length. */
  lowestScoreStretch: Type.Object({ score: Type.Integer(), meters: Type.Integer({ minimum: 0 }) }),
  /** Short reasons, concerns first. */
  reasons: Type.Array(Type.String()),
})
export type RouteSafety = Static<typeof RouteSafety>

/** Fastest: the quickest route. Safest: the lowest risk. Balanced: the trade-off between them. */
export const RouteLabel = Type.Union([Type.Literal('Fastest'), Type.Literal('Safest'), Type.Literal('Balanced')])
export type RouteLabel = Static<typeof RouteLabel>

export const FoundRoute = Type.Object({
  /** Encoded polyline, precision 5. */
  geometry: Type.String(),
  /** Metres and seconds. */
  summary: Type.Object({ distance: Type.Number(), duration: Type.Number() }),
  /** The safety model's length-weighted score for the time of day, 0..100, never adjusted for display. */
  safetyScore: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The first of `labels`, for clients that show one. */
  label: RouteLabel,
  /**
   * Every label the route earned, in the order Fastest, Safest, Balanced. Routes that would be the same (sharing
   * more than 70% of their length) are one route: it carries the labels of all of them.
   */
  labels: Type.Array(RouteLabel, { minItems: 1, maxItems: 3 }),
  safety: RouteSafety,
})
export type FoundRoute = Static<typeof FoundRoute>

export const RouteFindResponse = Type.Object({ routes: Type.Array(FoundRoute) })
export type RouteFindResponse = Static<typeof RouteFindResponse>
