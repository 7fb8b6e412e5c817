import { type Static, Type } from 'typebox'

/** GET /api/region: the imported map region. `bbox` is [minLon, minLat, maxLon, maxLat]; dates are ISO strings. */
export const RegionInfo = Type.Object({
  name: Type.String(),
  bbox: Type.Tuple([Type.Number(), Type.Number(), Type.Number(), Type.Number()]),
  attribution: Type.String(),
  /** When the OpenStreetMap data was taken (the extract's replication timestamp, else the file's date). */
  dataDate: Type.String(),
  importedAt: Type.String(),
  /** The map-tile URL template ({z}/{x}/{y}) the app's maps use: the server's own tiles unless TILE_URL says otherwise. */
  tileUrl: Type.String(),
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
  /** The weakest stretch of the route (at least 100 m, or the whole route): its score and length. */
  lowestScoreStretch: Type.Object({ score: Type.Integer(), meters: Type.Integer({ minimum: 0 }) }),
  /** Short reasons, concerns first. */
  reasons: Type.Array(Type.String()),
})
export type RouteSafety = Static<typeof RouteSafety>

export const FoundRoute = Type.Object({
  /** Encoded polyline, precision 5. */
  geometry: Type.String(),
  /** Metres and seconds. */
  summary: Type.Object({ distance: Type.Number(), duration: Type.Number() }),
  /** The safety model's length-weighted score for the time of day, 0..100, never adjusted for display. */
  safetyScore: Type.Integer({ minimum: 0, maximum: 100 }),
  label: Type.Union([Type.Literal('Fastest'), Type.Literal('Safest'), Type.Literal('Balanced')]),
  safety: RouteSafety,
})
export type FoundRoute = Static<typeof FoundRoute>

export const RouteFindResponse = Type.Object({ routes: Type.Array(FoundRoute) })
export type RouteFindResponse = Static<typeof RouteFindResponse>

export const RegionMessages = {
  noRegion: 'No region imported yet',
  outsideRegion: 'This place is outside the mapped region',
  noRoute: 'No route found between these places',
} as const
