/**
 * "Incidents nearby" a route: the distinct reports of the last year within 100 m of its line, and how many of them
 * happened at night, counted alike by the server's region signals (sync-server modules/region/signals.ts) and the
 * phone's planner: the cells are laid on the region graph's plane (its meta bbox, which an area
 * bundle's graph keeps), so a report on a cell's edge is found or missed on both sides alike.
 */
import { METRES_PER_DEGREE, metresPerDegreeLon, segmentDistance2 } from '@wings/geo'

/** Reports within this distance (metres) of a route's line are "nearby". */
export const INCIDENT_RADIUS_METERS = 100
/** Reports older than this (days) are not counted as nearby a route. */
export const INCIDENTS_NEARBY_DAYS = 365
const DAY_MS = 86_400_000

/** A published report as the public API shows it: its grid point and hour, and whether that hour is at night. */
export interface NearbyReport {
  lat: number
  lon: number
  occurredAtMs: number
  /** Reported at night (22:00-04:59 in the region's zone). */
  night: boolean
}

export interface IncidentCounts {
  all: number
  night: number
}

/** Counts the reports near a line of [lat, lon] points. */
export type IncidentCounter = (points: readonly (readonly [number, number])[]) => IncidentCounts

/** Reports on cells of INCIDENT_RADIUS_METERS, on the plane of the region whose graph's bbox is `bbox`. */
export function incidentGrid(bbox: readonly [number, number, number, number]) {
  const [, minLat, , maxLat] = bbox
  const kx = metresPerDegreeLon((minLat + maxLat) / 2)
  const r = INCIDENT_RADIUS_METERS
  const cellOf = (lat: number, lon: number) =>
    [Math.floor((lon * kx) / r), Math.floor((lat * METRES_PER_DEGREE) / r)] as const
  const reports: NearbyReport[] = []
  const cells = new Map<string, number[]>()
  return {
    add(report: NearbyReport): void {
      const i = reports.length
      reports.push(report)
      const [cx, cy] = cellOf(report.lat, report.lon)
      const key = `${cx},${cy}`
      const list = cells.get(key)
      if (list) list.push(i)
      else cells.set(key, [i])
    },
    clear(): void {
      reports.length = 0
      cells.clear()
    },
    /** The reports of the INCIDENTS_NEARBY_DAYS before `nowMs` near a line of [lat, lon] points. */
    count(points: readonly (readonly [number, number])[], nowMs: number): IncidentCounts {
      const since = nowMs - INCIDENTS_NEARBY_DAYS * DAY_MS
      const found = new Set<number>()
      for (let s = 0; s + 1 < points.length || (s === 0 && points.length === 1); s++) {
        const a = points[s]!
        const b = points[s + 1] ?? a
        const [ax, ay] = cellOf(a[0], a[1])
        const [bx, by] = cellOf(b[0], b[1])
        for (let cy = Math.min(ay, by) - 1; cy <= Math.max(ay, by) + 1; cy++) {
          for (let cx = Math.min(ax, bx) - 1; cx <= Math.max(ax, bx) + 1; cx++) {
            for (const i of cells.get(`${cx},${cy}`) ?? []) {
              if (found.has(i)) continue
              const p = reports[i]!
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
      for (const i of found) if (reports[i]!.night) night++
      return { all: found.size, night }
    },
  }
}

/** A counter over `reports`, at the moment `nowMs`, on the plane of the region whose graph's bbox is `bbox`. */
export function incidentCounter(
  bbox: readonly [number, number, number, number],
  reports: readonly NearbyReport[],
  nowMs: number,
): IncidentCounter {
  const grid = incidentGrid(bbox)
  for (const report of reports) grid.add(report)
  return (points) => grid.count(points, nowMs)
}
