/**
 * Places this phone already knows, for the estimator in airplane mode: places she chose from a search before (Dexie
 * `recentPlaces`, kept when she chooses one, at most MAX_RECENT) and the two ends of her saved routes. Place search
 * needs the server; these need nothing.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../db/db.ts'
import type { Place } from '../places/index.ts'

export const MAX_RECENT = 20

/** Keeps a chosen place (the oldest beyond MAX_RECENT are forgotten); a failing write loses only the memory. */
export async function rememberPlace(place: Place): Promise<void> {
  try {
    await db.recentPlaces.put({
      placeId: String(place.place_id),
      displayName: place.display_name,
      lat: place.lat,
      lon: place.lon,
      usedAt: Date.now(),
    })
    const extra = (await db.recentPlaces.count()) - MAX_RECENT
    if (extra > 0) await db.recentPlaces.orderBy('usedAt').limit(extra).delete()
  } catch {
    // Private mode or a full disk: the estimator works the same, the place is just not offered offline.
  }
}

/** Recent places first (newest first), then the ends of the routes `userId` saved; one entry per name. */
export async function knownPlaces(userId?: string): Promise<Place[]> {
  const recent = await db.recentPlaces.orderBy('usedAt').reverse().toArray()
  // Several people can use one phone: another account's saved routes are not hers.
  const saved = (await db.savedRoutes.toArray()).filter((r) => !r.userId || r.userId === userId)
  const places: Place[] = recent.map((r) => ({
    place_id: r.placeId,
    display_name: r.displayName,
    lat: r.lat,
    lon: r.lon,
  }))
  for (const route of saved) {
    places.push(
      {
        place_id: `saved-from-${route._id}`,
        display_name: route.currentLocationName,
        lat: route.currentLocation[0],
        lon: route.currentLocation[1],
      },
      {
        place_id: `saved-to-${route._id}`,
        display_name: route.destinationLocationName,
        lat: route.destinationLocation[0],
        lon: route.destinationLocation[1],
      },
    )
  }
  const seen = new Set<string>()
  return places.filter((p) => {
    if (!p.display_name || !Number.isFinite(p.lat) || !Number.isFinite(p.lon) || seen.has(p.display_name)) return false
    seen.add(p.display_name)
    return true
  })
}

export function useKnownPlaces(userId?: string): Place[] {
  return useLiveQuery(() => knownPlaces(userId).catch(() => []), [userId], [])
}
