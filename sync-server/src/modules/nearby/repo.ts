import type { NearbyKind } from '@wings/contract'
import type { Db } from '../../db/connection.ts'

export interface NearbyRow {
  id: string
  kind: NearbyKind
  category: string
  name: string
  lat: number
  lon: number
  phone: string | null
  opening_hours: string | null
}

/** The region's places of help (migration 018), written by the region import and read once by the service. */
export function createNearbyRepo(db: Db) {
  const all = db.prepare<[], NearbyRow>(
    'SELECT id, kind, category, name, lat, lon, phone, opening_hours FROM nearby_places ORDER BY id',
  )
  return {
    all: (): NearbyRow[] => all.all(),
    /** Replaces every row (the import runs it inside its one transaction). */
    replace(rows: readonly NearbyRow[]): void {
      db.prepare('DELETE FROM nearby_places').run()
      const insert = db.prepare(
        `INSERT INTO nearby_places (id, kind, category, name, lat, lon, phone, opening_hours)
         VALUES (@id, @kind, @category, @name, @lat, @lon, @phone, @opening_hours)`,
      )
      for (const row of rows) insert.run(row)
    },
  }
}

export type NearbyRepo = ReturnType<typeof createNearbyRepo>
