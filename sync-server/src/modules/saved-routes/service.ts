import {
  ErrorCode,
  type RouteSaveBody,
  SAVED_ROUTES_MAX,
  type SavedRoute,
  SavedRouteMessages,
  savedRouteKey,
  tidyText,
} from '@wings/contract'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import { ownedItems } from '../changes/owned-items.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { SavedRouteRecord, SavedRoutesRepo } from './repo.ts'

interface Deps {
  savedRoutes: SavedRoutesRepo
  changes: ChangesRepo
  transact: Transact
}

export const toSavedRoute = (record: SavedRouteRecord): SavedRoute => ({
  _id: record.id,
  currentLocationName: record.currentName,
  currentLocation: record.current,
  destinationLocationName: record.destinationName,
  destinationLocation: record.destination,
  ...(record.route ? { route: record.route } : {}),
  createdAt: record.createdAt,
})

const notFound = () => new HttpError(404, ErrorCode.notFound, SavedRouteMessages.notFound)
const notYours = () => new HttpError(403, ErrorCode.forbidden, SavedRouteMessages.notYours)
const otherUser = () => new HttpError(403, ErrorCode.forbidden, SavedRouteMessages.otherUser)
const duplicate = () => new HttpError(409, ErrorCode.conflict, SavedRouteMessages.duplicate)
const tooMany = () => new HttpError(409, ErrorCode.conflict, SavedRouteMessages.tooMany)

/**
 * Saved routes are private to their owner. Every function is synchronous and used by the REST routes and the sync
 * ops alike; each write records a 'route' change for the owner's pull in the same transaction.
 */
export function createSavedRoutesService({ savedRoutes, changes, transact }: Deps) {
  const owned = ownedItems({
    items: savedRoutes,
    changes,
    transact,
    entity: 'route',
    toView: toSavedRoute,
    notFound,
    notYours,
  })
  return {
    /**
     * POST /api/route/save and the 'route.save' op, for the signed-in `userId`. 403 when the body names another
     * user or its `_id` is another user's route; 409 for her own `_id` again, for a duplicate (savedRouteKey) and
     * beyond SAVED_ROUTES_MAX. Saved routes are never edited: delete and save again.
     */
    save(userId: string, body: RouteSaveBody): SavedRoute {
      if (body.userId !== userId) throw otherUser()
      return transact(() => {
        if (body._id !== undefined) {
          const existing = savedRoutes.find(body._id)
          if (existing) throw existing.userId === userId ? duplicate() : notYours()
        }
        const keys = savedRoutes.keys(userId)
        const key = savedRouteKey(body)
        if (keys.some((k) => savedRouteKey(k) === key)) throw duplicate()
        if (keys.length >= SAVED_ROUTES_MAX) throw tooMany()
        const record: SavedRouteRecord = {
          id: body._id ?? newId(),
          userId,
          currentName: tidyText(body.currentLocationName),
          current: [body.currentLocation[0], body.currentLocation[1]],
          destinationName: tidyText(body.destinationLocationName),
          destination: [body.destinationLocation[0], body.destinationLocation[1]],
          createdAt: new Date().toISOString(),
        }
        if (body.route) record.route = body.route
        savedRoutes.insert(record)
        changes.record(userId, 'route', record.id, record.createdAt)
        return toSavedRoute(record)
      })
    },
    /** GET /api/route/all: hers, newest first. */
    list: (userId: string): SavedRoute[] => savedRoutes.byUser(userId).map(toSavedRoute),
    /** DELETE /api/route/delete/:id and the 'route.delete' op: 404 when there is none, 403 when it is not hers. */
    remove: owned.remove,
    /** For pulls: her route as it is now; undefined when it is gone or the id is someone else's route now. */
    load: owned.load,
  }
}

export type SavedRoutesService = ReturnType<typeof createSavedRoutesService>
