import rateLimit from '@fastify/rate-limit'
import { ErrorCode, ErrorMessages } from '@wings/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
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

/**
 * The route option (`config`) giving one route its own limit, and optionally its own message for a 429 and its own
 * key (per IP by default).
 */
export function routeRateLimit(limit: RateLimit, message?: string, key?: (request: FastifyRequest) => string) {
  const rateLimit = { max: limit.max, timeWindow: limit.windowMs, ...(key ? { keyGenerator: key } : {}) }
  if (message === undefined) return { rateLimit }
  return {
    rateLimit: { ...rateLimit, errorResponseBuilder: () => new HttpError(429, ErrorCode.rateLimited, message) },
  }
}
