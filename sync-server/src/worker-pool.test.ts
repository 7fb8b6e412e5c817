import { getPriority } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import type { PoolTestTask } from './testing/pool-worker.ts'
import { createWorkerPool, PoolBusyError, WORKER_NICE, type WorkerPool } from './worker-pool.ts'

const entry = new URL('./testing/pool-worker.ts', import.meta.url)

describe('worker pool', () => {
  let pool: WorkerPool<PoolTestTask, { threadId: number; nice: number }> | undefined
  afterEach(async () => {
    await pool?.close()
  })

  it('starts its workers on first use, queues up to its limit and refuses the next task at once', async () => {
    const niceBefore = getPriority()
    pool = createWorkerPool({ entry, data: null, size: 1, queueLimit: 2 })
    expect(pool.threads()).toBe(0)
    expect(pool.room()).toBe(3)
    const taken = [pool.run({ spinMs: 200 }), pool.run({}), pool.run({})]
    expect(pool.threads()).toBe(1)
    expect(pool.room()).toBe(0)
    const started = performance.now()
    await expect(pool.run({})).rejects.toBeInstanceOf(PoolBusyError)
    expect(performance.now() - started).toBeLessThan(50)
    const answers = await Promise.all(taken)
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1)
    // Below the request thread, which keeps its priority (Linux).
    expect(answers[0]?.nice).toBeGreaterThanOrEqual(WORKER_NICE)
    expect(getPriority()).toBe(niceBefore)
    expect(pool.room()).toBe(3)
  })

  it('fails the task whose worker threw or exited, and goes on with a new worker', async () => {
    pool = createWorkerPool({ entry, data: null, size: 1, queueLimit: 4 })
    await expect(pool.run({ fail: 'no route' })).rejects.toThrow('no route')
    const first = await pool.run({})
    const exited = pool.run({ exit: true })
    const queued = pool.run({})
    await expect(exited).rejects.toThrow(/exit code 3/)
    const after = await queued
    expect(after.threadId).not.toBe(first.threadId)
    expect(pool.threads()).toBe(1)
  })

  it('close() stops every worker and fails what was running or waiting', async () => {
    pool = createWorkerPool({ entry, data: null, size: 2, queueLimit: 2 })
    const running = Promise.allSettled([pool.run({ spinMs: 5000 }), pool.run({ spinMs: 5000 }), pool.run({})])
    expect(pool.threads()).toBe(2)
    const started = performance.now()
    await pool.close()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(pool.threads()).toBe(0)
    expect((await running).map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    await expect(pool.run({})).rejects.toThrow('closed')
  })
})
