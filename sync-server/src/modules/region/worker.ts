/** A region worker (work.ts): its own graph views over the shared graph bytes, and the shared risk arrays. */
import { workerData } from 'node:worker_threads'
import { deserializeGraph, deserializeLandmarks, routerContext } from '@wings/routing'
import { serveTasks } from '../../worker-pool.ts'
import { ratedLandmarksView, withLandmarks } from './rated-landmarks.ts'
import { type RegionTask, runRegionTask, type SharedRegion } from './tasks.ts'

const shared = (workerData as { data: SharedRegion }).data
const graph = deserializeGraph(shared.graph)
// The snap grid and search buffers are per thread: built now rather than on the first task.
routerContext(graph)
const landmarks = shared.landmarks ? deserializeLandmarks(shared.landmarks, graph) : undefined
const rated = shared.rated && landmarks ? ratedLandmarksView(shared.rated, landmarks) : undefined
serveTasks((task: RegionTask) =>
  task.kind === 'find'
    ? withLandmarks(shared.rated, landmarks, rated, task.period, (lm) => runRegionTask(graph, shared.risk, task, lm))
    : runRegionTask(graph, shared.risk, task, landmarks),
)
