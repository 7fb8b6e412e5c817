/** Set-up and tear-down shared by many suites: call one inside a describe block (or at the top of a file). */
import { afterEach, beforeEach, type Mock, vi } from 'vitest'
import { clearDb } from './sync.ts'

/** Each test starts on an empty database; after it, timers are real again and no global stays stubbed. */
export function emptyDbEachTest(): void {
  beforeEach(clearDb)
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
}

/**
 * A screen's tests: each starts on an empty database with `window.alert` stubbed by the returned mock; after it,
 * timers are real again and every mock and stubbed global is undone.
 */
export function alertingScreenEachTest(): Mock<(message?: string) => void> {
  const alert = vi.fn<(message?: string) => void>()
  beforeEach(async () => {
    await clearDb()
    alert.mockReset()
    vi.stubGlobal('alert', alert)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })
  return alert
}
