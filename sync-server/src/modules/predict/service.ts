import { ErrorCode, type PredictBody, type PredictResponse } from '@wings/contract'
import { SafetyInputError, safetyScore } from '@wings/safety'
import { HttpError } from '../../http-error.ts'

/**
 * The spec's manual estimator: the five factors through packages/safety `safetyScore` with no time (the
 * estimator's weights), so the browser's offline answer is the same number. The coordinates are validated but do
 * not enter the score (the spec's estimator takes them as context only).
 */
export function predict(body: PredictBody): PredictResponse {
  try {
    return {
      safety_score: safetyScore({
        light_intensity: body.light_intensity,
        traffic_density: body.traffic_density,
        crowd_density: body.crowd_density,
        crime_rate: body.crime_rate,
        accident_rate: body.accident_rate,
      }),
    }
  } catch (error) {
    // The schema already holds every factor to 1..100; the model's own check is the second line.
    if (error instanceof SafetyInputError) throw new HttpError(400, ErrorCode.validation, error.message)
    throw error
  }
}
