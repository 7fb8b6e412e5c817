/**
 * Mixed load on a running server (issue #10): the blog feed, route/find, place search and sync/push hammered at the
 * same time by four autocannon instances, one per endpoint, each reported on its own. Used by
 * bench/mixed-load.bench.ts (Mumbai south, 30 s, latency targets) and sync-server/src/mixed-load.test.ts (Monaco,
 * a few seconds, no errors only).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import { FEED_PAGE_SIZE, PUSH_MAX_OPS, type PushResponse, type RouteFindBody } from '../packages/contract/src/index.ts'
import { SESSION_COOKIE } from '../sync-server/src/plugins/session.ts'

export const ENDPOINTS = ['feed', 'route/find', 'geocode', 'sync/push'] as const
export type Endpoint = (typeof ENDPOINTS)[number]

/**
 * Concurrent connections per endpoint, each a closed loop with no think time (so far more than the same number of
 * real users). The server is one Node process on a 2-core machine whose other core runs this generator, so every
 * request queues behind whatever is running: route/find is the CPU-heavy one, so it gets 2 connections (two people
 * planning a trip at every instant on one small server of a safety app is already a busy evening), while the cheap
 * reads the app makes most often (feed, place search while typing) get 4 each and outbox pushes 2.
 */
export const CONNECTIONS: Record<Endpoint, number> = { feed: 4, 'route/find': 2, geocode: 4, 'sync/push': 2 }

export interface EndpointResult {
  requests: number
  perSecond: number
  p50: number
  p99: number
  /** Connection errors, timeouts, non-2xx answers and rejected ops together: the target is none. */
  errors: number
  non2xx: number
  /** Ops that sync/push answered 'rejected' (with a 200): a wrong workload, counted in `errors`. */
  rejectedOps: number
}

/** What the region being loaded makes meaningful: trips that route and prefixes of its real place names. */
export interface Workload {
  routes: RouteFindBody[]
  geocodeQueries: string[]
}

/** The signed-in users pushing ops and the stories in the feed (theirs). */
export interface Seeded {
  cookies: string[]
  storyIds: string[]
}

const json = { 'content-type': 'application/json' }
const objectId = () => randomBytes(12).toString('hex')
const STORY_TEXT =
  'I walked home from the station after the late shift. The main road was lit, the shops were still open, ' +
  'and I kept to it instead of the shortcut by the canal. Two women from the bus walked the same way. '

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: cookie ? { ...json, cookie } : json, body: JSON.stringify(body) })
}

