/**
 * The ~50 m grid reports and tips are stored on (docs/community-signals.md). Rows of INCIDENT_GRID_METERS of
 * latitude; within a row, columns of INCIDENT_GRID_METERS of longitude at the row's middle latitude. A position
 * is replaced by its cell's centre, so a stored point is at most about 35 m (half the diagonal) from the real one
 * and every report in a cell has the same coordinates.
 */
import { INCIDENT_GRID_METERS } from '@wings/contract'
import { METRES_PER_DEGREE } from '@wings/geo'

export const GRID_LAT_STEP = INCIDENT_GRID_METERS / METRES_PER_DEGREE

/** The centre of the grid cell holding (lat, lon), rounded to 6 decimals. */
export function snapToGrid(lat: number, lon: number): { lat: number; lon: number } {
  const row = Math.floor(lat / GRID_LAT_STEP)
  const centreLat = (row + 0.5) * GRID_LAT_STEP
  const lonStep = GRID_LAT_STEP / Math.max(0.01, Math.cos((centreLat * Math.PI) / 180))
  const col = Math.floor(lon / lonStep)
  const centreLon = Math.min(180, Math.max(-180, (col + 0.5) * lonStep))
  return { lat: round6(Math.min(90, Math.max(-90, centreLat))), lon: round6(centreLon) }
}

/** A time floored to the whole hour (UTC), as an ISO string. */
export function floorToHour(ms: number): string {
  return new Date(Math.floor(ms / 3_600_000) * 3_600_000).toISOString()
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6
}

export interface BboxBounds {
  minLon: number
  minLat: number
  maxLon: number
  maxLat: number
}
