import { ApiError } from '../api/client.ts'

export const BACKOFF_BASE_MS = 1000
export const BACKOFF_MAX_MS = 5 * 60 * 1000

/**
 * Capped exponential backoff with jitter: after the n-th failure in a row, a random delay from the base to
 * min(max, base * 2^(n-1)) (1 s, then 1 to 2 s, 1 to 4 s ... up to 5 min).
 */
export function backoffDelay(
  failures: number,
  random: () => number = Math.random,
  base = BACKOFF_BASE_MS,
  max = BACKOFF_MAX_MS,
): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(Math.max(failures - 1, 0), 30))
  return Math.round(base + random() * (ceiling - base))
}

/**
 * The wait before the next try after `error`: the backoff, or longer when the server said how long to wait (its
 * Retry-After on a 429 or 503), never past the backoff's cap.
 */
export function retryDelay(
  failures: number,
  error: unknown,
  random: () => number = Math.random,
  base = BACKOFF_BASE_MS,
  max = BACKOFF_MAX_MS,
): number {
  const asked = error instanceof ApiError && error.retryAfterMs !== null ? error.retryAfterMs : 0
  return Math.max(backoffDelay(failures, random, base, max), Math.min(asked, max))
}
