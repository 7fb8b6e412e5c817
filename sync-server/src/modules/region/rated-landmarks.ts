/**
 * Landmarks on the current ratings (docs/metro.md, "Where it stands"). The import's safety sets bound every risk the
 * model can give, so they assume the best rating (+10 points) on every edge. Sets computed on the risk with no reports
 * and each edge's current rating bound most trips much closer, and the plateau trees, a car query's largest part,
 * shrink with them. They are valid while every edge's risk stays at or above the floor they were computed on:
 * reports only raise risk, but a better rating lowers it. So refreshRisk (region.ts) invalidates a period's sets
 * before it writes a risk below their floor, and the searches of that period fall back to the import's sets until a
 * background build (rated-landmarks-build.ts) is installed.
 *
 * Per period (the sets' riskKey), in shared memory seen by the route workers as by this thread: the sets' distances,
 * the floor, and in `state` whether the sets may be used (VALID) and how many searches use them (READERS: a build of
 * the period waits for none).
 */
import type { LandmarkSet, Landmarks } from '@wings/routing'
import { TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'

const VALID = 0
const READERS = 1
const at = (period: TimeOfDay, field: number) => 2 * TIMES_OF_DAY.indexOf(period) + field

export interface SharedRatedLandmarks {
  /** Per period: [VALID (1: its sets hold for every risk now), READERS (searches using them)]. */
  state: Int32Array
  /** The per-edge risk floor of each period its sets were computed on. */
  floors: Record<TimeOfDay, Float32Array>
  /** One per safety set of the import's landmarks, on the same landmarks; distances landmark-major as there. */
  sets: (Pick<LandmarkSet, 'mode' | 'lambda' | 'nodes' | 'from' | 'to'> & { riskKey: TimeOfDay })[]
  /** Each set's slack (it depends on the longest distance, so on the build). */
  slack: Float64Array
}

const sharedFloats = (n: number) => new Float32Array(new SharedArrayBuffer(4 * n))
const isPeriod = (key: string): key is TimeOfDay => (TIMES_OF_DAY as readonly string[]).includes(key)

/** Room for sets like the import's safety sets, none valid until built; undefined when there are none. */
export function allocateRatedLandmarks(landmarks: Landmarks): SharedRatedLandmarks | undefined {
  const sets: SharedRatedLandmarks['sets'] = []
  for (const { mode, lambda, riskKey, nodes, from, to } of landmarks.sets) {
    if (lambda > 0 && isPeriod(riskKey)) {
      sets.push({ mode, lambda, riskKey, nodes, from: sharedFloats(from.length), to: sharedFloats(to.length) })
    }
  }
  if (sets.length === 0) return undefined
  const floors = {} as Record<TimeOfDay, Float32Array>
  for (const period of TIMES_OF_DAY) floors[period] = sharedFloats(landmarks.edgeCount)
  return {
    state: new Int32Array(new SharedArrayBuffer(4 * 2 * TIMES_OF_DAY.length)),
    floors,
    sets,
    slack: new Float64Array(new SharedArrayBuffer(8 * sets.length)),
  }
}

/** The import's time sets with the rated safety sets (views on the shared ones): what a search uses when VALID. */
export function ratedLandmarksView(rated: SharedRatedLandmarks, base: Landmarks): Landmarks {
  const sets: LandmarkSet[] = base.sets.filter((s) => s.lambda === 0)
  for (const s of rated.sets) sets.push({ ...s, slack: 0 })
  return { ...base, sets }
}

export function ratedValid(rated: SharedRatedLandmarks, period: TimeOfDay): boolean {
  return Atomics.load(rated.state, at(period, VALID)) === 1
}

/** From now on no search of the period starts on its rated sets. */
export function invalidateRated(rated: SharedRatedLandmarks, period: TimeOfDay): void {
  Atomics.store(rated.state, at(period, VALID), 0)
}

/** Installs a period's build: only when each of its risks is at or above the floor the build used. */
export function installRated(rated: SharedRatedLandmarks, period: TimeOfDay, risk: Float32Array): boolean {
  const floor = rated.floors[period]
  for (let e = 0; e < risk.length; e++) if ((risk[e] as number) < (floor[e] as number)) return false
  Atomics.store(rated.state, at(period, VALID), 1)
  return true
}

/** Whether a new risk for these edges (`values[i]` for `edges[i]`; all edges when omitted) goes below the floor. */
export function belowFloor(
  rated: SharedRatedLandmarks,
  period: TimeOfDay,
  values: ArrayLike<number>,
  edges?: ArrayLike<number>,
): boolean {
  const floor = rated.floors[period]
  for (let i = 0; i < values.length; i++) {
    if ((values[i] as number) < (floor[edges === undefined ? i : (edges[i] as number)] as number)) return true
  }
  return false
}

/**
 * Runs a search of `period` on its rated sets when they hold (`view`, from ratedLandmarksView), else on the import's.
 * A search counts itself among the period's READERS before it checks VALID again, so a build that saw VALID 0 and
 * then no readers never writes under a running search.
 */
export function withLandmarks<T>(
  rated: SharedRatedLandmarks | undefined,
  base: Landmarks | undefined,
  view: Landmarks | undefined,
  period: TimeOfDay,
  search: (landmarks: Landmarks | undefined) => T,
): T {
  if (rated === undefined || view === undefined || !ratedValid(rated, period)) return search(base)
  Atomics.add(rated.state, at(period, READERS), 1)
  try {
    if (!ratedValid(rated, period)) return search(base)
    const first = view.sets.length - rated.sets.length
    for (const [i, s] of rated.sets.entries()) {
      if (s.riskKey === period) (view.sets[first + i] as LandmarkSet).slack = rated.slack[i] as number
    }
    return search(view)
  } finally {
    Atomics.sub(rated.state, at(period, READERS), 1)
  }
}

/** In a build: waits (a few milliseconds at a time) until no search uses the period's sets. Call when invalid. */
export function waitForNoReaders(rated: SharedRatedLandmarks, period: TimeOfDay): void {
  const i = at(period, READERS)
  for (let readers = Atomics.load(rated.state, i); readers !== 0; readers = Atomics.load(rated.state, i)) {
    Atomics.wait(rated.state, i, readers, 5)
  }
}
