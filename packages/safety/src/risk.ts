import {
  ACCIDENT,
  CRIME,
  CROWD,
  computeFactors,
  computeFeatureFactors,
  LIGHT,
  type ModelTables,
  modelTables,
  RATING_MAX_POINTS,
  TRAFFIC,
} from './edge-factors.ts'
import { type EdgeFeatureColumns, type EdgeFeatures, ROAD_CLASSES, validateEdgeFeatures } from './edge-features.ts'
import { SafetyInputError } from './errors.ts'
import { scoreOfValidFactors, WEIGHTS } from './score.ts'
import { type TimeInput, type TimeOfDay, type TimeOptions, timeOfDay } from './time-of-day.ts'

const scratch = new Float64Array(5)

/** Score (0..100) from factors in `f` plus the bounded rating term. Shared by every path. */
export function scoreOfScratch(time: TimeOfDay, f: Float64Array, ratingFeedback: number): number {
  let score = scoreOfValidFactors(
    WEIGHTS[time],
    f[LIGHT] as number,
    f[TRAFFIC] as number,
    f[CROWD] as number,
    f[CRIME] as number,
    f[ACCIDENT] as number,
  )
  if (ratingFeedback > 0 || ratingFeedback < 0) {
    score += RATING_MAX_POINTS * Math.max(-1, Math.min(1, ratingFeedback))
  }
  if (!(score > 0)) return 0
  return Math.min(score, 100)
}

/** An already validated edge's score at a resolved period (no checks). */
export function scoreOfFeatures(features: EdgeFeatures, time: TimeOfDay): number {
  computeFeatureFactors(features, time, scratch)
  return scoreOfScratch(time, scratch, features.ratingFeedback ?? 0)
}

/**
 * Safety score (0..100, unrounded) of one edge at a time: the estimator's score of {@link factorsFromFeatures},
 * plus `ratingFeedback` x {@link RATING_MAX_POINTS} (at most +/- 10 points), clamped to 0..100.
 * Throws {@link SafetyInputError} for invalid features or time.
 */
export function edgeScore(features: EdgeFeatures, time: TimeInput, options?: TimeOptions): number {
  validateEdgeFeatures(features)
  return scoreOfFeatures(features, timeOfDay(time, options))
}

/** Risk of one edge for the router: 1 - score / 100, from 0 (safest) to 1. */
export function edgeRisk(features: EdgeFeatures, time: TimeInput, options?: TimeOptions): number {
  return 1 - edgeScore(features, time, options) / 100
}

const at = (column: ArrayLike<number> | undefined, i: number): number =>
  column === undefined ? 0 : (column[i] as number)

const zeroAt = (column: ArrayLike<number> | undefined, i: number): boolean => column === undefined || column[i] === 0

/*
 * Most edges of a real graph have no place nearby, no report and no rating: their risk depends only on road class,
 * lit, sidewalk and speed limit. Those risks are memoised per period (computed by the same code on first use, so
 * the result is identical), which makes a fill several times faster.
 */
const SPEEDS = 256
const PLAIN_SIZE = ROAD_CLASSES.length * 3 * 3 * SPEEDS
const plainRisk: Record<TimeOfDay, Float64Array | undefined> = { day: undefined, evening: undefined, night: undefined }

function plainCache(time: TimeOfDay): Float64Array {
  let cache = plainRisk[time]
  if (cache === undefined) {
    cache = new Float64Array(PLAIN_SIZE).fill(-1) // -1: not computed yet (a risk is 0..1)
    plainRisk[time] = cache
  }
  return cache
}

