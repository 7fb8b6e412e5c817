/** The place a map hands to the report form ('Report an incident here'): /report?lat=..&lon=.. */

export interface ReportSearch {
  /** Both or neither. */
  lat?: number
  lon?: number
}

/** Degrees rounded to 4 decimals (about 11 m), as the link carries them. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 10_000) / 10_000
}

function coordinate(value: unknown, limit: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : Number.NaN
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined
}

/** The route's validateSearch: lat and lon when both are numbers in range; anything else is ignored. */
export function validateReportSearch(search: Record<string, unknown>): ReportSearch {
  const lat = coordinate(search.lat, 90)
  const lon = coordinate(search.lon, 180)
  return lat !== undefined && lon !== undefined ? { lat, lon } : {}
}
