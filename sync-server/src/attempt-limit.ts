import type { RateLimit } from './config.ts'

/** Keeps memory bounded: expired windows are swept once this many keys are held. */
const SWEEP_AT = 10_000

/**
 * Counts attempts per key (for logins IP + e-mail, for contact messages IP) in a fixed window. Kept in the
 * services rather than as a route limit so that every path to the same action (a REST call, a pushed op)
 * shares one count. A login attempt counts before the password is checked, so parallel guesses cannot slip
 * past the limit; a successful login clears the count.
 */
export function createAttemptLimit(limit: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { count: number; resetAt: number }>()

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key)
  }

  return {
    /** Records an attempt; returns the seconds to wait when the limit is exceeded, else 0. */
    attempt(key: string): number {
      const at = now()
      if (windows.size >= SWEEP_AT) sweep(at)
      let window = windows.get(key)
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + limit.windowMs }
        windows.set(key, window)
      }
      window.count += 1
      return window.count > limit.max ? Math.ceil((window.resetAt - at) / 1000) : 0
    },
    /** The seconds to wait when the key is over the limit now, else 0 (counts nothing). */
    wait(key: string): number {
      const window = windows.get(key)
      const at = now()
      if (!window || window.resetAt <= at || window.count <= limit.max) return 0
      return Math.ceil((window.resetAt - at) / 1000)
    },
    succeeded(key: string): void {
      windows.delete(key)
    },
  }
}

export type AttemptLimit = ReturnType<typeof createAttemptLimit>
