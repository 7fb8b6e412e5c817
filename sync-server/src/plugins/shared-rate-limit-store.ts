// A store for @fastify/rate-limit on the counts every instance shares (db/shared-limits.ts): requests spread over
// several instances are limited together. Its in-memory store counts per process.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { SharedCounts, Window } from '../db/shared-limits.ts'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** What the plugin passes to the constructor and to `child` (its merged options; a route's also name the route). */
interface StoreOptions {
  continueExceeding?: boolean
  exponentialBackoff?: boolean
  routeInfo?: { method?: string | string[]; url?: string }
}

const answer = (window: Window | undefined, at: number) =>
  window ? { current: window.count, ttl: Math.max(0, window.resetAt - at) } : { current: 0, ttl: 0 }

/**
 * The `store` option of @fastify/rate-limit: `register(rateLimit, { store: sharedRateLimitStore(counts), ... })`.
 * The plugin constructs it itself (with its options only), hence a class made around `counts`. Fixed windows, as the
 * in-memory store's without `continueExceeding` and `exponentialBackoff`, which it refuses.
 */
export function sharedRateLimitStore(counts: SharedCounts, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: StoreOptions,
      private readonly prefix = 'rate:',
    ) {
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('The shared rate-limit store counts fixed windows: no continueExceeding or exponentialBackoff')
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now()
      counts.hit(this.prefix + key, timeWindow, at).then(
        (window) => callback(null, answer(window, at)),
        (error: Error) => callback(error),
      )
    }

    /** For `{ increment: false }`: the count so far, without counting. */
    read(key: string, callback: Callback): void {
      const at = now()
      counts.read(this.prefix + key, at).then(
        (window) => callback(null, answer(window, at)),
        (error: Error) => callback(error),
      )
    }

    /** A route with a limit of its own counts apart, named by method and URL: the same on every instance. */
    child(routeOptions: unknown): FastifyRateLimitStore {
      const options = routeOptions as StoreOptions
      const { method = '', url = '' } = options.routeInfo ?? {}
      return new SharedRateLimitStore(options, `rate:${String(method)}:${url}:`)
    }
  }
  return SharedRateLimitStore
}
