/** The thread that builds the landmarks on the current ratings (rated-landmarks-build.ts): one build per task. */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { workerData } from 'node:worker_threads'
import { deserializeGraph } from '@wings/routing'
import { serveTasks } from '../../worker-pool.ts'
import { buildRated, type RatedBuildData, type RatedBuildTask } from './rated-landmarks-build.ts'

/**
 * Below the route workers (worker-pool.ts WORKER_NICE): a build is seconds of work that only makes later searches
 * quicker, so it must not slow the searches running now, as it did at nice 10 on the metro (foot p99 232 ms).
 */
const BUILD_NICE = 19

const { graph: bytes, features, rated } = (workerData as { data: RatedBuildData }).data
const graph = deserializeGraph(bytes)
serveTasks((task: RatedBuildTask): true => {
  buildRated(graph, features, task, rated)
  return true
})
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), BUILD_NICE)
} catch {
  // Not Linux, or not allowed: the thread keeps the pool's priority.
}
