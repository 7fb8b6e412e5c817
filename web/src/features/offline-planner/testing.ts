// For other features' tests: the fake server's answers for the area bundles, kept places for place search.
import { type AreaPlace, normalize } from '@wings/area-bundle'
import { HttpResponse, http } from 'msw'
import { type AreaBundleRow, db } from '../../db/db.ts'
import { replaceWorker } from './client.ts'
import { forgetIndex, searchAnswer } from './keptIndex.ts'
import type { WorkerRequest } from './protocol.ts'

/** GET /api/offline/area answering `status` with no bundle (503: the server has no region; 422: outside it). */
export const noAreaBundles = (status = 503) =>
  http.get('*/api/offline/area', () =>
    HttpResponse.json({ success: false, message: 'No bundle', code: 'NO_REGION' }, { status }),
  )

// The route worker replaced by one answering in-process (the planner's tests).
export { replaceWorker } from './client.ts'
export type { WorkerAnswer, WorkerRequest } from './protocol.ts'

/** A place as a kept bundle decodes it. */
export function keptPlace(id: string, name: string, over: Partial<AreaPlace> = {}): AreaPlace {
  return {
    id,
    kind: 'place',
    category: 'suburb',
    osmKey: 'place',
    name,
    nameEn: null,
    otherNames: {},
    lat: 18.97,
    lon: 72.83,
    locality: null,
    city: 'Mumbai',
    displayName: `${name}, Mumbai`,
    houseNumber: null,
    importance: 50,
    searchNames: [normalize(name)],
    ...over,
  }
}

/**
 * Keeps one bundle per list of places (of the import `importedAt`, the region the phone knows unless `stale`) and
 * puts in a worker that searches them in-process; answers the search requests it sees.
 */
export async function keepPlaces(
  lists: AreaPlace[][],
  { importedAt = '2026-11-25T00:00:00.000Z', stale = false } = {},
): Promise<WorkerRequest[]> {
  const byVersion = new Map(lists.map((places, i) => [`v${i}`, places]))
  for (const [version] of byVersion) {
    const row: AreaBundleRow = {
      id: `auto:${version}`,
      kind: 'auto',
      areaId: '',
      box: [72.8, 18.95, 72.84, 18.99],
      size: 3,
      version,
      importedAt,
      dataDate: '',
      signalsVersion: 's',
      checkedAt: 1,
      lastUsed: 1,
    }
    await db.areaBundles.put(row)
    await db.areaBundleData.put({ id: row.id, bytes: new Uint8Array([1, 2, 3]).buffer })
  }
  const region = await db.meta.get('region')
  const value = {
    ...((region?.value as object | undefined) ?? {}),
    importedAt: stale ? `${importedAt}-new` : importedAt,
  }
  await db.meta.put({ key: 'region', value })
  forgetIndex()
  const seen: WorkerRequest[] = []
  replaceWorker((request, reply) => {
    seen.push(request)
    if (request.type !== 'search') return
    // Bundles are 'decoded' only from the bytes the page sends.
    const held = (version: string, bytes?: ArrayBuffer) => (bytes ? byVersion.get(version) : undefined)
    queueMicrotask(() => reply(searchAnswer(request, held)))
  })
  return seen
}
