/**
 * The route worker: @wings/routing and @wings/safety off the page's thread, started only when the phone plans a trip
 * or searches the kept places (client.ts). Never loaded on '/'.
 */
import type { WorkerAnswer, WorkerRequest } from './protocol.ts'
import { answer } from './work.ts'

// The page's tsconfig has no webworker lib (it would retype the page's globals): the little the worker uses.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null
  postMessage: (message: WorkerAnswer) => void
}
scope.onmessage = (event) => {
  scope.postMessage(answer(event.data))
}
