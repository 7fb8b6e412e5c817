/**
 * A small pool of worker threads for CPU-heavy work (route finding, map matching), so that the request thread stays
 * free for health checks, SOS shares and everything else. Workers start on first use; tasks wait in a bounded
 * queue, and one more is refused with PoolBusyError rather than letting the queue grow without limit.
 */
import { readlinkSync } from 'node:fs'
import { availableParallelism, setPriority } from 'node:os'
import { parentPort, Worker } from 'node:worker_threads'

/** Workers run at this nice value: below the request thread, which then wins the CPU whenever both want it. */
export const WORKER_NICE = 10

/** One core for the request thread, the rest for workers (at least one, at most four). */
export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1))

const ENTRY = new URL('./worker-entry.mjs', import.meta.url)

/** A worker thread running a TypeScript module (through tsx, as the server runs); it gets `data` as workerData.data. */
export function startWorker(entry: URL, data: unknown): Worker {
  return new Worker(ENTRY, { workerData: { entry: entry.href, data } })
}

export class PoolBusyError extends Error {
  constructor() {
    super('Every worker is busy and the queue is full')
    this.name = 'PoolBusyError'
  }
}

export interface WorkerPoolOptions {
  /** The worker's module: it calls serveTasks. */
  entry: URL
  /** Given to every worker as `workerData.data`: typed arrays on SharedArrayBuffers are shared, not copied. */
  data: unknown
  size: number
  /** Tasks that may wait for a worker; one more is refused. */
  queueLimit: number
}

type Answer = { ok: true; result: unknown } | { ok: false; message: string }

interface Job {
  task: unknown
  resolve(result: unknown): void
  reject(error: unknown): void
}

export function createWorkerPool<Task, Result>({ entry, data, size, queueLimit }: WorkerPoolOptions) {
  const workers = new Set<Worker>()
  const idle: Worker[] = []
  const running = new Map<Worker, Job>()
  const queue: Job[] = []
  let closed = false

  function start(): Worker {
    const worker = startWorker(entry, data)
    workers.add(worker)
    worker.on('message', (answer: Answer) => finished(worker, answer))
    worker.on('error', (error) => lost(worker, error))
    worker.on('exit', (code) => lost(worker, new Error(`A worker stopped (exit code ${code})`)))
    return worker
  }

  function assign(worker: Worker, job: Job): void {
    running.set(worker, job)
    worker.ref()
    worker.postMessage(job.task)
  }

  function next(worker: Worker): void {
    const job = queue.shift()
    if (job) {
      assign(worker, job)
      return
    }
    // An idle worker must not keep the process alive (a test that never closes its app).
    worker.unref()
    idle.push(worker)
  }

  function finished(worker: Worker, answer: Answer): void {
    const job = running.get(worker)
    running.delete(worker)
    if (answer.ok) job?.resolve(answer.result)
    else job?.reject(new Error(answer.message))
    next(worker)
  }

  /** A worker that crashed or exited: its task fails, and a waiting task gets a new worker. */
  function lost(worker: Worker, error: unknown): void {
    if (!workers.delete(worker)) return
    const job = running.get(worker)
    running.delete(worker)
    const at = idle.indexOf(worker)
    if (at >= 0) idle.splice(at, 1)
    void worker.terminate()
    job?.reject(error)
    const waiting = closed ? undefined : queue.shift()
    if (waiting) assign(start(), waiting)
  }

  return {
    /** Runs the task on a worker; rejects at once with PoolBusyError when every worker is busy and the queue full. */
    run(task: Task): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        if (closed) return reject(new Error('The worker pool is closed'))
        const job: Job = { task, resolve: resolve as (result: unknown) => void, reject }
        const worker = idle.pop() ?? (workers.size < size ? start() : undefined)
        if (worker) assign(worker, job)
        else if (queue.length < queueLimit) queue.push(job)
        else reject(new PoolBusyError())
      })
    },

    /** How many more tasks would be taken now (run or queued) before one is refused. */
    room(): number {
      return size - running.size + queueLimit - queue.length
    },

    /** Workers running now (started lazily, so 0 before the first task). */
    threads(): number {
      return workers.size
    },

    /** Stops every worker; tasks still running or waiting fail. */
    async close(): Promise<void> {
      closed = true
      for (const job of queue.splice(0)) job.reject(new Error('The worker pool is closed'))
      await Promise.all([...workers].map((worker) => worker.terminate()))
    },
  }
}

export type WorkerPool<Task, Result> = ReturnType<typeof createWorkerPool<Task, Result>>

/** The calling thread's nice value (Linux: setpriority on a thread id changes that thread only). */
function lowerThreadPriority(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), WORKER_NICE)
  } catch {
    // Not Linux, or not allowed: the worker keeps the process's priority.
  }
}

/** In a pool worker: answers each task with what `handle` returns, or the message of what it threw. */
export function serveTasks<Task, Result>(handle: (task: Task) => Result): void {
  const port = parentPort
  if (!port) throw new Error('serveTasks runs in a worker thread')
  lowerThreadPriority()
  port.on('message', (task: Task) => {
    let answer: Answer
    try {
      answer = { ok: true, result: handle(task) }
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
    port.postMessage(answer)
  })
}
