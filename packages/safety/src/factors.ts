import { SafetyInputError } from './errors.ts'

/** The five inputs of the spec's estimator (`POST /api/predict`), each a number from 1 to 100. */
export interface SafetyFactors {
  /** How well the street is lit (1 dark .. 100 bright, daylight included). Higher is safer. */
  light_intensity: number
  /** Motor traffic (1 none .. 100 heavy, fast). Moderate is safest: 1 is isolated, 100 is hostile to walk along. */
  traffic_density: number
  /** People present on foot or in shops and stops (1 deserted .. 100 very busy). Higher is safer. */
  crowd_density: number
  /** Risk of crime or harassment (1 very low .. 100 very high). Higher is less safe. */
  crime_rate: number
  /** Risk of a road accident for a person on foot or bike (1 very low .. 100 very high). Higher is less safe. */
  accident_rate: number
}

export type FactorName = keyof SafetyFactors

export const FACTOR_NAMES: readonly FactorName[] = [
  'light_intensity',
  'traffic_density',
  'crowd_density',
  'crime_rate',
  'accident_rate',
]

export const FACTOR_MIN = 1
export const FACTOR_MAX = 100

/** Which way a factor pushes the score. */
export type FactorDirection = 'higher-is-safer' | 'lower-is-safer' | 'moderate-is-safest'

export const FACTOR_DIRECTIONS: Readonly<Record<FactorName, FactorDirection>> = {
  light_intensity: 'higher-is-safer',
  traffic_density: 'moderate-is-safest',
  crowd_density: 'higher-is-safer',
  crime_rate: 'lower-is-safer',
  accident_rate: 'lower-is-safer',
}

/** traffic_density with the best goodness; goodness rises linearly below it and falls linearly above it. */
export const TRAFFIC_SWEET_SPOT = 40
/** Goodness of traffic_density 1 (no traffic at all: isolated) and of 100 (heavy fast traffic). */
export const TRAFFIC_GOODNESS_AT_1 = 0.4
export const TRAFFIC_GOODNESS_AT_100 = 0.3

const LABELS: Readonly<Record<FactorName, string>> = {
  light_intensity: 'Light intensity',
  traffic_density: 'Traffic density',
  crowd_density: 'Crowd density',
  crime_rate: 'Crime rate',
  accident_rate: 'Accident rate',
}

/** Checks that every factor is a finite number from 1 to 100; throws {@link SafetyInputError} naming the first bad one. */
export function validateFactors(input: unknown): SafetyFactors {
  if (typeof input !== 'object' || input === null) {
    throw new SafetyInputError('factors', 'Safety factors must be an object')
  }
  const record = input as Record<string, unknown>
  for (const name of FACTOR_NAMES) {
    const value = record[name]
    if (value === undefined || value === null || value === '') {
      throw new SafetyInputError(name, `${LABELS[name]} is required`)
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < FACTOR_MIN || value > FACTOR_MAX) {
      throw new SafetyInputError(name, `${LABELS[name]} must be a number from ${FACTOR_MIN} to ${FACTOR_MAX}`)
    }
  }
  return record as unknown as SafetyFactors
}

const unit = (v: number) => (v - FACTOR_MIN) / (FACTOR_MAX - FACTOR_MIN)

/*
 * Goodness functions: each maps a factor (1..100) to 0..1, where 1 is the safest value of that factor.
 * They are monotonic in the factor's direction and the score is a weighted mean of them.
 */

/** Linear: each step of light counts the same. */
export function lightGoodness(v: number): number {
  return unit(v)
}

/** Concave: the first few people on an empty street matter most (one witness changes an empty street). */
export function crowdGoodness(v: number): number {
  const rest = 1 - unit(v)
  return 1 - rest * rest
}

/** Peaks at {@link TRAFFIC_SWEET_SPOT}: 'eyes on the street' from passing traffic, without a hostile, fast road. */
export function trafficGoodness(v: number): number {
  if (v <= TRAFFIC_SWEET_SPOT) {
    return TRAFFIC_GOODNESS_AT_1 + ((1 - TRAFFIC_GOODNESS_AT_1) * (v - FACTOR_MIN)) / (TRAFFIC_SWEET_SPOT - FACTOR_MIN)
  }
  return 1 - ((1 - TRAFFIC_GOODNESS_AT_100) * (v - TRAFFIC_SWEET_SPOT)) / (FACTOR_MAX - TRAFFIC_SWEET_SPOT)
}

export function crimeGoodness(v: number): number {
  return 1 - unit(v)
}

export function accidentGoodness(v: number): number {
  return 1 - unit(v)
}

export const GOODNESS: Readonly<Record<FactorName, (v: number) => number>> = {
  light_intensity: lightGoodness,
  traffic_density: trafficGoodness,
  crowd_density: crowdGoodness,
  crime_rate: crimeGoodness,
  accident_rate: accidentGoodness,
}
