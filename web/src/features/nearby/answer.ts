/**
 * Where Nearest help gets its list: the server (GET /api/nearby, by walking time on the road graph) when it can be
 * reached, else the places kept on the phone (offline.ts). Each online answer also keeps the places around her, so
 * the next time here works offline too.
 */
import type { NearbyPlace } from '@wings/contract'
import { ApiError, callApi } from '../../api/client.ts'
import { db } from '../../db/db.ts'
import { covers, OFFLINE_LIMIT, placesOffline } from './offline.ts'

export type NearbyAnswer =
  | { source: 'online'; places: NearbyPlace[] }
  /** From the places kept on the phone; `savedAt` (ms) is when the oldest of them was fetched. */
  | { source: 'saved'; places: NearbyPlace[]; savedAt: number }
  /** Offline, and nothing kept on the phone for where she is. */
  | { source: 'none' }

/** The box kept around her: this far each way, plus the server's 1 km margin (about 3 km). */
export const HERE_HALF_METERS = 2000

/** From the places kept on the phone for where she is. */
export async function savedAnswer(lat: number, lon: number, at: Date = new Date()): Promise<NearbyAnswer> {
  const rows = (await db.nearbyAreas.toArray()).filter((row) => covers(row.pack, lat, lon))
  if (rows.length === 0) return { source: 'none' }
  const places = placesOffline(
    rows.map((row) => row.pack),
    lat,
    lon,
    at,
  )
  return { source: 'saved', places, savedAt: Math.min(...rows.map((row) => row.savedAt)) }
}

/** Replaces the places kept around her last position with those around this one (best effort). */
export async function keepPlacesAround(lat: number, lon: number): Promise<boolean> {
  const { NEARBY_HERE, saveNearbyPack } = await import('../map/offlineAreas.ts')
  const dLat = HERE_HALF_METERS / 111_320
  const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180))
  return saveNearbyPack(NEARBY_HERE, [lon - dLon, lat - dLat, lon + dLon, lat + dLat])
}

/**
 * The places of help nearest to her: online by walking time; when the server cannot be reached, from the phone.
 * Other failures (outside the region, a server error) reject with the ApiError.
 */
export async function findNearby(lat: number, lon: number, at: Date = new Date()): Promise<NearbyAnswer> {
  try {
    const query = { lat: lat.toFixed(6), lon: lon.toFixed(6), limit: String(OFFLINE_LIMIT) }
    const { places } = await callApi('nearby', { query })
    void keepPlacesAround(lat, lon).catch(() => false)
    return { source: 'online', places }
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) return savedAnswer(lat, lon, at)
    throw error
  }
}
