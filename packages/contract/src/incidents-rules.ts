/**
 * Incident reports' and route ratings' plain values and messages, without schemas: the planner and the report form
 * need them before any TypeBox; the schemas built from them are in incidents.ts.
 */

/** What a person may report, in the order the report form lists them. */
export const INCIDENT_CATEGORIES = [
  'harassment',
  'stalking',
  'assault',
  'theft',
  'poor lighting',
  'deserted area',
  'unsafe transport',
  'other',
] as const
export type IncidentCategory = (typeof INCIDENT_CATEGORIES)[number]

export const INCIDENT_DESCRIPTION_MAX = 500
export const ROUTE_TIP_MAX = 280
/** A report may be at most this old (days) when it is sent. */
export const INCIDENT_MAX_AGE_DAYS = 365
/** Clock skew allowed for an occurredAt in the future (minutes). */
export const INCIDENT_CLOCK_SKEW_MINUTES = 5
/** Reports are stored on a grid of cells this many metres high and wide (position snapped to the cell centre). */
export const INCIDENT_GRID_METERS = 50
/** Reports sent by one client (per IP, kept in memory only) within an hour, over REST and sync together. */
export const INCIDENT_RATE_LIMIT_PER_HOUR = 10
/** Route ratings sent by one client within an hour. */
export const ROUTE_RATE_LIMIT_PER_HOUR = 20
/** Largest bbox (square kilometres) a heatmap or tips query may cover. */
export const BBOX_MAX_KM2 = 2_500

export const IncidentMessages = {
  saved: 'Thank you. Your report was saved anonymously.',
  rated: 'Thank you. Your rating was saved.',
  category: `Category must be one of: ${INCIDENT_CATEGORIES.join(', ')}`,
  lat: 'Latitude must be a number from -90 to 90',
  lon: 'Longitude must be a number from -180 to 180',
  occurredAt: 'occurredAt must be an ISO date-time',
  inFuture: 'The time of the incident cannot be in the future',
  tooOld: 'Incidents can be reported up to a year after they happened',
  description: `Description must be at most ${INCIDENT_DESCRIPTION_MAX} characters`,
  bbox: 'bbox must be minLon,minLat,maxLon,maxLat',
  bboxTooLarge: `bbox must cover at most ${BBOX_MAX_KM2} square kilometres`,
  since: 'since must be an ISO date',
  geometry: 'geometry must be an encoded polyline',
  rating: 'Rating must be a whole number from 1 to 5',
  tip: `Tip must be at most ${ROUTE_TIP_MAX} characters`,
  mode: 'Mode must be car, bike or foot',
  routeNotMatched: 'This route does not follow any mapped street',
  noRegion: 'No region imported yet',
} as const
