import type { SavedRouteDetail, SavedRouteKeyFields } from '@wings/contract'
import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

interface SavedRouteRow {
  id: string
  user_id: string
  current_name: string
  current_lat: number
  current_lon: number
  destination_name: string
  destination_lat: number
  destination_lon: number
  mode: string | null
  route_json: string | null
  created_at: string
}

export interface SavedRouteRecord {
  id: string
  userId: string
  currentName: string
  current: [number, number]
  destinationName: string
  destination: [number, number]
  /** The chosen route (its mode is kept in a column of its own too, for the duplicate rule). */
  route?: SavedRouteDetail
  createdAt: string
}

function parseRoute(json: string | null): SavedRouteDetail | undefined {
  if (json === null) return undefined
  try {
    return JSON.parse(json) as SavedRouteDetail
  } catch {
    // Written by this module only, so this does not happen; a bad value must not break her whole list.
    return undefined
  }
}

const toRecord = (row: SavedRouteRow): SavedRouteRecord => {
  const record: SavedRouteRecord = {
    id: row.id,
    userId: row.user_id,
    currentName: row.current_name,
    current: [row.current_lat, row.current_lon],
    destinationName: row.destination_name,
    destination: [row.destination_lat, row.destination_lon],
    createdAt: row.created_at,
  }
  const route = parseRoute(row.route_json)
  if (route) record.route = route
  return record
}

type KeyRow = Pick<SavedRouteRow, 'current_lat' | 'current_lon' | 'destination_lat' | 'destination_lon' | 'mode'>

const COLUMNS = `id, user_id, current_name, current_lat, current_lon, destination_name, destination_lat,
  destination_lon, mode, route_json, created_at`

/** Every SQL statement on saved_routes. */
export function createSavedRoutesRepo(db: Db) {
  const byId = db.prepare<[string], SavedRouteRow>(`SELECT ${COLUMNS} FROM saved_routes WHERE id = ?`)
  // Newest first; the id breaks ties so the order is stable.
  const byUser = db.prepare<[string], SavedRouteRow>(
    `SELECT ${COLUMNS} FROM saved_routes WHERE user_id = ? ORDER BY created_at DESC, id DESC`,
  )
  // Only what the duplicate rule compares: no route JSON is read or parsed.
  const keysByUser = db.prepare<[string], KeyRow>(
    `SELECT current_lat, current_lon, destination_lat, destination_lon, mode FROM saved_routes WHERE user_id = ?`,
  )
  const insert = db.prepare(`INSERT INTO saved_routes (${COLUMNS})
    VALUES (@id, @userId, @currentName, @currentLat, @currentLon, @destinationName, @destinationLat,
      @destinationLon, @mode, @routeJson, @createdAt)`)
  const remove = db.prepare('DELETE FROM saved_routes WHERE id = ?')
  return {
    find: findOne(byId, toRecord),
    /** Her saved routes, newest first (at most SAVED_ROUTES_MAX). */
    byUser: (userId: string): SavedRouteRecord[] => byUser.all(userId).map(toRecord),
    /** The places and mode of each of her saved routes, for the duplicate rule (savedRouteKey). */
    keys: (userId: string): SavedRouteKeyFields[] =>
      keysByUser.all(userId).map((row) => ({
        currentLocation: [row.current_lat, row.current_lon],
        destinationLocation: [row.destination_lat, row.destination_lon],
        route: row.mode === null ? undefined : { mode: row.mode },
      })),
    insert(record: SavedRouteRecord): void {
      insert.run({
        id: record.id,
        userId: record.userId,
        currentName: record.currentName,
        currentLat: record.current[0],
        currentLon: record.current[1],
        destinationName: record.destinationName,
        destinationLat: record.destination[0],
        destinationLon: record.destination[1],
        mode: record.route?.mode ?? null,
        routeJson: record.route ? JSON.stringify(record.route) : null,
        createdAt: record.createdAt,
      })
    },
    delete(id: string): void {
      remove.run(id)
    },
  }
}

export type SavedRoutesRepo = ReturnType<typeof createSavedRoutesRepo>
