/**
 * Place search with no connection (docs/planner.md, "Kept on the phone"): the places of the bundles kept for the
 * region's current import, searched in the route worker (keptIndex.ts), places she chose before first. The place
 * field loads this module only when the server cannot be reached (places/search.ts): never on '/'.
 */
import { db } from '../../db/db.ts'
import { lastKnownPosition } from '../sos/index.ts'
import { searchInWorker } from './client.ts'
import type { KeptPlace } from './protocol.ts'

/** Where map/useRegion.ts keeps the region as the phone last knew it (map imports this feature, not the reverse). */
const REGION_KEY = 'region'

/** The region's import as the phone knows it ('' when never fetched: then every kept bundle counts, as onPhone.ts). */
async function currentImport(): Promise<string> {
  const value = (await db.meta.get(REGION_KEY).catch(() => undefined))?.value as { importedAt?: unknown } | undefined
  return typeof value?.importedAt === 'string' ? value.importedAt : ''
}

/** Ids and names of the places she chose before (newest first), then the ends of the routes she saved. */
async function recentKeys(): Promise<string[]> {
  const recent = await db.recentPlaces.orderBy('usedAt').reverse().toArray()
  const userId = (await db.user.get('me'))?.user._id
  // Several people can use one phone: another account's saved routes are not hers.
  const saved = (await db.savedRoutes.toArray()).filter((r) => !r.userId || r.userId === userId)
  const keys = [
    ...recent.flatMap((r) => [r.placeId, r.displayName]),
    ...saved.flatMap((r) => [r.currentLocationName, r.destinationLocationName]),
  ]
  return [...new Set(keys.filter((k) => typeof k === 'string' && k !== ''))]
}

export interface KeptSearchOptions {
  limit: number
  /** Her position [lat, lon], the last tie-break; else the last one the phone knows, if under a day old. */
  near?: [number, number]
  now?: number
}

/** A position older than this may be in another part of the city: no better a tie-break than none. */
export const NEAR_MAX_AGE_MS = 24 * 3_600_000

async function herPosition(now: number): Promise<[number, number] | undefined> {
  const known = await lastKnownPosition()
  return known && now - known.at <= NEAR_MAX_AGE_MS ? [known.lat, known.lon] : undefined
}

/** The kept places matching `q`, best first; null when nothing is kept for the region's current import. */
export async function searchKept(
  q: string,
  { limit, near, now = Date.now() }: KeptSearchOptions,
): Promise<KeptPlace[] | null> {
  const importedAt = await currentImport()
  const rows = (await db.areaBundles.toArray()).filter((r) => importedAt === '' || r.importedAt === importedAt)
  if (rows.length === 0) return null
  const idOf = new Map(rows.map((r) => [r.version, r.id]))
  async function bytesOf(versions: string[]): Promise<Record<string, ArrayBuffer>> {
    const found: Record<string, ArrayBuffer> = {}
    for (const version of versions) {
      const bytes = (await db.areaBundleData.get(idOf.get(version) ?? ''))?.bytes
      if (bytes) found[version] = bytes
    }
    return found
  }
  const position = near ?? (await herPosition(now))
  return searchInWorker([...idOf.keys()], bytesOf, {
    q,
    recent: await recentKeys(),
    limit,
    ...(position ? { near: position } : {}),
  })
}