function riskOfCoded(t: ModelTables, time: TimeOfDay, cols: EdgeFeatureColumns, i: number): number {
  computeFactors(
    t,
    cols.roadClass[i] as number,
    at(cols.maxspeed, i),
    at(cols.lit, i),
    at(cols.sidewalk, i),
    at(cols.shops, i),
    at(cols.food, i),
    at(cols.transport, i),
    at(cols.help, i),
    at(cols.open24h, i),
    at(cols.cameras, i),
    at(cols.incidentDensity, i),
    at(cols.hoursShops, i),
    at(cols.hoursFood, i),
    time === 'night' ? at(cols.openNight, i) : time === 'evening' ? at(cols.openEvening, i) : 0,
    time === 'night' ? at(cols.unservedNight, i) : 0,
    scratch,
  )
  return 1 - scoreOfScratch(time, scratch, at(cols.ratingFeedback, i)) / 100
}

function fillFromColumns(cols: EdgeFeatureColumns, time: TimeOfDay, t: ModelTables, out: Float32Array): void {
  const n = cols.roadClass.length
  for (const [name, column] of Object.entries(cols)) {
    if (column !== undefined && (column as ArrayLike<number>).length !== n) {
      throw new SafetyInputError(
        `columns.${name}`,
        `Column ${name} has ${(column as ArrayLike<number>).length} entries, expected ${n}`,
      )
    }
  }
  const { roadClass, maxspeed, lit, sidewalk, shops, food, transport, help, open24h, cameras } = cols
  const { incidentDensity, ratingFeedback } = cols
  const cache = plainCache(time)
  const classes = ROAD_CLASSES.length
  for (let i = 0; i < n; i++) {
    const c = roadClass[i] as number
    const l = at(lit, i)
    const w = at(sidewalk, i)
    const v = at(maxspeed, i)
    if (
      zeroAt(shops, i) &&
      zeroAt(food, i) &&
      zeroAt(transport, i) &&
      zeroAt(help, i) &&
      zeroAt(open24h, i) &&
      zeroAt(cameras, i) &&
      zeroAt(incidentDensity, i) &&
      zeroAt(ratingFeedback, i) &&
      c >= 0 &&
      c < classes &&
      (c | 0) === c &&
      (l === 0 || l === 1 || l === 2) &&
      (w === 0 || w === 1 || w === 2) &&
      v >= 0 &&
      v < SPEEDS &&
      (v | 0) === v
    ) {
      const key = ((c * 3 + l) * 3 + w) * SPEEDS + v
      let risk = cache[key] as number
      if (risk < 0) {
        risk = riskOfCoded(t, time, cols, i)
        cache[key] = risk
      }
      out[i] = risk
    } else {
      out[i] = riskOfCoded(t, time, cols, i)
    }
  }
}

/**
 * Fills `out[i]` with the risk (0..1, as {@link edgeRisk}) of every edge at one time, for a router cost
 * `time x (1 + lambda x risk)`. Takes either an array of {@link EdgeFeatures} (validated, throws like edgeRisk) or
 * {@link EdgeFeatureColumns} (typed arrays, not validated: bad values read as defaults, never NaN).
 * Speed: about 20 ms for 400k edges from typed columns on this shared 2-core machine (measured in risk.test.ts).
 * The risk depends only on the period, so a router can fill one array per period once and reuse it for every
 * query and every lambda. `out` must be a Float32Array with one entry per edge; returns `out`.
 */
export function fillRiskArray(
  edges: readonly EdgeFeatures[] | EdgeFeatureColumns,
  time: TimeInput,
  out: Float32Array,
  options?: TimeOptions,
): Float32Array {
  const period = timeOfDay(time, options)
  const n = Array.isArray(edges) ? edges.length : (edges as EdgeFeatureColumns).roadClass.length
  if (!(out instanceof Float32Array) || out.length !== n) {
    throw new SafetyInputError('out', `The risk array must be a Float32Array of ${n} entries`)
  }
  if (Array.isArray(edges)) {
    for (let i = 0; i < n; i++) {
      const features = edges[i] as EdgeFeatures
      validateEdgeFeatures(features)
      out[i] = 1 - scoreOfFeatures(features, period) / 100
    }
  } else {
    fillFromColumns(edges as EdgeFeatureColumns, period, modelTables(period), out)
  }
  return out
}
