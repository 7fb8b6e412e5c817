/**
 * Place search in the route worker (work.ts answers 'search' with it): one index of the places of the kept bundles
 * the page names, built once per set of bundles and searched with @wings/area-bundle's searchPlaces, the server's
 * text rules. The page picks the bundles (those of the region's current import, searchKept.ts).
 */
import { type AreaPlace, createPlaceIndex, type PlaceIndex, searchPlaces } from '@wings/area-bundle'
import type { KeptPlace, WorkerAnswer, WorkerRequest } from './protocol.ts'

/** The GET /api/geocode/search limits (5 by default, at most 20). */
const LIMIT_MAX = 20

/** The places of a bundle the worker holds, or decoded from `bytes`; undefined when it has neither. */
export type PlacesOf = (version: string, bytes?: ArrayBuffer) => readonly AreaPlace[] | undefined

/** The index of the last set of bundles searched: the set changes only when a bundle is kept, refreshed or dropped. */
let cached: { key: string; index: PlaceIndex } | null = null

export const resultOf = (place: AreaPlace): KeptPlace => ({
  place_id: place.id,
  display_name: place.displayName,
  lat: place.lat,
  lon: place.lon,
  type: place.category,
  kind: place.kind,
})

export function searchAnswer(request: Extract<WorkerRequest, { type: 'search' }>, placesOf: PlacesOf): WorkerAnswer {
  const { id } = request
  const versions = [...new Set(request.versions)].sort()
  const key = versions.join('\n')
  if (cached?.key !== key) {
    const lists: (readonly AreaPlace[])[] = []
    const missing: string[] = []
    for (const version of versions) {
      const places = placesOf(version, request.bytes?.[version])
      if (places) lists.push(places)
      else missing.push(version)
    }
    if (missing.length > 0) return { id, ok: false, missing: true, versions: missing }
    // Overlapping bundles hold the same places: one copy of each id (the first bundle's, in version order).
    cached = { key, index: createPlaceIndex(...lists) }
  }
  const limit = Math.min(Math.max(1, Math.trunc(request.limit) || 1), LIMIT_MAX)
  const near = request.near?.every(Number.isFinite) ? request.near : undefined
  const recent = Array.isArray(request.recent) ? request.recent.filter((r) => typeof r === 'string') : []
  const found = searchPlaces(cached.index, request.q, { limit, recent, ...(near ? { near } : {}) })
  return { id, ok: true, places: found.map(resultOf) }
}

/** Forgets the index (tests). */
export function forgetIndex(): void {
  cached = null
}
