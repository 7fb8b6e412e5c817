/**
 * The estimator's score: POST /api/predict, or the same model (`@wings/safety`) in the browser when the phone is
 * offline or the server cannot be reached. Both use no time of day (the estimator has no time input), so both
 * answer the same number.
 */
import type { PredictBody, PredictResponse } from '@wings/contract'
import {
  FACTOR_MAX,
  FACTOR_MIN,
  FACTOR_NAMES,
  type FactorName,
  type SafetyFactors,
  SafetyInputError,
  safetyScore,
  validateFactors,
} from '@wings/safety'
import { ApiError, callApi } from '../../api/client.ts'
import { t } from './messages.ts'

/** The API error's message for an odd answer (never shown: the screen alerts its own text, `predictFailed`). */
export const PREDICT_FAILED = 'Failed to calculate safety score. Try again.'

/** The spec's estimator inputs (section 3), as sent to POST /api/predict. */
export type EstimateInput = PredictBody

export interface Estimate {
  /** 0..100, unrounded (the screen rounds it). */
  score: number
  /** Where it was calculated: the server, or this phone (offline). */
  source: 'server' | 'phone'
}

/** The spec's result text: 'Safety Score: N%', rounded (in her language). */
export function scoreText(score: number): string {
  return t('score', { score: Math.round(score) })
}

/** The same score the server gives, computed here (no time argument, as the server does). */
export function localEstimate(input: EstimateInput): number {
  const factors = {} as SafetyFactors
  for (const name of FACTOR_NAMES) factors[name] = input[name]
  return safetyScore(factors)
}

/** Gateway answers from a proxy in front of an unreachable server count as 'cannot reach it', like no network. */
const UNREACHABLE = new Set([502, 503, 504])

function canFallBack(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true
  return error instanceof ApiError && (error.isNetwork || UNREACHABLE.has(error.status))
}

/**
 * Asks the server; offline (or server out of reach) computes on the phone. Throws for a real server failure
 * (it refused or broke), which the screen reports with the spec's alert.
 */
export async function estimate(input: EstimateInput, signal?: AbortSignal): Promise<Estimate> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { score: localEstimate(input), source: 'phone' }
  }
  try {
    // Read with care: an empty or odd answer is a server failure, not a score.
    const answer: Partial<PredictResponse> | undefined = await callApi('predict', {
      body: input,
      ...(signal ? { signal } : {}),
    })
    const score: unknown = answer?.safety_score
    if (typeof score !== 'number' || !Number.isFinite(score)) {
      throw new ApiError(200, PREDICT_FAILED, 'BAD_RESPONSE', false)
    }
    return { score, source: 'server' }
  } catch (error) {
    if (canFallBack(error)) return { score: localEstimate(input), source: 'phone' }
    throw error
  }
}

/** The estimator form's text values. */
export type EstimatorValues = Record<'lat1' | 'lon1' | FactorName, string>

/** Parses a typed number: '' -> undefined, junk -> NaN (so the model's 'must be a number' message is used). */
function parse(text: string): number | undefined {
  const t = text.trim()
  if (t === '') return undefined
  return Number(t)
}

/**
 * One message per bad field: each factor checked by the model's own `validateFactors` (required, a number from
 * 1 to 100), the source coordinates by their ranges.
 */
export function estimatorProblems(values: EstimatorValues): Partial<Record<keyof EstimatorValues, string>> {
  const problems: Partial<Record<keyof EstimatorValues, string>> = {}
  const lat = parse(values.lat1)
  const lon = parse(values.lon1)
  if (lat === undefined) problems.lat1 = t('latRequired')
  else if (!Number.isFinite(lat) || lat < -90 || lat > 90) problems.lat1 = t('latRange')
  if (lon === undefined) problems.lon1 = t('lonRequired')
  else if (!Number.isFinite(lon) || lon < -180 || lon > 180) problems.lon1 = t('lonRange')
  for (const name of FACTOR_NAMES) {
    const message = factorProblem(name, values[name])
    if (message) problems[name] = message
  }
  return problems
}

const VALID = (FACTOR_MIN + FACTOR_MAX) / 2

/** Each factor's name in a sentence ('Light intensity is required'), in her language. */
const FACTOR_SENTENCE_NAMES = {
  light_intensity: 'nameLight',
  traffic_density: 'nameTraffic',
  crowd_density: 'nameCrowd',
  crime_rate: 'nameCrime',
  accident_rate: 'nameAccident',
} as const satisfies Record<FactorName, Parameters<typeof t>[0]>

/**
 * The model's verdict on one factor value (`validateFactors`), told in her language: undefined when it is a number
 * from 1 to 100, else that it is required or must be a number in range.
 */
export function factorProblem(name: FactorName, text: string): string | undefined {
  const probe: Record<string, unknown> = {}
  for (const other of FACTOR_NAMES) probe[other] = VALID
  const value = parse(text)
  probe[name] = value
  try {
    validateFactors(probe)
    return undefined
  } catch (error) {
    if (!(error instanceof SafetyInputError)) throw error
    const factor = t(FACTOR_SENTENCE_NAMES[name])
    return value === undefined
      ? t('factorRequired', { factor })
      : t('factorRange', { factor, min: FACTOR_MIN, max: FACTOR_MAX })
  }
}
