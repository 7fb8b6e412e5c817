import type { RouteChange, SavedRoute } from '@wings/contract'
import { opItemId, registerEntity, type Settled } from '../sync/registry.ts'
import { db, type SavedRouteRow } from './db.ts'

/** The phone's row for one of `userId`'s saved routes, saved here or pulled: only the fields the row keeps. */
export function savedRouteRow(userId: string, route: Omit<SavedRoute, 'createdAt'> & { createdAt?: string }) {
  const row: SavedRouteRow = {
    _id: route._id,
    userId,
    currentLocationName: route.currentLocationName,
    currentLocation: [route.currentLocation[0], route.currentLocation[1]],
    destinationLocationName: route.destinationLocationName,
    destinationLocation: [route.destinationLocation[0], route.destinationLocation[1]],
  }
  if (route.route) row.route = route.route
  if (typeof route.createdAt === 'string') row.createdAt = route.createdAt
  return row
}

const isPoint = (v: unknown): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n))

/** A pulled saved route is stored only when it has the fields the list needs (a malformed one is skipped). */
function isSavedRoute(value: unknown): value is SavedRoute {
  const r = value as Partial<SavedRoute> | null | undefined
  return (
    !!r &&
    typeof r._id === 'string' &&
    typeof r.currentLocationName === 'string' &&
    typeof r.destinationLocationName === 'string' &&
    isPoint(r.currentLocation) &&
    isPoint(r.destinationLocation)
  )
}

/**
 * A pulled 'route' change (one of her saved routes). A route with an op of hers still waiting (a delete made on this
 * phone) keeps its local state: that op is newer than the pulled copy.
 */
export async function applyRouteChange(userId: string, change: RouteChange): Promise<void> {
  if ((await db.outbox.where('entity').equals(`route:${change.id}`).count()) > 0) return
  if (change.deleted) {
    await db.savedRoutes.delete(change.id)
    return
  }
  const route = change.data
  if (!isSavedRoute(route) || route._id !== change.id) return
  await db.savedRoutes.put(savedRouteRow(userId, route))
}

/**
 * The server does not have a route the phone saved (a duplicate saved from another device, or too many): the phone
 * forgets it too, so the list matches what her other devices show.
 */
async function forgetRefusedRoutes({ rejected }: Settled): Promise<void> {
  for (const op of rejected) {
    const id = opItemId(op)
    if (op.type === 'route.save' && id !== undefined) await db.savedRoutes.delete(id)
  }
}

registerEntity('route', {
  tables: [db.savedRoutes, db.outbox],
  applyChange: applyRouteChange,
  onSettled: forgetRefusedRoutes,
})
