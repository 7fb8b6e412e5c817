import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client.ts'
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay, retryDelay } from './backoff.ts'

const busy = (retryAfterMs: number | null) => new ApiError(429, 'Too many requests', 'RATE_LIMITED', true, retryAfterMs)

describe('backoffDelay', () => {
  it('keeps within 1 s and 5 min, with full jitter up to the doubling ceiling', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS)
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF_BASE_MS)
    expect(backoffDelay(2, () => 1)).toBe(2 * BACKOFF_BASE_MS)
    expect(backoffDelay(4, () => 1)).toBe(8 * BACKOFF_BASE_MS)
    expect(backoffDelay(4, () => 0)).toBe(BACKOFF_BASE_MS)
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_MAX_MS)
    expect(backoffDelay(1000, () => 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_MS)
    for (let n = 1; n < 20; n++) {
      const d = backoffDelay(n)
      expect(d).toBeGreaterThanOrEqual(BACKOFF_BASE_MS)
      expect(d).toBeLessThanOrEqual(BACKOFF_MAX_MS)
    }
  })
})

describe('retryDelay', () => {
  it("waits the server's Retry-After when it is longer than the backoff, else the backoff", () => {
    expect(retryDelay(1, busy(30_000), () => 0)).toBe(30_000)
    expect(retryDelay(1, busy(10), () => 0)).toBe(BACKOFF_BASE_MS)
    expect(retryDelay(1, busy(null), () => 0)).toBe(BACKOFF_BASE_MS)
    expect(retryDelay(1, new TypeError('Failed to fetch'), () => 0)).toBe(BACKOFF_BASE_MS)
  })

  it('never waits past the cap, whatever the server asks', () => {
    expect(retryDelay(1, busy(24 * 60 * 60 * 1000), () => 0)).toBe(BACKOFF_MAX_MS)
  })
})
