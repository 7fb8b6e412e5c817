/**
 * Community signals on the loaded region's edges (docs/community-signals.md): incident reports -> per-edge
 * `incidentDensity`, route ratings -> per-edge `ratingFeedback`, both inputs of the safety model. Pure in-memory
 * work on the region; the services load the rows from the database and call these on every new report or rating,
 * which refreshes the risk arrays of the edges touched, so the next route search uses them (no re-import).
 */

import { INCIDENT_RADIUS_METERS, INCIDENTS_NEARBY_DAYS, type IncidentCounts, incidentGrid } from '@wings/area-bundle'
import type { IncidentCategory } from '@wings/contract'
import { edgesNear } from '@wings/routing'
import { localHour, periodOfHour, TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import { type Region, refreshRisk } from './region.ts'

/** Reports count toward the edges within this distance (metres) and toward a route's "incidents nearby". */
export { INCIDENT_RADIUS_METERS }
/** A report's weight halves every this many days after it happened. */
export const INCIDENT_HALF_LIFE_DAYS = 90
/** Reports older than this (days) are left out of densities: their weight is below 0.5^8 (0.4%). */
export const INCIDENT_HORIZON_DAYS = 2 * 365
/** Reports older than this (days) are not counted as "incidents nearby" a route. */
export { INCIDENTS_NEARBY_DAYS }
/**
 * An edge shorter than this (km) divides its reports by this length instead: a report near a 5 m stub must not
 * make it 200 reports per km (a report covers about 2 x INCIDENT_RADIUS_METERS of street anyway).
 */
export const INCIDENT_MIN_EDGE_KM = 0.2
/** Severity of each category: how much one report adds (before decay). */
export const CATEGORY_SEVERITY: Readonly<Record<IncidentCategory, number>> = {
  assault: 1,
  harassment: 1,
  stalking: 1,
  theft: 0.7,
  'unsafe transport': 0.6,
  other: 0.5,
  'poor lighting': 0.4,
  'deserted area': 0.4,
}
/**
 * How much a report counts toward the risk of a trip, by the period of the hour it happened (read in the region's
 * zone; reports keep only the hour, docs/security.md) and the period of the trip: a report made at night weighs more
 * at night and less by day, and the other way round. Evening is next to both.
 */
export const INCIDENT_TIME_WEIGHTS: Readonly<Record<TimeOfDay, Readonly<Record<TimeOfDay, number>>>> = {
  day: { day: 1.4, evening: 1, night: 0.6 },
  evening: { day: 1, evening: 1.4, night: 1 },
  night: { day: 0.6, evening: 1, night: 1.4 },
}

/** The period of the local hour a report happened at. */
export function incidentPeriod(occurredAtMs: number, timeZone: string): TimeOfDay {
  return periodOfHour(localHour(new Date(occurredAtMs), timeZone))
}

/** ratingFeedback = sum of (rating - 3) / 2 over the edge's ratings / (ratings + RATING_PRIOR): shrunk toward 0. */
export const RATING_PRIOR = 3
const DAY_MS = 86_400_000

/** A report's decayed weight at `nowMs`: severity x 0.5^(age / half-life); a future time counts as now. */
export function incidentWeight(category: IncidentCategory, occurredAtMs: number, nowMs: number): number {
  const ageDays = Math.max(0, (nowMs - occurredAtMs) / DAY_MS)
  return (CATEGORY_SEVERITY[category] ?? 0.5) * 0.5 ** (ageDays / INCIDENT_HALF_LIFE_DAYS)
}

/** The rating term of one rating (1..5): -1, -0.5, 0, 0.5, 1. */
export function ratingValue(rating: number): number {
  return Math.max(-1, Math.min(1, (rating - 3) / 2))
}

export interface IncidentPoint {
  category: IncidentCategory
  lat: number
  lon: number
  occurredAtMs: number
}

export interface EdgeRatingSum {
  edge: number
  feedbackSum: number
  ratings: number
}

/** The signals engine of one loaded region. */
export function createRegionSignals(region: Region, now: () => number = Date.now) {
  const { graph, signals } = region
  const timeZone = region.meta.timeZone
  // Reports on cells of INCIDENT_RADIUS_METERS, on the region's plane, for "incidents nearby" (as the phone counts).
  const nearby = incidentGrid(graph.meta.bbox)
  const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
  const ratings = new Map<number, { sum: number; count: number }>()

  const inRegion = (lat: number, lon: number) => {
    const pad = 0.01 // about 1 km: a report just outside still touches the region's edge streets
    return lat >= minLat - pad && lat <= maxLat + pad && lon >= minLon - pad && lon <= maxLon + pad
  }

  /** Adds a report's current weight to the edges near it; returns those edges. */
  function spread(incident: IncidentPoint, at: number): number[] {
    const weight = incidentWeight(incident.category, incident.occurredAtMs, at)
    const byTrip = INCIDENT_TIME_WEIGHTS[incidentPeriod(incident.occurredAtMs, timeZone)]
    const edges = edgesNear(graph, incident.lat, incident.lon, INCIDENT_RADIUS_METERS)
    for (const e of edges) {
      const km = Math.max(INCIDENT_MIN_EDGE_KM, (graph.edgeLength[e] as number) / 1000)
      for (const period of TIMES_OF_DAY) {
        const density = signals.incidentDensity[period]
        density[e] = (density[e] as number) + (weight * byTrip[period]) / km
      }
    }
    return edges
  }

  function index(incident: IncidentPoint): void {
    const night = incidentPeriod(incident.occurredAtMs, timeZone) === 'night'
    nearby.add({ lat: incident.lat, lon: incident.lon, occurredAtMs: incident.occurredAtMs, night })
  }

  return {
    /**
     * Replaces every report (e.g. at start, and periodically so that decay moves on): densities are recomputed
     * from scratch at the current time and all risk arrays refreshed.
     */
    setIncidents(list: readonly IncidentPoint[]): void {
      nearby.clear()
      for (const period of TIMES_OF_DAY) signals.incidentDensity[period].fill(0)
      const at = now()
      const horizon = at - INCIDENT_HORIZON_DAYS * DAY_MS
      for (const incident of list) {
        if (incident.occurredAtMs < horizon || !inRegion(incident.lat, incident.lon)) continue
        index(incident)
        spread(incident, at)
      }
      refreshRisk(region)
    },

    /** One new report: its edges' densities and risks change now. Returns the edges touched. */
    addIncident(incident: IncidentPoint): number[] {
      if (!inRegion(incident.lat, incident.lon)) return []
      index(incident)
      const edges = spread(incident, now())
      refreshRisk(region, edges)
      return edges
    },

    /** Distinct reports of the last INCIDENTS_NEARBY_DAYS within INCIDENT_RADIUS_METERS of the line. */
    incidentsNear(points: readonly (readonly [number, number])[]): number {
      return this.incidentCounts(points).all
    },

    /** {@link incidentsNear}, and how many of them happened at night (22:00-04:59 in the region's zone). */
    incidentCounts(points: readonly (readonly [number, number])[]): IncidentCounts {
      return nearby.count(points, now())
    },

    /** Replaces every edge's rating sums (at start). */
    setRatings(rows: readonly EdgeRatingSum[]): void {
      ratings.clear()
      signals.ratingFeedback.fill(0)
      for (const row of rows) {
        if (row.edge < 0 || row.edge >= graph.edgeCount) continue
        ratings.set(row.edge, { sum: row.feedbackSum, count: row.ratings })
        signals.ratingFeedback[row.edge] = row.feedbackSum / (row.ratings + RATING_PRIOR)
      }
      refreshRisk(region)
    },

    /** One rating over `edges` (from matchRoute): their feedback and risks change now. */
    addRating(edges: readonly number[], rating: number): void {
      const value = ratingValue(rating)
      for (const e of edges) {
        const r = ratings.get(e) ?? { sum: 0, count: 0 }
        r.sum += value
        r.count += 1
        ratings.set(e, r)
        signals.ratingFeedback[e] = r.sum / (r.count + RATING_PRIOR)
      }
      refreshRisk(region, edges)
    },
  }
}

export type RegionSignals = ReturnType<typeof createRegionSignals>
