import { ErrorCode, ErrorMessages } from '@wings/contract'
import { HttpError } from './http-error.ts'
import { PoolBusyError, type WorkerPool } from './worker-pool.ts'

/** Seconds a client is asked to wait when the worker threads are all busy. */
export const BUSY_RETRY_SECONDS = 2

/** 503 with Retry-After: the worker threads are all busy and their queue is full; nothing was done. */
export class WorkersBusyError extends HttpError {
  constructor() {
    super(503, ErrorCode.unavailable, ErrorMessages.busy, { 'retry-after': String(BUSY_RETRY_SECONDS) })
  }
}

/**
 * Runs the task on the pool, a full queue answered as WorkersBusyError. The task is handed over before the first
 * await, so a caller that checked the pool's room gets its tasks taken.
 */
export async function runOnPool<Task, Result>(pool: WorkerPool<Task, Result>, task: Task): Promise<Result> {
  try {
    return await pool.run(task)
  } catch (error) {
    throw error instanceof PoolBusyError ? new WorkersBusyError() : error
  }
}
