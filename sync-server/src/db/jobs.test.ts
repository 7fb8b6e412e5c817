import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createJobRunner, createJobs, type JobRunner, type Jobs } from './jobs.ts'
import type { Sql } from './sql.ts'
import { DIALECTS, openTestBackend, type TestBackend } from './sql-test-backends.ts'

const T0 = 1_764_000_000_000
const MINUTE = 60_000

/** Resolves when `resolve` is called: a job that runs until the test lets it end. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

describe.each(DIALECTS)('shared jobs on %s', (dialect) => {
  let backend: TestBackend
  // Two instances: each a connection (PostgreSQL: a pool) of its own on the one database.
  let sqlA: Sql
  let sqlB: Sql
  let a: Jobs
  let b: Jobs
  const row = (name: string) =>
    backend.reader.get<{ next_at: number; version: number }>('SELECT next_at, version FROM jobs WHERE name = ?', [name])

  beforeAll(async () => {
    backend = await openTestBackend(dialect, { migrated: true })
    sqlA = await backend.connect()
    sqlB = await backend.connect()
    a = createJobs(sqlA)
    b = createJobs(sqlB)
  })
  afterAll(() => backend.close())
  beforeEach(async () => {
    await backend.sql.run('DELETE FROM jobs')
  })

  describe('claimRun', () => {
    it('runs a new job at once, then not again until the interval has passed, on either instance', async () => {
      expect(await a.claimRun('batch', T0, 30 * MINUTE)).toBe(true)
      expect(await row('batch')).toEqual({ next_at: T0 + 30 * MINUTE, version: 1 })
      expect(await b.claimRun('batch', T0, 30 * MINUTE)).toBe(false)
      expect(await a.claimRun('batch', T0 + 30 * MINUTE - 1, 30 * MINUTE)).toBe(false)
      expect(await row('batch')).toEqual({ next_at: T0 + 30 * MINUTE, version: 1 })
      expect(await b.claimRun('batch', T0 + 30 * MINUTE, 30 * MINUTE)).toBe(true)
      expect(await row('batch')).toEqual({ next_at: T0 + 60 * MINUTE, version: 2 })
      // Long after (every instance was down): one run, and the next an interval after it, not a catch-up.
      expect(await a.claimRun('batch', T0 + 500 * MINUTE, 30 * MINUTE)).toBe(true)
      expect(await b.claimRun('batch', T0 + 500 * MINUTE + 1, 30 * MINUTE)).toBe(false)
      expect(await row('batch')).toEqual({ next_at: T0 + 530 * MINUTE, version: 3 })
    })

    it('gives each interval to exactly one of many claims made at once through two instances', async () => {
      for (let round = 0; round < 4; round++) {
        const at = T0 + round * 30 * MINUTE
        const claims = await Promise.all(
          Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).claimRun('batch', at + (i % 5), 30 * MINUTE)),
        )
        expect(claims.filter(Boolean), `round ${round}`).toHaveLength(1)
      }
      expect((await row('batch'))?.version).toBe(4)
    })

    it('draws the interval when it claims: each run is the drawn time after the claim', async () => {
      const drawn = [20 * MINUTE, 37 * MINUTE, 24 * MINUTE]
      const draw = vi.fn(() => drawn.shift() ?? 40 * MINUTE)
      expect(await a.claimRun('batch', T0, draw)).toBe(true)
      expect((await row('batch'))?.next_at).toBe(T0 + 20 * MINUTE)
      expect(await b.claimRun('batch', T0 + 21 * MINUTE, draw)).toBe(true)
      expect((await row('batch'))?.next_at).toBe(T0 + 58 * MINUTE)
      expect(await a.claimRun('batch', T0 + 57 * MINUTE, draw)).toBe(false)
      expect((await row('batch'))?.next_at).toBe(T0 + 58 * MINUTE)
    })

    it('keeps jobs apart by name', async () => {
      expect(await a.claimRun('batch', T0, MINUTE)).toBe(true)
      expect(await b.claimRun('sweep', T0, MINUTE)).toBe(true)
      expect(await a.claimRun('batch', T0, MINUTE)).toBe(false)
    })

    it('refuses an interval that is not a whole number of milliseconds above 0, and claims nothing', async () => {
      for (const bad of [0, -MINUTE, 1.5, Number.NaN, Number.POSITIVE_INFINITY, () => 0]) {
        await expect(a.claimRun('batch', T0, bad)).rejects.toThrow(RangeError)
      }
      expect(await row('batch')).toBeUndefined()
    })
  })

  describe('version and bump', () => {
    it('is 0 for a name never seen; a bump by one instance is read by the other', async () => {
      expect(await b.version('signals')).toBe(0)
      expect(await a.bump('signals')).toBe(1)
      expect(await b.version('signals')).toBe(1)
      expect(await b.bump('signals')).toBe(2)
      expect(await a.version('signals')).toBe(2)
      expect(await a.version('other')).toBe(0)
    })

    it('loses no bump made at once through two instances', async () => {
      const versions = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).bump('signals')))
      expect(versions.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect(await a.version('signals')).toBe(20)
    })

    it('counts claims too, and a bumped name is due for a claim at once', async () => {
      await a.claimRun('batch', T0, MINUTE)
      expect(await b.version('batch')).toBe(1)
      expect(await b.bump('batch')).toBe(2)
      expect(await a.claimRun('batch', T0 + 1, MINUTE)).toBe(false)
      await a.bump('fresh')
      expect(await b.claimRun('fresh', T0, MINUTE)).toBe(true)
      expect(await a.version('fresh')).toBe(2)
    })
  })

  describe('createJobRunner', () => {
    const runners: JobRunner[] = []
    afterEach(async () => {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()))
      vi.restoreAllMocks()
    })
    const runner = (options: Omit<Parameters<typeof createJobRunner>[0], 'name'>) => {
      const made = createJobRunner({ name: 'batch', ...options })
      runners.push(made)
      return made
    }

    it('runs the job once per interval across two instances ticking at once', async () => {
      let now = T0
      const ran: string[] = []
      const one = runner({ sql: sqlA, every: MINUTE, now: () => now, run: () => void ran.push(`A@${now - T0}`) })
      const two = runner({ sql: sqlB, every: MINUTE, now: () => now, run: () => void ran.push(`B@${now - T0}`) })
      const results: boolean[][] = []
      for (; now < T0 + 5 * MINUTE; now += MINUTE / 4) results.push(await Promise.all([one.tick(), two.tick()]))
      expect(ran.map((run) => Number(run.split('@')[1]))).toEqual([0, 1, 2, 3, 4].map((n) => n * MINUTE))
      expect(results.filter(([x, y]) => x && y)).toEqual([])
      expect(results.flat().filter(Boolean)).toHaveLength(5)
    })

    it('never runs two at once: a tick during a run answers that run', async () => {
      let now = T0
      const slow = gate()
      const run = vi.fn(() => slow.opened)
      const one = runner({ sql: sqlA, every: MINUTE, now: () => now, run })
      const first = one.tick()
      await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1))
      now += 10 * MINUTE
      const second = one.tick()
      expect(second).toBe(first)
      slow.open()
      expect(await Promise.all([first, second])).toEqual([true, true])
      expect(run).toHaveBeenCalledTimes(1)
      expect(await one.tick()).toBe(true)
      expect(run).toHaveBeenCalledTimes(2)
    })

    it('reports a failed run and a failed claim, and goes on', async () => {
      let now = T0
      const errors: unknown[] = []
      const run = vi.fn(() => {
        throw new Error('publish failed')
      })
      const one = runner({ sql: sqlA, every: MINUTE, now: () => now, run, onError: (error) => errors.push(error) })
      expect(await one.tick()).toBe(true)
      expect(errors).toEqual([new Error('publish failed')])
      now += MINUTE
      expect(await one.tick()).toBe(true)
      expect(run).toHaveBeenCalledTimes(2)

      const down = { dialect, run: () => Promise.reject(new Error('database down')) } as unknown as Sql
      const other = runner({ sql: down, every: MINUTE, now: () => now + MINUTE, run, onError: (e) => errors.push(e) })
      expect(await other.tick()).toBe(false)
      expect(errors.at(-1)).toEqual(new Error('database down'))
      expect(run).toHaveBeenCalledTimes(2)
    })

    it('ticks on its timer once started, and once stopped waits for its run and leaves no timer behind', async () => {
      const TICK_MS = 7
      const made = new Set<NodeJS.Timeout>()
      const done = new Set<NodeJS.Timeout>()
      const realSetTimeout = globalThis.setTimeout
      // Follows the runners' timers (those of TICK_MS): each must have fired or been cleared in the end.
      vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
        if (ms !== TICK_MS) return realSetTimeout(fn, ms)
        const timer: NodeJS.Timeout = realSetTimeout(() => {
          done.add(timer)
          fn()
        }, ms)
        made.add(timer)
        return timer
      }) as typeof setTimeout)
      const realClearTimeout = globalThis.clearTimeout
      vi.spyOn(globalThis, 'clearTimeout').mockImplementation((timer) => {
        if (made.has(timer as NodeJS.Timeout)) done.add(timer as NodeJS.Timeout)
        realClearTimeout(timer)
      })

      const claimedAt: number[] = []
      const slow = gate()
      const instance = (sql: Sql) => {
        let last = 0
        const now = () => {
          last = Date.now()
          return last
        }
        return runner({
          sql,
          every: 40,
          tickMs: TICK_MS,
          now,
          run: async () => {
            claimedAt.push(last)
            if (claimedAt.length === 4) await slow.opened
          },
        })
      }
      const [one, two] = [instance(sqlA), instance(sqlB)]
      one.start()
      two.start()
      one.start()
      await vi.waitFor(() => expect(claimedAt).toHaveLength(4), { timeout: 5000, interval: 5 })
      const stopped = Promise.all([one.stop(), two.stop()])
      // At once: a runner waiting for its next tick has cleared that timer; one in a run makes none after it.
      expect([...made].filter((timer) => !done.has(timer))).toEqual([])
      let stoppedYet = false
      void stopped.then(() => {
        stoppedYet = true
      })
      await new Promise((resolve) => realSetTimeout(resolve, 60))
      expect(stoppedYet).toBe(false)
      slow.open()
      await stopped
      const gaps = claimedAt.slice(1).map((at, i) => at - (claimedAt[i] ?? 0))
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(40)
      expect(made.size).toBeGreaterThan(1)
      expect([...made].filter((timer) => !done.has(timer))).toEqual([])
      const runs = claimedAt.length
      await new Promise((resolve) => realSetTimeout(resolve, 100))
      expect(claimedAt).toHaveLength(runs)
      expect(await one.tick()).toBe(false)
    })
  })
})
