import { type Static, Type } from 'typebox'
import { INCIDENT_DESCRIPTION_MAX, IncidentMessages, ROUTE_TIP_MAX } from './incidents-rules.ts'

// A literal tuple, not INCIDENT_CATEGORIES.map(...): a union built from an array types as never.
export const IncidentCategorySchema = Type.Union(
  [
    Type.Literal('harassment'),
    Type.Literal('stalking'),
    Type.Literal('assault'),
    Type.Literal('theft'),
    Type.Literal('poor lighting'),
    Type.Literal('deserted area'),
    Type.Literal('unsafe transport'),
    Type.Literal('other'),
  ],
  { title: 'Category', errorMessage: IncidentMessages.category },
)

const Lat = (title: string, errorMessage: string) => Type.Number({ title, minimum: -90, maximum: 90, errorMessage })
const Lon = (title: string, errorMessage: string) => Type.Number({ title, minimum: -180, maximum: 180, errorMessage })

/**
 * POST /api/incidents and the 'incident.report' op. Anonymous: the server stores no user, IP or user agent,
 * snaps lat/lon to an INCIDENT_GRID_METERS grid and floors occurredAt to the hour before storing.
 * occurredAt must not be in the future (INCIDENT_CLOCK_SKEW_MINUTES allowed) nor older than a year (else 400).
 */
export const IncidentBody = Type.Object(
  {
    category: IncidentCategorySchema,
    lat: Lat('Latitude', IncidentMessages.lat),
    lon: Lon('Longitude', IncidentMessages.lon),
    occurredAt: Type.String({ title: 'occurredAt', format: 'date-time', errorMessage: IncidentMessages.occurredAt }),
    /** Plain text, shown as text. */
    description: Type.Optional(
      Type.String({
        title: 'Description',
        maxLength: INCIDENT_DESCRIPTION_MAX,
        messages: { maxLength: IncidentMessages.description },
      }),
    ),
  },
  { additionalProperties: false },
)
export type IncidentBody = Static<typeof IncidentBody>

export const IncidentResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.Literal(IncidentMessages.saved),
})
export type IncidentResponse = Static<typeof IncidentResponse>

const DEG = '-?[0-9]{1,3}(\\.[0-9]{1,15})?'
/** 'minLon,minLat,maxLon,maxLat' in decimal degrees; the server checks ranges, order and area. */
export const Bbox = Type.String({
  title: 'bbox',
  pattern: `^\\s*${DEG}\\s*,\\s*${DEG}\\s*,\\s*${DEG}\\s*,\\s*${DEG}\\s*$`,
  errorMessage: IncidentMessages.bbox,
})

/** GET /api/incidents/heatmap?bbox=&since= ; since (ISO date or date-time) defaults to a year ago. */
export const HeatmapQuery = Type.Object(
  {
    bbox: Bbox,
    since: Type.Optional(
      Type.String({
        title: 'since',
        pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
        errorMessage: IncidentMessages.since,
      }),
    ),
  },
  { additionalProperties: false },
)
export type HeatmapQuery = Static<typeof HeatmapQuery>

export const HeatmapCell = Type.Object({
  /** Centre of the grid cell. */
  lat: Type.Number(),
  lon: Type.Number(),
  /** Sum of the cell's reports, each weighted by category and halved every INCIDENT_HALF_LIFE_DAYS of age. */
  weight: Type.Number({ minimum: 0 }),
})
export type HeatmapCell = Static<typeof HeatmapCell>

export const HeatmapResponse = Type.Object({
  cells: Type.Array(HeatmapCell),
  /** Size of a cell (metres): INCIDENT_GRID_METERS. */
  cellMeters: Type.Number(),
})
export type HeatmapResponse = Static<typeof HeatmapResponse>

/** POST /api/route/rate and the 'route.rate' op: a route (polyline precision 5) as travelled, rated 1..5. */
export const RouteRateBody = Type.Object(
  {
    geometry: Type.String({
      title: 'geometry',
      minLength: 2,
      maxLength: 20_000,
      pattern: '^[\\x3F-\\x7E]+$',
      errorMessage: IncidentMessages.geometry,
    }),
    mode: Type.Union([Type.Literal('car'), Type.Literal('bike'), Type.Literal('foot')], {
      title: 'Mode',
      errorMessage: IncidentMessages.mode,
    }),
    rating: Type.Integer({ title: 'Rating', minimum: 1, maximum: 5, errorMessage: IncidentMessages.rating }),
    /** Plain text, shown as text. */
    tip: Type.Optional(
      Type.String({ title: 'Tip', maxLength: ROUTE_TIP_MAX, messages: { maxLength: IncidentMessages.tip } }),
    ),
  },
  { additionalProperties: false },
)
export type RouteRateBody = Static<typeof RouteRateBody>

export const RouteRateResponse = Type.Object({ success: Type.Literal(true), message: Type.String() })
export type RouteRateResponse = Static<typeof RouteRateResponse>

/** GET /api/tips?bbox= */
export const TipsQuery = Type.Object({ bbox: Bbox }, { additionalProperties: false })
export type TipsQuery = Static<typeof TipsQuery>

export const Tip = Type.Object({
  /** Where the tip applies: the middle of the rated route. */
  lat: Type.Number(),
  lon: Type.Number(),
  text: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  /** ISO date-time, floored to the hour. */
  createdAt: Type.String(),
})
export type Tip = Static<typeof Tip>

export const TipsResponse = Type.Object({ tips: Type.Array(Tip) })
export type TipsResponse = Static<typeof TipsResponse>
