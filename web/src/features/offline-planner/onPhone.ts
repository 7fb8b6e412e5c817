/**
 * Plans a trip on the phone: the kept bundle holding both ends (of the region's current import), in the worker.
 * Nothing half-computed: a trip leaving the kept data fails with which end is missing; data of an older import with
 * 'stale'; a bundle that no longer decodes is dropped ('corrupt': fetched again the next time she plans online).
 */
import type { FoundRoute, RouteFindBody } from '@wings/contract'
import { type AreaBundleRow, db } from '../../db/db.ts'
import { holds } from './boxes.ts'
import { PhoneRouteError, planInWorker } from './client.ts'
import { deleteBundles } from './keep.ts'

export interface PhoneRoutes {
  routes: FoundRoute[]
  /** The date of the map data they were planned on (the region's data date, else its import). */
  dataDate: string
}

/** The kept bundle to plan the trip on, or why there is none. */
export function bundleFor(
  rows: readonly AreaBundleRow[],
  source: readonly [number, number],
  destination: readonly [number, number],
  importedAt: string,
): AreaBundleRow {
  const current = rows.filter((r) => importedAt === '' || r.importedAt === importedAt)
  const both = (r: AreaBundleRow) => holds(r.box, source) && holds(r.box, destination)
  const best = current.filter(both).sort((a, b) => b.checkedAt - a.checkedAt)[0]
  if (best) return best
  if (rows.some(both)) throw new PhoneRouteError({ code: 'stale' })
  if (current.length === 0) throw new PhoneRouteError({ code: 'none' })
  const from = current.some((r) => holds(r.box, source))
  const to = current.some((r) => holds(r.box, destination))
  throw new PhoneRouteError({ code: 'outside', end: from === to ? 'both' : from ? 'destination' : 'source' })
}

export async function planOnPhone(body: RouteFindBody, importedAt: string, now = new Date()): Promise<PhoneRoutes> {
  const row = bundleFor(await db.areaBundles.toArray(), body.source, body.destination, importedAt)
  try {
    const routes = await planInWorker(
      row.version,
      async () => (await db.areaBundleData.get(row.id))?.bytes,
      body,
      body.at ? new Date(body.at) : now,
    )
    void db.areaBundles.update(row.id, { lastUsed: Date.now() }).catch(() => undefined)
    return { routes, dataDate: row.dataDate || row.importedAt }
  } catch (error) {
    if (error instanceof PhoneRouteError && error.problem.code === 'corrupt') await deleteBundles([row.id])
    throw error
  }
}
