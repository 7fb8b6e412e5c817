import type { SavedRoute } from '@wings/contract'
import type { SavedRouteRow } from './db.ts'

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