async function signUpAndIn(base: string, i: number): Promise<string> {
  const email = `load${i}@example.in`
  const password = 'Load!Passw0rd'
  const account = { firstName: 'Load', lastName: `User${i}`, age: 25 + i, gender: 'female', email, password }
  const signup = await post(`${base}/api/signup`, account)
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`)
  const login = await post(`${base}/api/login`, { email, password })
  const session = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))
  if (login.status !== 200 || !session) throw new Error(`login answered ${login.status}: ${await login.text()}`)
  return session.split(';')[0] as string
}

const anOp = (type: string, payload: unknown) => ({
  opId: randomUUID(),
  type,
  payload,
  createdAt: new Date().toISOString(),
})

/** Pushes `ops` as one client, in batches the protocol allows; throws unless every op was applied. */
async function pushAll(base: string, cookie: string, ops: ReturnType<typeof anOp>[]): Promise<void> {
  const clientId = randomUUID()
  for (let i = 0; i < ops.length; i += PUSH_MAX_OPS) {
    const response = await post(`${base}/api/sync/push`, { clientId, ops: ops.slice(i, i + PUSH_MAX_OPS) }, cookie)
    if (response.status !== 200) throw new Error(`seeding push answered ${response.status}: ${await response.text()}`)
    const notApplied = ((await response.json()) as PushResponse).results.filter((r) => r.status !== 'applied')
    if (notApplied.length > 0) throw new Error(`seeding op not applied: ${JSON.stringify(notApplied[0])}`)
  }
}

/**
 * Signs `users` accounts up and in, and has them publish `stories` stories between them (story.create ops, as the
 * app's outbox sends them), so the feed answers a realistic page.
 */
export async function seed(base: string, { users = 4, stories = 200 } = {}): Promise<Seeded> {
  const cookies: string[] = []
  const storyIds: string[] = []
  for (let u = 0; u < users; u++) {
    const cookie = await signUpAndIn(base, u)
    const ops = Array.from({ length: Math.ceil((stories - u) / users) }, (_, i) => {
      const _id = objectId()
      storyIds.push(_id)
      const content = STORY_TEXT.repeat(1 + (i % 4))
      return anOp('story.create', { _id, title: `The way home, part ${i + 1}`, content, anonymous: i % 10 === 0 })
    })
    await pushAll(base, cookie, ops)
    cookies.push(cookie)
  }
  return { cookies, storyIds }
}

/**
 * Sends every trip and query of the workload once: throws if a trip does not route (the load would then measure
 * 404s); answers how many queries found at least one place.
 */
export async function preflight(base: string, workload: Workload): Promise<{ answered: number }> {
  for (const body of workload.routes) {
    const response = await post(`${base}/api/route/find`, body)
    if (response.status !== 200) {
      throw new Error(`route/find ${JSON.stringify(body)} answered ${response.status}: ${await response.text()}`)
    }
  }
  let answered = 0
  for (const q of workload.geocodeQueries) {
    const response = await fetch(`${base}/api/geocode/search?q=${encodeURIComponent(q)}`)
    if (response.status !== 200) throw new Error(`geocode '${q}' answered ${response.status}: ${await response.text()}`)
    if (((await response.json()) as unknown[]).length > 0) answered++
  }
  return { answered }
}

/** Cycles through `items`, one per call, across all connections of an instance. */
function cycle<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to send')
  let next = 0
  return () => items[next++ % items.length] as T
}

/** One endpoint's autocannon options: the path of its URL, and how each request is made. */
type Cannon = Pick<autocannon.Options, 'method' | 'requests'> & { path: string }

function feed(): Cannon {
  return { path: `/api/stories/all?page=1&limit=${FEED_PAGE_SIZE}` }
}

function routeFind(workload: Workload): Cannon {
  const trip = cycle(workload.routes)
  return {
    path: '/api/route/find',
    method: 'POST',
    requests: [{ setupRequest: (req) => ({ ...req, headers: json, body: JSON.stringify(trip()) }) }],
  }
}

function geocode(workload: Workload): Cannon {
  const query = cycle(workload.geocodeQueries)
  const path = () => `/api/geocode/search?q=${encodeURIComponent(query())}`
  return { path: path(), requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }] }
}

/**
 * What a client's outbox sends on reconnecting: a new draft (a fresh id, so an insert) and a like or unlike of a
 * story in the feed, each op with a fresh opId, from the seeded users in turn (each with a device id of its own).
 */
function syncPush(seeded: Seeded, rejected: { count: number }): Cannon {
  const user = cycle(seeded.cookies.map((cookie) => ({ cookie, clientId: randomUUID() })))
  const story = cycle(seeded.storyIds)
  let n = 0
  const body = (clientId: string) => {
    n++
    const draft = { _id: objectId(), title: `Draft ${n}`, content: `Notes for a story, take ${n}. ${STORY_TEXT}` }
    const ops = [anOp('draft.save', draft), anOp(n % 2 === 0 ? 'story.like' : 'story.unlike', { _id: story() })]
    return JSON.stringify({ clientId, ops })
  }
  return {
    path: '/api/sync/push',
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const { cookie, clientId } = user()
          return { ...req, headers: { ...json, cookie }, body: body(clientId) }
        },
        onResponse: (status, text) => {
          if (status !== 200) return
          rejected.count += (JSON.parse(text) as PushResponse).results.filter((r) => r.status === 'rejected').length
        },
      },
    ],
  }
}

function summarize(result: autocannon.Result, rejectedOps: number): EndpointResult {
  const requests = result.requests.total
  return {
    requests,
    perSecond: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + rejectedOps,
    non2xx: result.non2xx,
    rejectedOps,
  }
}

/** Runs the four endpoints' loads at the same time for `seconds`; one result per endpoint. */
export async function runMixedLoad(
  base: string,
  workload: Workload,
  seeded: Seeded,
  { seconds, connections = CONNECTIONS }: { seconds: number; connections?: Record<Endpoint, number> },
): Promise<Record<Endpoint, EndpointResult>> {
  const rejected = { count: 0 }
  const cannons: Record<Endpoint, Cannon> = {
    feed: feed(),
    'route/find': routeFind(workload),
    geocode: geocode(workload),
    'sync/push': syncPush(seeded, rejected),
  }
  const results = await Promise.all(
    ENDPOINTS.map((endpoint) => {
      const { path, ...options } = cannons[endpoint]
      return autocannon({ url: `${base}${path}`, duration: seconds, connections: connections[endpoint], ...options })
    }),
  )
  return Object.fromEntries(
    ENDPOINTS.map((endpoint, i) => [
      endpoint,
      summarize(results[i] as autocannon.Result, endpoint === 'sync/push' ? rejected.count : 0),
    ]),
  ) as Record<Endpoint, EndpointResult>
}
