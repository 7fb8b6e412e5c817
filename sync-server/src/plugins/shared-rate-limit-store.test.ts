import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SharedCounts } from '../db/shared-limits.ts'
import { type LimitBackend, openLimitBackend } from '../db/shared-limits-testing.ts'
import { DIALECTS } from '../db/sql-test-backends.ts'
import { sharedRateLimitStore } from './shared-rate-limit-store.ts'

/** One instance: 3 requests a minute per IP on every route, 2 on /strict. */
async function instance(counts: SharedCounts, skipOnError = false): Promise<FastifyInstance> {
  const app = Fastify()
  await app.register(rateLimit, { store: sharedRateLimitStore(counts), max: 3, timeWindow: 60_000, skipOnError })
  app.get('/open', async () => ({ ok: true }))
  app.get('/also-open', async () => ({ ok: true }))
  app.get('/strict', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }))
  await app.ready()
  return app
}

const statuses = async (requests: [FastifyInstance, string][]) => {
  const out: number[] = []
  for (const [app, url] of requests) out.push((await app.inject({ method: 'GET', url })).statusCode)
  return out
}

describe.each(DIALECTS)('the shared rate-limit store on %s', (dialect) => {
  let limits: LimitBackend
  let a: FastifyInstance
  let b: FastifyInstance
  beforeAll(async () => {
    limits = await openLimitBackend(dialect)
    a = await instance(await limits.instance())
    b = await instance(await limits.instance())
  })
  afterAll(async () => {
    await Promise.all([a.close(), b.close()])
    await limits.backend.close()
  })
  beforeEach(async () => {
    await limits.backend.sql.run('DELETE FROM limit_counts')
  })

  it('limits requests split over two instances together: the one past the limit gets 429 wherever it lands', async () => {
    expect(
      await statuses([
        [a, '/open'],
        [b, '/open'],
        [a, '/also-open'],
        [b, '/open'],
        [a, '/open'],
      ]),
    ).toEqual([200, 200, 200, 429, 429])
    const refused = await b.inject({ method: 'GET', url: '/open' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55)
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(refused.headers['x-ratelimit-remaining']).toBe('0')
  })

  it('counts a route with its own limit apart, on both instances', async () => {
    expect(
      await statuses([
        [a, '/strict'],
        [b, '/strict'],
        [a, '/strict'],
        [b, '/open'],
      ]),
    ).toEqual([200, 200, 429, 200])
    const fresh = await a.inject({ method: 'GET', url: '/open' })
    expect(fresh.headers['x-ratelimit-remaining']).toBe('1')
  })

  it('reads a count without counting (for increment: false)', async () => {
    const Store = sharedRateLimitStore(await limits.instance(), () => 1_000_000)
    const store = new Store({}) as InstanceType<typeof Store> & { read: FastifyRateLimitStore['incr'] }
    const call = (method: 'incr' | 'read', key: string) =>
      new Promise((resolve, reject) =>
        store[method](key, (error, result) => (error ? reject(error) : resolve(result)), 5000, 1),
      )
    expect(await call('read', 'ip')).toEqual({ current: 0, ttl: 0 })
    expect(await call('incr', 'ip')).toEqual({ current: 1, ttl: 5000 })
    expect(await call('read', 'ip')).toEqual({ current: 1, ttl: 5000 })
    expect(await call('read', 'ip')).toEqual({ current: 1, ttl: 5000 })
  })

  it('counts at once from both instances without losing a request', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).inject({ method: 'GET', url: '/open' })),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3)
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(7)
  })
})

describe('the shared rate-limit store', () => {
  it('lets requests through while the database cannot count, when told to (skipOnError), and refuses them otherwise', async () => {
    const down = () => Promise.reject(new Error('Connection terminated unexpectedly'))
    const counts: SharedCounts = { hit: down, read: down, clear: down, sweep: down }
    const [lenient, strict] = [await instance(counts, true), await instance(counts, false)]
    try {
      expect(await statuses(Array.from({ length: 5 }, () => [lenient, '/open'] as [FastifyInstance, string]))).toEqual([
        200, 200, 200, 200, 200,
      ])
      // The app's error handler makes a storage fault a 503 (plugins/errors.ts); a bare app answers 500.
      expect((await strict.inject({ method: 'GET', url: '/open' })).statusCode).toBeGreaterThanOrEqual(500)
    } finally {
      await Promise.all([lenient.close(), strict.close()])
    }
  })

  it('refuses options it cannot keep', () => {
    const Store = sharedRateLimitStore({} as SharedCounts)
    expect(() => new Store({ continueExceeding: true } as never)).toThrow(/fixed windows/)
    expect(() => new Store({ exponentialBackoff: true } as never)).toThrow(/fixed windows/)
  })
})
