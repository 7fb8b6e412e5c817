/**
 * Community signals on the loaded region's edges (docs/community-signals.md): incident reports -> per-edge
 * `incidentDensity`, route ratings -> per-edge `ratingFeedback`, both inputs of the safety model. Pure in-memory
 * work on the region; the services load the rows from the database and call these on every new report or rating,
 * which refreshes the risk arrays of the edges touched, so the next route search uses them (no re-import).
 */
import type { IncidentCategory } from '@wings/contract'
import { METRES_PER_DEGREE, metresPerDegreeLon, segmentDistance2 } from '@wings/geo'
import { edgesNear } from '@wings/routing'
import { localHour, periodOfHour, TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import { type Region, refreshRisk } from './region.ts'

/** Reports count toward the edges within this distance (metres) and toward a route's "incidents nearby". */
export const INCIDENT_RADIUS_METERS = 100
/** A report's weight halves every this many days after it happened. */
export const INCIDENT_HALF_LIFE_DAYS = 90
/** Reports older than this (days) are left out of densities: their weight is below 0.5^8 (0.4%). */
export const INCIDENT_HORIZON_DAYS = 2 * 365
/** Reports older than this (days) are not counted as "incidents nearby" a route. */
export const INCIDENTS_NEARBY_DAYS = 365
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
  const incidents: IncidentPoint[] = []
  /** Per indexed report, whether it happened at night (for "N reports here were at night"). */
  const atNight: boolean[] = []
  const timeZone = region.meta.timeZone
  // Incidents by cell of INCIDENT_RADIUS_METERS on a plane fixed for the region, for "incidents nearby".
  const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
  const kx = metresPerDegreeLon((minLat + maxLat) / 2)
  const cells = new Map<string, number[]>()
  const cellOf = (lat: number, lon: number) =>
    [
      Math.floor((lon * kx) / INCIDENT_RADIUS_METERS),
      Math.floor((lat * METRES_PER_DEGREE) / INCIDENT_RADIUS_METERS),
    ] as const
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
    const i = incidents.length
    incidents.push(incident)
    atNight.push(incidentPeriod(incident.occurredAtMs, timeZone) === 'night')
    const [cx, cy] = cellOf(incident.lat, incident.lon)
    const key = `${cx},${cy}`
    const list = cells.get(key)
    if (list) list.push(i)
    else cells.set(key, [i])
  }

  return {
    /**
     * Replaces every report (e.g. at start, and periodically so that decay moves on): densities are recomputed
     * from scratch at the current time and all risk arrays refreshed.
     */
    setIncidents(list: readonly IncidentPoint[]): void {
      incidents.length = 0
      atNight.length = 0
      cells.clear()
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
    incidentCounts(points: readonly (readonly [number, number])[]): { all: number; night: number } {
      const since = now() - INCIDENTS_NEARBY_DAYS * DAY_MS
      const found = new Set<number>()
      const r = INCIDENT_RADIUS_METERS
      for (let s = 0; s + 1 < points.length || (s === 0 && points.length === 1); s++) {
        const a = points[s] as readonly [number, number]
        const b = (points[s + 1] ?? a) as readonly [number, number]
        const [ax, ay] = cellOf(a[0], a[1])
        const [bx, by] = cellOf(b[0], b[1])
        for (let cy = Math.min(ay, by) - 1; cy <= Math.max(ay, by) + 1; cy++) {
          for (let cx = Math.min(ax, bx) - 1; cx <= Math.max(ax, bx) + 1; cx++) {
            for (const i of cells.get(`${cx},${cy}`) ?? []) {
              if (found.has(i)) continue
              const p = incidents[i] as IncidentPoint
              if (p.occurredAtMs < since) continue
              const qkx = metresPerDegreeLon(p.lat)
              const d2 = segmentDistance2(
                0,
                0,
                (a[1] - p.lon) * qkx,
                (a[0] - p.lat) * METRES_PER_DEGREE,
                (b[1] - p.lon) * qkx,
                (b[0] - p.lat) * METRES_PER_DEGREE,
              )
              if (d2 <= r * r) found.add(i)
            }
          }
        }
      }
      let night = 0
      for (const i of found) if (atNight[i]) night++
      return { all: found.size, night }
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
