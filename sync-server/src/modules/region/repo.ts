import type { Database } from 'better-sqlite3'

/** The region table's one row, as stored (JSON columns as text). */
export interface RegionRow {
  name: string
  min_lon: number
  min_lat: number
  max_lon: number
  max_lat: number
  attribution: string
  data_date: string
  time_zone: string
  sources: string
  imported_at: string
  counts: string
}

export function createRegionRepo(db: Database) {
  const replace = db.prepare(
    `INSERT OR REPLACE INTO region (id, name, min_lon, min_lat, max_lon, max_lat, attribution, data_date, time_zone,
       sources, imported_at, counts)
     VALUES (1, @name, @min_lon, @min_lat, @max_lon, @max_lat, @attribution, @data_date, @time_zone, @sources,
       @imported_at, @counts)`,
  )
  const get = db.prepare('SELECT * FROM region WHERE id = 1')
  return {
    replace(row: RegionRow): void {
      replace.run(row)
    },
    get(): RegionRow | undefined {
      return get.get() as RegionRow | undefined
    },
  }
}

export type RegionRepo = ReturnType<typeof createRegionRepo>
