/**
 * Saved routes on the phone: each write is the local row in Dexie and its op in the outbox, in one transaction
 * (queueOp), so it shows at once, offline too, and the sync engine sends it when it can. Her other devices get it
 * through the pull ('route' changes, db/savedRoutes.ts).
 */
import { newObjectId, type RouteSaveOp, savedRouteKey } from '@wings/contract'
import { useLiveQuery } from 'dexie-react-hooks'
import { db, type SavedRouteRow } from '../../db/db.ts'
import { savedRouteRow } from '../../db/savedRoutes.ts'
import { NotSignedInError, queueOp } from '../../sync/outbox.ts'
import { useAuth } from '../auth/index.ts'

export type RouteSaveInput = Omit<RouteSaveOp, '_id' | 'userId'>

/** Aborts the save's transaction: she has this route already. */
class DuplicateRoute extends Error {}

/** Her saved routes as stored on this phone, newest first (rows from before createdAt was kept go last). */
export async function savedRoutesOf(userId: string): Promise<SavedRouteRow[]> {
  const rows = await db.savedRoutes.where('userId').equals(userId).toArray()
  return rows.sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b._id.localeCompare(a._id))
}

/**
 * Saves a route for the signed-in user with an id made here. 'duplicate' (nothing queued) when she already has
 * the same start, destination (to 4 decimals) and mode: the server's rule (savedRouteKey), so the op would fail.
 * Throws NotSignedInError when nobody is signed in, OpPayloadError for a bad input.
 */
export async function saveRoute(input: RouteSaveInput): Promise<'saved' | 'duplicate'> {
  const me = await db.user.get('me')
  if (!me) throw new NotSignedInError()
  const userId = me.user._id
  const payload: RouteSaveOp = {
    ...input,
    _id: newObjectId(),
    userId,
    currentLocationName: input.currentLocationName.trim(),
    destinationLocationName: input.destinationLocationName.trim(),
  }
  const key = savedRouteKey(payload)
  try {
    await queueOp('route.save', payload, async () => {
      // Checked in the transaction that stores the route, so a second tap while the first is stored is a duplicate.
      if ((await db.user.get('me'))?.user._id !== userId) throw new NotSignedInError()
      const hers = await db.savedRoutes.where('userId').equals(userId).toArray()
      if (hers.some((row) => savedRouteKey(row) === key)) throw new DuplicateRoute()
      const row = savedRouteRow(userId, { ...payload, createdAt: new Date().toISOString() })
      await db.savedRoutes.put(row)
    })
  } catch (error) {
    // Thrown inside the transaction, so neither the row nor the op was stored.
    if (error instanceof DuplicateRoute) return 'duplicate'
    throw error
  }
  return 'saved'
}

/** Deletes one of her saved routes here and queues the delete for the server. */
export async function deleteRoute(id: string): Promise<void> {
  await queueOp('route.delete', { _id: id }, () => db.savedRoutes.delete(id))
}

/** The signed-in user's saved routes, newest first: undefined while loading, [] when signed out. Reads Dexie only. */
export function useSavedRoutes(): SavedRouteRow[] | undefined {
  const { user, ready } = useAuth()
  const userId = user?._id
  const rows = useLiveQuery(async () => (userId ? savedRoutesOf(userId) : []), [userId])
  return ready ? rows : undefined
}
