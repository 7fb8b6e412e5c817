import {
  accidentGoodness,
  crimeGoodness,
  crowdGoodness,
  FACTOR_NAMES,
  type FactorName,
  GOODNESS,
  lightGoodness,
  type SafetyFactors,
  trafficGoodness,
  validateFactors,
} from './factors.ts'
import { type TimeInput, type TimeOfDay, type TimeOptions, timeOfDay } from './time-of-day.ts'

/** Weight of each factor in points; each row sums to 100, so a factor at its best adds its whole weight. */
export type FactorWeights = Readonly<Record<FactorName, number>>

/**
 * The weights. Reasons (docs/safety-model.md has the long form):
 * - crime_rate is the most direct measure of the harm the user fears, so it leads by day; it shrinks a little at
 *   night only because lighting and people take a larger share, not because crime matters less.
 * - crowd_density ('people' and 'gender usage' in Safetipin's audit; Jacobs' 'eyes on the street') is high at all
 *   times and rises at night, when an empty street is the main fear.
 * - light_intensity ('lighting' and 'visibility' in Safetipin) matters little by daylight and most at night.
 * - traffic_density is a weak, two-sided signal (passers-by vs. a hostile road), so it weighs least at night.
 * - accident_rate ('walk path' in Safetipin) stays in every row: cars are a real danger to people on foot.
 */
export const WEIGHTS: Readonly<Record<TimeOfDay, FactorWeights>> = {
  day: { light_intensity: 14, traffic_density: 16, crowd_density: 24, crime_rate: 30, accident_rate: 16 },
  evening: { light_intensity: 24, traffic_density: 10, crowd_density: 26, crime_rate: 28, accident_rate: 12 },
  night: { light_intensity: 30, traffic_density: 8, crowd_density: 28, crime_rate: 24, accident_rate: 10 },
}

/** Weights when no time is given (the manual estimator): between day and night, since the trip time is unknown. */
export const DEFAULT_WEIGHTS: FactorWeights = {
  light_intensity: 22,
  traffic_density: 12,
  crowd_density: 25,
  crime_rate: 28,
  accident_rate: 13,
}

export function weightsFor(time?: TimeOfDay): FactorWeights {
  return time === undefined ? DEFAULT_WEIGHTS : WEIGHTS[time]
}

/** Score of already valid factors (no checks): the hot path shared by edges and the estimator. */
export function scoreOfValidFactors(
  w: FactorWeights,
  light: number,
  traffic: number,
  crowd: number,
  crime: number,
  accident: number,
): number {
  return (
    w.light_intensity * lightGoodness(light) +
    w.traffic_density * trafficGoodness(traffic) +
    w.crowd_density * crowdGoodness(crowd) +
    w.crime_rate * crimeGoodness(crime) +
    w.accident_rate * accidentGoodness(accident)
  )
}

function resolveTime(time: TimeInput | undefined, options: TimeOptions | undefined): TimeOfDay | undefined {
  return time === undefined ? undefined : timeOfDay(time, options)
}

/**
 * The estimator: five factors (each 1..100) -> a safety score from 0 to 100 (a weighted mean of the factors'
 * goodness, unrounded; the UI rounds it and shows it in percent). Without `time` it uses {@link DEFAULT_WEIGHTS}.
 * Throws {@link SafetyInputError} when a factor is missing, not finite or outside 1..100.
 */
export function safetyScore(factors: SafetyFactors, time?: TimeInput, options?: TimeOptions): number {
  const f = validateFactors(factors)
  const w = weightsFor(resolveTime(time, options))
  return clampScore(
    scoreOfValidFactors(w, f.light_intensity, f.traffic_density, f.crowd_density, f.crime_rate, f.accident_rate),
  )
}

export interface ScoreBreakdown {
  /** Same as {@link safetyScore}. */
  score: number
  /** The period whose weights were used, or null for the default weights. */
  timeOfDay: TimeOfDay | null
  weights: FactorWeights
  /** Points each factor contributed (0..its weight); they sum to `score`. */
  points: Record<FactorName, number>
  /** Points each factor left on the table (weight - points): where the score was lost. */
  lost: Record<FactorName, number>
}

/** The score and where it came from, for the estimator's explanation and the /routecalculation page. */
export function scoreBreakdown(factors: SafetyFactors, time?: TimeInput, options?: TimeOptions): ScoreBreakdown {
  const f = validateFactors(factors)
  const period = resolveTime(time, options)
  const weights = weightsFor(period)
  const points = {} as Record<FactorName, number>
  const lost = {} as Record<FactorName, number>
  let score = 0
  for (const name of FACTOR_NAMES) {
    const p = weights[name] * GOODNESS[name](f[name])
    points[name] = p
    lost[name] = weights[name] - p
    score += p
  }
  return { score: clampScore(score), timeOfDay: period ?? null, weights, points, lost }
}

export function clampScore(score: number): number {
  if (!(score > 0)) return 0 // also NaN -> 0, though inputs are validated before
  return Math.min(score, 100)
}
