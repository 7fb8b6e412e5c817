/**
 * The page's side of the route worker: started on the first call (never on '/'), one request at a time per id.
 * The bundles' bytes go to it as copies: the page keeps them in IndexedDB.
 */
import type { RouteFindBody } from '@wings/contract'
import { serverText } from '../../api/client.ts'
import type { BundleInfo, KeptPlace, KeptSearch, PhoneProblem, WorkerAnswer, WorkerRequest } from './protocol.ts'

/** Something the phone could not do with its kept data, told in the planner's words (PhoneProblem). */
export class PhoneRouteError extends Error {
  readonly problem: PhoneProblem
  constructor(problem: PhoneProblem) {
    super('message' in problem ? problem.message : problem.code)
    this.name = 'PhoneRouteError'
    this.problem = problem
  }
}

type Pending = Map<number, (answer: WorkerAnswer) => void>
let worker: { post: (request: WorkerRequest) => void; pending: Pending } | null = null
let nextId = 1

/** Replaces the worker (tests hand in one that answers in-process). */
export function replaceWorker(post: ((request: WorkerRequest, reply: (answer: WorkerAnswer) => void) => void) | null) {
  if (!post) {
    worker = null
    return
  }
  const pending: Pending = new Map()
  worker = { pending, post: (request) => post(request, (a) => settle(pending, a)) }
}

function settle(pending: Pending, answer: WorkerAnswer): void {
  pending.get(answer.id)?.(answer)
  pending.delete(answer.id)
}

function started() {
  if (worker) return worker
  const real = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'wings-routes' })
  const pending: Pending = new Map()
  real.onmessage = (event: MessageEvent<WorkerAnswer>) => settle(pending, event.data)
  real.onerror = () => {
    // A worker that failed to start (or died) answers every waiting request with a failure, and is made again.
    for (const [id, resolve] of pending) resolve({ id, ok: false, problem: { code: 'failed', message: 'worker' } })
    pending.clear()
    worker = null
  }
  worker = { pending, post: (request) => real.postMessage(request) }
  return worker
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never

function ask(request: Request): Promise<WorkerAnswer> {
  const w = started()
  const id = nextId++
  return new Promise((resolve) => {
    w.pending.set(id, resolve)
    w.post({ ...request, id } as WorkerRequest)
  })
}

/** Decodes the bundle in the worker (checksum verified); a damaged one rejects with PhoneRouteError 'corrupt'. */
export async function verifyBundle(bytes: ArrayBuffer): Promise<BundleInfo> {
  const answer = await ask({ type: 'verify', bytes })
  if (answer.ok && 'info' in answer) return answer.info
  throw new PhoneRouteError(!answer.ok && 'problem' in answer ? answer.problem : { code: 'corrupt' })
}

/** Plans on the bundle `version`, reading its bytes only when the worker does not hold it decoded. */
export async function planInWorker(
  version: string,
  bytes: () => Promise<ArrayBuffer | undefined>,
  body: RouteFindBody,
  now: Date,
) {
  let answer = await ask({ type: 'plan', version, body, now: now.getTime() })
  if (!answer.ok && 'missing' in answer) {
    const data = await bytes()
    if (!data) throw new PhoneRouteError({ code: 'outside', end: 'both' })
    answer = await ask({ type: 'plan', version, bytes: data, body, now: now.getTime() })
  }
  if (answer.ok && 'routes' in answer) return answer.routes
  const problem: PhoneProblem = !answer.ok && 'problem' in answer ? answer.problem : { code: 'failed', message: '' }
  // The server's own refusal, worked out on the phone: in her language, as the server's answer would be.
  if (problem.code === 'refused') problem.message = await serverText(problem.errorCode, problem.message)
  throw new PhoneRouteError(problem)
}

/**
 * Searches the places of the bundles `versions` (keptIndex.ts), reading the bytes of those the worker does not hold
 * only when it asks for them. A bundle gone meanwhile fails with 'none' (the next search reads what is kept then).
 */
export async function searchInWorker(
  versions: string[],
  bytes: (versions: string[]) => Promise<Record<string, ArrayBuffer>>,
  search: KeptSearch,
): Promise<KeptPlace[]> {
  let answer = await ask({ type: 'search', versions, ...search })
  if (!answer.ok && 'versions' in answer)
    answer = await ask({ type: 'search', versions, bytes: await bytes(answer.versions), ...search })
  if (answer.ok && 'places' in answer) return answer.places
  throw new PhoneRouteError(!answer.ok && 'problem' in answer ? answer.problem : { code: 'none' })
}
