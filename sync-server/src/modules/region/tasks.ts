/**
 * The CPU-heavy work on the region's graph, as the region workers do it (worker.ts): map matching a rated route and
 * finding routes. Pure functions of the graph and the risk arrays; the answers are plain data a worker can post.
 */
import {
  findRoutes,
  type Landmarks,
  type LatLon,
  type Mode,
  NoRouteError,
  OutsideRegionError,
  type RoadGraph,
  type Route,
} from '@wings/routing'
import type { TimeOfDay } from '@wings/safety'
import type { SharedRatedLandmarks } from './rated-landmarks.ts'
import { matchGeometry, type RouteMatch } from './route-match.ts'

/** What a worker gets of the region: the graph file's bytes and the risk arrays, both in shared memory. */
export interface SharedRegion {
  graph: Uint8Array
  risk: Record<TimeOfDay, Float32Array>
  /** The landmarks file's bytes, when the region has one. */
  landmarks?: Uint8Array
  /** Landmarks on the current ratings (rated-landmarks.ts), used by the searches while they hold. */
  rated?: SharedRatedLandmarks
}

export type RegionTask =
  | { kind: 'match'; geometry: string; mode: Mode }
  | { kind: 'find'; source: LatLon; destination: LatLon; mode: Mode; period: TimeOfDay; at: number }

/** null: the geometry is not an encoded polyline of at least two valid points. */
export type MatchAnswer = RouteMatch | null

/** A route as the worker posts it: its legs (thousands of small objects, slow to copy between threads) left out. */
export type FoundOnGraph = Omit<Route, 'legs'>

export type FindAnswer = { routes: FoundOnGraph[] } | { error: 'outsideRegion' | 'noRoute' }

/** The router's alternatives for the trip, weighted by the risk of the trip's time of day. */
export function findOnGraph(
  graph: RoadGraph,
  risk: Record<TimeOfDay, Float32Array>,
  task: Extract<RegionTask, { kind: 'find' }>,
  landmarks?: Landmarks,
): FindAnswer {
  try {
    // The risk of a period never goes below the landmarks' floor for that period (risk-floor.ts).
    const { routes } = findRoutes(graph, task.source, task.destination, task.mode, {
      risk: risk[task.period],
      at: new Date(task.at),
      landmarks,
      riskKey: task.period,
    })
    return { routes: routes.map(({ legs: _legs, ...route }) => route) }
  } catch (error) {
    if (error instanceof OutsideRegionError) return { error: 'outsideRegion' }
    if (error instanceof NoRouteError) return { error: 'noRoute' }
    throw error
  }
}

export function runRegionTask(
  graph: RoadGraph,
  risk: Record<TimeOfDay, Float32Array>,
  task: RegionTask,
  landmarks?: Landmarks,
): MatchAnswer | FindAnswer {
  return task.kind === 'match'
    ? matchGeometry(graph, task.geometry, task.mode)
    : findOnGraph(graph, risk, task, landmarks)
}
