/**
 * Builds the landmarks on the current ratings (rated-landmarks.ts) in the background, on a thread of its own
 * (rated-landmarks-worker.ts) below the route workers' priority, for the periods the searches ask for: on the metro a
 * period's two sets (foot and car) take a second or two of a core, which would stall the route worker or this thread.
 * A period's sets are installed only when each of its risks of this moment is at or above the floor the build used.
 */
import { fillRiskSet, type RoadGraph } from '@wings/routing'
import { fillRiskArray, type TimeOfDay } from '@wings/safety'
import { createWorkerPool } from '../../worker-pool.ts'
import type { RegionFeatures } from './features.ts'
import { installRated, ratedValid, type SharedRatedLandmarks, waitForNoReaders } from './rated-landmarks.ts'
import type { Region } from './region.ts'

/** A build starts at most this often (ratings come in batches); until then, the import's sets. */
export const RATED_BUILD_GAP_MS = 30_000

export interface RatedBuildData {
  graph: Uint8Array
  features: RegionFeatures
  rated: SharedRatedLandmarks
}

export interface RatedBuildTask {
  ratings: Float32Array
  periods: TimeOfDay[]
}

/**
 * The build itself (on the build thread), period by period, once no search uses the period's sets: its floor, the
 * model's risk with no reports and `ratings`, then its sets' distances on it.
 */
export function buildRated(
  graph: RoadGraph,
  features: RegionFeatures,
  { ratings, periods }: RatedBuildTask,
  rated: SharedRatedLandmarks,
): void {
  const incidentDensity = new Float32Array(graph.edgeCount)
  for (const period of periods) {
    if (ratedValid(rated, period)) throw new Error(`The ${period} landmarks are in use: invalidate them before a build`)
    waitForNoReaders(rated, period)
    fillRiskArray({ ...features, incidentDensity, ratingFeedback: ratings }, period, rated.floors[period])
    for (const [i, set] of rated.sets.entries()) {
      if (set.riskKey === period) rated.slack[i] = fillRiskSet(graph, { ...set, slack: 0 }, rated.floors[period]).slack
    }
  }
}

/** The builds of one region, on its own thread (started on the first build, stopped with the app). */
export function createRatedBuild(region: Region, rated: SharedRatedLandmarks, gapMs = RATED_BUILD_GAP_MS) {
  const data: RatedBuildData = { graph: region.graphBytes, features: region.features, rated }
  const pool = createWorkerPool<RatedBuildTask, true>({
    entry: new URL('./rated-landmarks-worker.ts', import.meta.url),
    data,
    size: 1,
    queueLimit: 0,
  })
  const wanted = new Set<TimeOfDay>()
  let running = false
  let closed = false
  let lastStart = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | undefined

  async function build(): Promise<void> {
    const periods = [...wanted].filter((p) => !ratedValid(rated, p))
    wanted.clear()
    if (periods.length === 0 || closed) return
    running = true
    lastStart = Date.now()
    try {
      // The ratings of this moment; a change before the install is caught by installRated (then asked again).
      await pool.run({ ratings: Float32Array.from(region.signals.ratingFeedback), periods })
      for (const period of periods) installRated(rated, period, region.risk[period])
    } catch {
      // The thread failed or was stopped: the searches keep the import's sets, and ask again.
    } finally {
      running = false
      schedule()
    }
  }

  function schedule(): void {
    if (closed || running || timer !== undefined || wanted.size === 0) return
    timer = setTimeout(
      () => {
        timer = undefined
        void build()
      },
      Math.max(0, lastStart + gapMs - Date.now()),
    )
    timer.unref()
  }

  return {
    /** A search of `period` ran without its rated sets: build them, at once or RATED_BUILD_GAP_MS after the last. */
    request(period: TimeOfDay): void {
      if (closed || ratedValid(rated, period)) return
      wanted.add(period)
      schedule()
    },
    async close(): Promise<void> {
      closed = true
      clearTimeout(timer)
      await pool.close()
    },
  }
}

export type RatedBuild = ReturnType<typeof createRatedBuild>
