/**
 * Fake server answers for unit tests, built from the contract's API table with msw. Every JSON answer a test makes
 * up is checked against the endpoint's schema (its success answer, or the error body for a status of 400 and up):
 * a fake the real server could never send fails the test, as does a request no handler answers (setup.ts).
 *
 * @example
 * import { answer, notFound, requests, server } from '../../test/api.ts'
 *
 * const login = answer('login', { success: true, message: 'Logged in successfully', data: testUser() })
 * server.use(login, notFound('story'))
 * // ... the screen logs in ...
 * expect(login.calls[0]?.body).toEqual({ email: 'asha@example.in', password: 'Str0ng!pass' })
 * server.use(answer('story', ({ params }) => ({ success: true, story: storyOf(params.id) })))
 * server.use(refuse('login', 401, 'Invalid email or password', { once: true })) // the next login only
 * expect(requests()).toEqual([]) // nothing was sent
 */
import {
  type AnswerOf,
  API,
  type BodyOf,
  ENDPOINTS,
  type EndpointName,
  type EndpointPath,
  ErrorBody,
  ErrorCode,
  type ParamsOf,
} from '@wings/contract'
import { delay, type HttpHandler, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { Value } from 'typebox/value'

/** The fake server, started in setup.ts; its handlers are reset after each test. */
export const server = setupServer()

/** What a handler saw of one request: its path params, query string and JSON body. */
export interface Call<K extends EndpointName> {
  params: [ParamsOf<K>] extends [never] ? Record<string, never> : ParamsOf<K>
  query: Record<string, string>
  body: [BodyOf<K>] extends [never] ? undefined : BodyOf<K>
  request: Request
}

/** A fake answer: the success body, an error body (with a status of 400 and up), or a Response made by hand. */
export type Reply<K extends EndpointName> = AnswerOf<K> | ErrorBody | Response
type Replier<K extends EndpointName> = Reply<K> | ((call: Call<K>) => Reply<K> | Promise<Reply<K>>)

export interface AnswerOptions {
  /** The answer's status; by default the endpoint's success status. */
  status?: number
  headers?: Record<string, string>
  /** Answer only the next request, then let the handlers behind this one answer. */
  once?: boolean
}

/** A handler, with every request it answered. */
export type Handler<K extends EndpointName> = HttpHandler & { calls: Call<K>[] }

const problems: string[] = []
const offContractAnswers = new WeakSet<Response>()
const seen: string[] = []

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url)
  seen.push(`${request.method} ${url.pathname}${url.search}`)
})

/** Every request the app sent in this test, as 'METHOD /path?query', in order. */
export function requests(): string[] {
  return [...seen]
}

/** Called by setup.ts after each test: the broken fake answers and unanswered requests of the test, then forgets. */
export function takeProblems(): string[] {
  seen.length = 0
  return problems.splice(0)
}

/** setup.ts's onUnhandledRequest: a request no handler answers fails (as offline) and so does the test. */
export function unhandled(request: Request, print: { error(): void }): void {
  const url = new URL(request.url)
  problems.push(
    `No fake answer for ${request.method} ${url.pathname}${url.search}: add one with server.use(answer(...))`,
  )
  print.error()
}

// A path with params (/stories/:id) must not answer a fixed path of the table it also matches (/stories/trending).
const fixedPaths = new Set(
  Object.values(ENDPOINTS)
    .filter((e) => !e.path.includes(':'))
    .map((e) => `${e.method} /api${e.path}`),
)

/** Checks a JSON answer against the table; answers that are not JSON (an HTML error page, nothing) are not checked. */
async function check(name: EndpointName, response: Response): Promise<void> {
  if (response.type === 'error' || (response.status >= 300 && response.status < 400)) return
  const text = await response.clone().text()
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return
  }
  const schema = response.status >= 400 ? ErrorBody : API[name].response
  if (Value.Check(schema, data)) return
  const why = Value.Errors(schema, data)
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ')
  const problem = `The fake ${response.status} answer of '${name}' breaks the contract (${why}): ${text.slice(0, 200)}`
  problems.push(problem)
  throw new Error(problem)
}

