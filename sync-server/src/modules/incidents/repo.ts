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
  const queue = db.prepare(`INSERT INTO incident_queue (id, category, lat, lon, occurred_at, description)
    VALUES (@id, @category, @lat, @lon, @occurredAt, @description)`)
  const waited = db.prepare<[], { category: IncidentCategory; lat: number; lon: number; occurred_at: string }>(
    'SELECT category, lat, lon, occurred_at FROM incident_queue WHERE waited = 1',
  )
  const publishWaited = db.prepare(`INSERT INTO incidents (id, category, lat, lon, occurred_at, description)
    SELECT id, category, lat, lon, occurred_at, description FROM incident_queue WHERE waited = 1`)
  const dropWaited = db.prepare('DELETE FROM incident_queue WHERE waited = 1')
  const markWaited = db.prepare('UPDATE incident_queue SET waited = 1')
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
    /** Keeps a new report out of sight until a publishing batch (publishBatch). */
    queue(row: IncidentRow): void {
      queue.run(row)
    },
    /**
     * One publishing batch, inside the caller's transaction: the reports that have waited a batch already are
     * published (answered), and the others have now waited one.
     */
    publishBatch() {
      const published = waited.all().map(toPoint)
      publishWaited.run()
      dropWaited.run()
      markWaited.run()
      return published
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
