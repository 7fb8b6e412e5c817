import { afterEach, describe, expect, it, vi } from 'vitest'
import { BATCH_MAX_MS, BATCH_MIN_MS, publishInBatches } from './batches.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('publishInBatches', () => {
  it('publishes at random intervals of 20 to 40 minutes, never at once, until stopped', () => {
    vi.useFakeTimers()
    const times: number[] = []
    const start = Date.now()
    const stop = publishInBatches(() => times.push(Date.now() - start))
    vi.advanceTimersByTime(BATCH_MIN_MS - 1)
    expect(times).toEqual([])
    vi.advanceTimersByTime(50 * BATCH_MAX_MS)
    const gaps = times.map((at, i) => at - (times[i - 1] ?? 0))
    expect(gaps.length).toBeGreaterThanOrEqual(50)
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(BATCH_MIN_MS)
      expect(gap).toBeLessThanOrEqual(BATCH_MAX_MS)
    }
    expect(new Set(gaps).size).toBeGreaterThan(40)
    stop()
    const count = times.length
    vi.advanceTimersByTime(10 * BATCH_MAX_MS)
    expect(times).toHaveLength(count)
  })
})
