import type { Db } from '../../db/connection.ts'

/** A geocoding row (migration 005) as the area bundle keeps it. */
export interface AreaPlaceRow {
  id: string
  kind: 'place' | 'poi' | 'street' | 'address'
  category: string
  osm_key: string
  name: string
  name_en: string | null
  other_names: string
  lat: number
  lon: number
  locality: string | null
  city: string | null
  display_name: string
  house_number: string | null
  importance: number
  search_names: string
}

/** Reads for the area bundle: the places of the geocoding index in a box. */
export function createOfflineAreaRepo(db: Db) {
  // A place's point in the box, or a street with a segment in it (place_boxes, the reverse geocoder's R-tree).
  const inBox = db.prepare<[number, number, number, number, number, number, number, number], AreaPlaceRow>(
    `SELECT id, kind, category, osm_key, name, name_en, other_names, lat, lon, locality, city, display_name,
       house_number, importance, search_names
     FROM places
     WHERE (lat BETWEEN ? AND ? AND lon BETWEEN ? AND ?)
       OR seq IN (SELECT place_seq FROM place_boxes WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?)
     ORDER BY seq`,
  )
  return {
    /** Places in [west, south, east, north], in the index's order. */
    placesIn([west, south, east, north]: readonly [number, number, number, number]): AreaPlaceRow[] {
      return inBox.all(south, north, west, east, south, north, west, east)
    },
  }
}

export type OfflineAreaRepo = ReturnType<typeof createOfflineAreaRepo>