function handle<K extends EndpointName>(
  name: K,
  resolve: (call: Call<K>) => Response | Promise<Response>,
  once = false,
): Handler<K> {
  const { method, path } = ENDPOINTS[name]
  const calls: Call<K>[] = []
  const handler = http[method.toLowerCase() as Lowercase<typeof method>](
    `/api${path}`,
    async ({ request, params }) => {
      const url = new URL(request.url)
      if (path.includes(':') && fixedPaths.has(`${method} ${url.pathname}`)) return undefined
      const text = await request.clone().text()
      const call = {
        params,
        query: Object.fromEntries(url.searchParams),
        body: text ? JSON.parse(text) : undefined,
        request,
      } as Call<K>
      calls.push(call)
      return resolve(call)
    },
    { once },
  )
  return Object.assign(handler, { calls })
}

/**
 * The handler for endpoint `name`: answers `reply` (or what the function makes of the request), checked against the
 * contract. `answer('story', ({ params }) => ({ success: true, story }))`, `answer('signup', body, { status: 409 })`.
 */
export function answer<K extends EndpointName>(name: K, reply: Replier<K>, options: AnswerOptions = {}): Handler<K> {
  const endpoint: EndpointPath = ENDPOINTS[name]
  const status = options.status ?? endpoint.status ?? 200
  return handle(
    name,
    async (call) => {
      const made = typeof reply === 'function' ? await reply(call) : reply
      if (made instanceof Response) {
        if (!offContractAnswers.has(made)) await check(name, made)
        return made.clone()
      }
      const response = HttpResponse.json(made, { status, headers: options.headers })
      await check(name, response)
      return response
    },
    options.once,
  )
}

const CODES: Record<number, string> = {
  400: ErrorCode.validation,
  401: ErrorCode.unauthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  410: ErrorCode.gone,
  413: ErrorCode.payloadTooLarge,
  422: ErrorCode.outsideRegion,
  429: ErrorCode.rateLimited,
  503: ErrorCode.unavailable,
}

/** The server's error body `{ success: false, message, code }` with `status`, by default with the code it uses for it. */
export function failure(
  status: number,
  message = 'Refused',
  code = CODES[status] ?? ErrorCode.internal,
  headers: Record<string, string> = {},
): Response {
  return HttpResponse.json({ success: false, message, code }, { status, headers })
}

/** The endpoint refuses: answers failure(status, message, code). */
export function refuse<K extends EndpointName>(
  name: K,
  status: number,
  message?: string,
  options: Omit<AnswerOptions, 'status'> & { code?: string } = {},
): Handler<K> {
  const { headers, once, code } = options
  return answer(name, () => failure(status, message, code, headers), { once })
}

/** 404 `Not found`, as the server answers an unknown id or token. */
export const notFound = <K extends EndpointName>(name: K, options: Omit<AnswerOptions, 'status'> = {}) =>
  refuse(name, 404, 'Not found', options)

/**
 * An answer the real server never sends (a malformed change, a body without its fields), for a test of how the app
 * copes with one: the one fake answer not checked against the contract.
 */
export function offContract(body: object, status = 200): Response {
  const response = HttpResponse.json(body, { status })
  offContractAnswers.add(response)
  return response
}

/** A reply that fails the request as fetch does offline: `answer(name, () => (down ? networkFailure() : body))`. */
export const networkFailure = (): Response => HttpResponse.error()

/** The server cannot be reached: the request fails as fetch does offline. */
export const unreachable = <K extends EndpointName>(name: K, options: { once?: boolean } = {}) =>
  handle(name, networkFailure, options.once)

/** The server never answers (until the request is aborted). */
export const hang = <K extends EndpointName>(name: K) =>
  handle(name, async () => {
    await delay('infinite')
    return HttpResponse.error()
  })

/** A gate a fake answer waits on, so the test sees the app while the request is under way: `await gate.opened`. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** Airplane mode: every request to the API fails as fetch does offline. */
export const noNetwork = () => http.all('/api/*', () => HttpResponse.error())
