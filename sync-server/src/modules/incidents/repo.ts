import type { IncidentCategory } from '@wings/contract'
import type { Db } from '../../db/connection.ts'
import type { BboxBounds } from './grid.ts'

/** A stored report: already snapped and floored. There is nothing else to store. */
export interface IncidentRow {
  id: string
  category: IncidentCategory
  lat: number
  lon: number
  occurredAt: string
  description: string | null
}

export function createIncidentsRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO incidents (id, category, lat, lon, occurred_at, description)
    VALUES (@id, @category, @lat, @lon, @occurredAt, @description)`)
  const since = db.prepare<[string], { category: IncidentCategory; lat: number; lon: number; occurred_at: string }>(
    'SELECT category, lat, lon, occurred_at FROM incidents WHERE occurred_at >= ?',
  )
  const inBox = db.prepare<
    [number, number, number, number, string],
    { category: IncidentCategory; lat: number; lon: number; occurred_at: string }
  >(`SELECT category, lat, lon, occurred_at FROM incidents
    WHERE lat BETWEEN ? AND ? AND lon BETWEEN ? AND ? AND occurred_at >= ?`)
  const toPoint = (r: { category: IncidentCategory; lat: number; lon: number; occurred_at: string }) => ({
    category: r.category,
    lat: r.lat,
    lon: r.lon,
    occurredAt: r.occurred_at,
  })
  return {
    insert(row: IncidentRow): void {
      insert.run(row)
    },
    /** Every report that happened at or after `occurredAfter` (ISO). */
    since(occurredAfter: string) {
      return since.all(occurredAfter).map(toPoint)
    },
    inBox(box: BboxBounds, occurredAfter: string) {
      return inBox.all(box.minLat, box.maxLat, box.minLon, box.maxLon, occurredAfter).map(toPoint)
    },
  }
}

export type IncidentsRepo = ReturnType<typeof createIncidentsRepo>
