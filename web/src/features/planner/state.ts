/**
 * The planner's state (spec: fromLat, toLat, fromLong, toLong, mode, routes), kept in Dexie so the form and the last
 * routes are there again when she comes back, online or not.
 */
import type { FoundRoute, RouteSafety, SavedRouteDetail, TravelMode } from '@wings/contract'
import { db } from '../../db/db.ts'

/**
 * A route the planner shows: found just now (with its safety reasons) or reopened from her saved routes (with one
 * label, and none of the reasons).
 */
export type ShownRoute = Omit<FoundRoute, 'safety' | 'labels'> & { safety?: RouteSafety; labels?: FoundRoute['labels'] }

/** A saved route's detail, shown like a found one (without the reasons, which are not kept). */
export const shownFromSaved = (route: SavedRouteDetail): ShownRoute => ({
  geometry: route.geometry,
  label: route.label,
  safetyScore: route.safetyScore,
  summary: { distance: route.distance, duration: route.duration },
})

export interface PlannerState {
  fromName: string
  fromLat: number | null
  fromLong: number | null
  /** 'Use my current location' (ticked by default). */
  useLocation: boolean
  toName: string
  toLat: number | null
  toLong: number | null
  mode: TravelMode
  routes: ShownRoute[]
  /** The mode the routes were found for (the form may have changed since). */
  routesMode: TravelMode | null
  /** The index of the route she chose, if any. */
  chosen: number | null
  /** '' for "Leaving now", else the time she chose ('22:30'). */
  leaveAt: string
  /** The ISO time the routes were scored for (null for a saved route reopened: its time is not kept). */
  routesAt: string | null
  /** Set when the routes were planned on this phone: the date of the map data kept (docs/planner.md). */
  plannedOnPhone?: string | null
}

export const PLANNER_KEY = 'planner'

export const INITIAL_PLANNER: PlannerState = {
  fromName: '',
  fromLat: null,
  fromLong: null,
  useLocation: true,
  toName: '',
  toLat: null,
  toLong: null,
  mode: 'car',
  routes: [],
  routesMode: null,
  chosen: null,
  leaveAt: '',
  routesAt: null,
  plannedOnPhone: null,
}

export async function loadPlanner(): Promise<PlannerState> {
  const row = await db.meta.get(PLANNER_KEY)
  return { ...INITIAL_PLANNER, ...((row?.value as Partial<PlannerState> | undefined) ?? {}) }
}

/** Stores the state; a failing write (private mode, full disk) only loses the restore, never the screen. */
export async function storePlanner(state: PlannerState): Promise<void> {
  try {
    await db.meta.put({ key: PLANNER_KEY, value: state })
  } catch {
    // Nothing to tell her: the planner works the same, it is just not restored next time.
  }
}

export const hasStart = (s: PlannerState) => s.fromLat !== null && s.fromLong !== null
export const hasDestination = (s: PlannerState) => s.toLat !== null && s.toLong !== null
