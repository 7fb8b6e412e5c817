/** A worker for worker-pool.test.ts: spins for `spinMs` then answers (with its nice value), throws, or exits the thread. */
import { readlinkSync } from 'node:fs'
import { getPriority } from 'node:os'
import { threadId } from 'node:worker_threads'
import { serveTasks } from '../worker-pool.ts'

export type PoolTestTask = { spinMs?: number; fail?: string; exit?: boolean }

serveTasks((task: PoolTestTask) => {
  if (task.exit) process.exit(3)
  if (task.fail) throw new Error(task.fail)
  const until = performance.now() + (task.spinMs ?? 0)
  while (performance.now() < until) {}
  return { threadId, nice: getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())) }
})
