// For other features' tests: the fake server's answers for the area bundles.
import { HttpResponse, http } from 'msw'

/** GET /api/offline/area answering `status` with no bundle (503: the server has no region; 422: outside it). */
export const noAreaBundles = (status = 503) =>
  http.get('*/api/offline/area', () =>
    HttpResponse.json({ success: false, message: 'No bundle', code: 'NO_REGION' }, { status }),
  )

// The route worker replaced by one answering in-process (the planner's tests).
export { replaceWorker } from './client.ts'
export type { WorkerAnswer, WorkerRequest } from './protocol.ts'
