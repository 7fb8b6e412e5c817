import rateLimit from '@fastify/rate-limit'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyInstance } from 'fastify'
import type { RateLimit } from '../config.ts'
import { HttpError } from '../http-error.ts'

/** Limits every route of `scope` per client IP; routes may set a stricter limit with `routeRateLimit`. */
export async function limitRequestRate(scope: FastifyInstance, limit: RateLimit): Promise<void> {
  await scope.register(rateLimit, {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: () => new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyRequests),
  })
}

/** The route option (`config`) giving one route its own limit, and optionally its own message for a 429. */
export function routeRateLimit(limit: RateLimit, message?: string) {
  const rateLimit = { max: limit.max, timeWindow: limit.windowMs }
  if (message === undefined) return { rateLimit }
  return {
    rateLimit: { ...rateLimit, errorResponseBuilder: () => new HttpError(429, ErrorCode.rateLimited, message) },
  }
}
