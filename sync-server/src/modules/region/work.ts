/**
 * Route finding and map matching run on a small pool of worker threads (worker.ts), never on the request thread:
 * however many people ask for routes or rate them at once, health checks, SOS shares and the live viewer keep
 * answering. The workers share the graph and the risk arrays with this thread, so a new report or rating changes the
 * next search at once, and the landmarks on the current ratings (rated-landmarks.ts), built on a thread of their own.
 * A full queue answers 503 with Retry-After.
 */
import type { RouteFindBody } from '@wings/contract'
import type { Mode } from '@wings/routing'
import { type TimeOfDay, timeOfDay } from '@wings/safety'
import { createWorkerPool, DEFAULT_POOL_SIZE } from '../../worker-pool.ts'
import { runOnPool } from '../../workers-busy.ts'
import { allocateRatedLandmarks } from './rated-landmarks.ts'
import { createRatedBuild } from './rated-landmarks-build.ts'
import type { Region } from './region.ts'
import type { FindAnswer, MatchAnswer, RegionTask, SharedRegion } from './tasks.ts'

/** Tasks that may wait for a worker (a route search takes milliseconds to tens of milliseconds). */
export const REGION_QUEUE_LIMIT = 16

export interface RegionWorkOptions {
  /** Worker threads (default: the cores but one). */
  size?: number
  queueLimit?: number
  /** Landmarks on the current ratings, built in the background (rated-landmarks.ts; default on when it has landmarks). */
  ratedLandmarks?: boolean
  /** The least time between two of their builds (default RATED_BUILD_GAP_MS). */
  ratedBuildGapMs?: number
}

export function createRegionWork(
  region: Region,
  {
    size = DEFAULT_POOL_SIZE,
    queueLimit = REGION_QUEUE_LIMIT,
    ratedLandmarks = true,
    ratedBuildGapMs,
  }: RegionWorkOptions = {},
) {
  const rated = ratedLandmarks && region.landmarks ? allocateRatedLandmarks(region.landmarks) : undefined
  const build = rated ? createRatedBuild(region, rated, ratedBuildGapMs) : undefined
  if (rated) region.rated = rated
  // The sets of this moment's period are built at start, before the first searches ask (once the signals are loaded:
  // the build starts on a timer, and installRated checks the risks of its moment anyway).
  build?.request(timeOfDay(new Date(), { timeZone: region.meta.timeZone }))
  const data: SharedRegion = {
    graph: region.graphBytes,
    risk: region.risk,
    ...(region.landmarkBytes ? { landmarks: region.landmarkBytes } : {}),
    ...(rated ? { rated } : {}),
  }
  const pool = createWorkerPool<RegionTask, MatchAnswer | FindAnswer>({
    entry: new URL('./worker.ts', import.meta.url),
    data,
    size,
    queueLimit,
  })
  const run = (task: RegionTask) => runOnPool(pool, task)
  return {
    /** Decodes and map-matches a rated route (tasks.ts matchGeometry). */
    match: (geometry: string, mode: Mode) => run({ kind: 'match', geometry, mode }) as Promise<MatchAnswer>,
    /** The router's alternatives for the trip, on the risk of `period`. */
    find: ({ source, destination, mode }: RouteFindBody, period: TimeOfDay, at: Date) => {
      build?.request(period)
      return run({ kind: 'find', source, destination, mode, period, at: at.getTime() }) as Promise<FindAnswer>
    },
    room: pool.room,
    threads: pool.threads,
    async close(): Promise<void> {
      if (region.rated === rated) delete region.rated
      await Promise.all([pool.close(), build?.close()])
    },
  }
}

export type RegionWork = ReturnType<typeof createRegionWork>
