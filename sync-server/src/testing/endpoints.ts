import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { anOp, type Cookies } from './sync-ops.ts'
import { validSignup } from './test-app.ts'

/**
 * Every /api endpoint, one row each (two where there are two ways in): who may call it, a valid request for a
 * fixture (fixture.ts), and the status each caller gets. authorization.test.ts checks the statuses and fails for a registered
 * endpoint without a row; the bad-input tests corrupt the valid requests. To add an endpoint, add a row to ENDPOINTS.
 */

export interface Account {
  email: string
  password: string
  id: string
  cookies: Cookies
}

/** The state every row's request is built from (made by fixture.ts): two users, and one of each of the owner's things. */
export interface Fixture {
  owner: Account
  other: Account
  /** Fresh per fixture, for e-mails that must not exist yet. */
  unique: string
  storyId: string
  draftId: string
  savedRouteId: string
  trustedContactId: string
  shareToken: string
  /** The write key each caller sends to the owner's share (see Access). */
  writeKeys: Record<Caller, string>
  guestConversationId: string
  /** The wings_guest cookie each caller sends (see Access). */
  guestCookies: Record<Caller, Cookies>
  /** An encoded polyline along Monaco's streets, for rating a route. */
  routeGeometry: string
  /** The owner's guardian (invited), its invitation token, and the code of the e-mail it asked to be alerted at. */
  guardianId: string
  guardianToken: string
  emailCode: string
  /** The owner's finished evidence recording (one chunk: EVIDENCE_CHUNK). */
  recordingId: string
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type Caller = 'signedOut' | 'owner' | 'other'
export const CALLERS: readonly Caller[] = ['signedOut', 'owner', 'other']

/**
 * What lets a caller in. 'public': nothing (a session may only personalise the answer). 'signed-in': a session; every
 * user acts on her own data. 'owner-only': a session, and the fixture's item must be hers ('other' is another user).
 * 'owner-hidden': the same, but another user's item answers 404, as if it did not exist (guardians).
 * 'share-key': the share's write key in the body, whatever the session ('owner' sends her key, 'other' the key of
 * another share, 'signedOut' a well-formed key never issued). 'guest-cookie': the wings_guest cookie of the browser
 * that started the conversation ('owner' that browser, 'other' another browser, 'signedOut' no cookie).
 */
export type Access = 'public' | 'signed-in' | 'owner-only' | 'owner-hidden' | 'share-key' | 'guest-cookie'

export interface RequestParts {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
  /** For a body that is not JSON (an evidence chunk's raw bytes). */
  headers?: Record<string, string>
}

export interface Endpoint {
  method: Method
  /** As registered, with :params. */
  url: string
  access: Access
  /** Names the way in when an endpoint has more than one row. */
  variant?: string
  /** A request that succeeds for the owner; `as` matters only where a credential is in the body (share keys). */
  request(f: Fixture, as: Caller): RequestParts
  expect: Record<Caller, number>
}

// Monaco: the Casino and the Prince's Palace. The fixture (fixture.ts) builds the owner's things from these too.
export const CASINO: [number, number] = [43.7396, 7.4276]
export const PALACE: [number, number] = [43.7315, 7.4203]
const MONACO_BBOX = '7.40,43.72,7.44,43.76'
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()
export const story = { title: 'A dark lane near the market', content: 'Walk on the main road after 9 pm.' }
/** A browser's subscription on Chrome's push service (the fixture's app sends nothing: its alert timers are off). */
export const PUSH_SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/fixture-subscription',
  expirationTime: null,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
}
/** The bytes of the fixture recording's only chunk. */
export const EVIDENCE_CHUNK = Buffer.from('fixture audio chunk')
const noBody = (): RequestParts => ({})
/** The request naming the fixture's item in the URL's :id. */
const idOf =
  (item: 'storyId' | 'draftId' | 'savedRouteId' | 'trustedContactId' | 'guardianId' | 'recordingId') =>
  (f: Fixture): RequestParts => ({ params: { id: f[item] } })

/** What each caller gets, by access, when the owner gets `status`. */
const STATUSES: Record<Access, (status: number) => Record<Caller, number>> = {
  public: (status) => ({ signedOut: status, owner: status, other: status }),
  // Each user acts on her own data.
  'signed-in': (status) => ({ signedOut: 401, owner: status, other: status }),
  'owner-only': (status) => ({ signedOut: 401, owner: status, other: 403 }),
  // Another user's item is not found.
  'owner-hidden': (status) => ({ signedOut: 401, owner: status, other: 404 }),
  // A credential other than the session: without the right one, 403.
  'share-key': (status) => ({ signedOut: 403, owner: status, other: 403 }),
  'guest-cookie': (status) => ({ signedOut: 403, owner: status, other: 403 }),
}

/** One row: `method url`, who may call it, the owner's status, a valid request, and the way in where there are two. */
function row(
  method: Method,
  url: string,
  access: Access,
  status: number,
  request: Endpoint['request'] = noBody,
  variant?: string,
): Endpoint {
  return { method, url, access, ...(variant ? { variant } : {}), request, expect: STATUSES[access](status) }
}

const STORY_REACTIONS = ['like/increment', 'like/decrement', 'dislike/increment', 'dislike/decrement'] as const

export const ENDPOINTS: readonly Endpoint[] = [
  row('GET', '/api/healthz', 'public', 200),

  // Accounts
  row('POST', '/api/signup', 'public', 201, (f) => ({ body: { ...validSignup, email: `new-${f.unique}@example.in` } })),
  row('POST', '/api/login', 'public', 200, (f) => ({ body: { email: f.owner.email, password: f.owner.password } })),
  row('POST', '/api/logout', 'public', 200),
  row('GET', '/api/profile', 'signed-in', 200),
  row('PATCH', '/api/profile/update', 'signed-in', 200, () => ({ body: { firstName: 'Meera' } })),
  row('POST', '/api/contact', 'public', 201, () => ({
    body: { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'How do I add a contact?' },
  })),

  // Stories
  row('GET', '/api/stories/all', 'public', 200, () => ({ query: { page: '1', limit: '5' } })),
  ...['trending', 'mostliked', 'mostviewed', 'recent'].map((list) => row('GET', `/api/stories/${list}`, 'public', 200)),
  row('GET', '/api/stories/:id', 'public', 200, idOf('storyId')),
  row('PUT', '/api/stories/:id', 'owner-only', 200, (f) => ({ params: { id: f.storyId }, body: story })),
  row('DELETE', '/api/stories/:id', 'owner-only', 200, idOf('storyId')),
  row('GET', '/api/:userId/stories', 'public', 200, (f) => ({ params: { userId: f.owner.id } })),
  ...STORY_REACTIONS.map((reaction) => row('PATCH', `/api/stories/:id/${reaction}`, 'signed-in', 200, idOf('storyId'))),
  row('PATCH', '/api/stories/:id/viewed', 'public', 200, idOf('storyId')),
  row('POST', '/api/stories/:id/report', 'signed-in', 200, (f) => ({
    params: { id: f.storyId },
    body: { reason: 'Shares a stranger’s address' },
  })),
  ...['save', 'unsave'].map((action) =>
    row('POST', `/api/user/stories/:id/${action}`, 'signed-in', 200, idOf('storyId')),
  ),
  row('GET', '/api/user/stories/saved', 'signed-in', 200),
  // Publishing her draft: another user may not publish (and so delete) it.
  row('POST', '/api/user/stories/create', 'owner-only', 201, (f) => ({ body: { ...story, draftId: f.draftId } })),

  // Drafts
  row('POST', '/api/user/stories/savedraft', 'signed-in', 201, () => ({ body: story })),
  // Saving over her draft: another user's save with its id is refused.
  row('POST', '/api/user/stories/drafts/save', 'owner-only', 200, (f) => ({ body: { _id: f.draftId, ...story } })),
  row('GET', '/api/user/stories/drafts', 'signed-in', 200),
  row('GET', '/api/user/stories/drafts/:id', 'owner-only', 200, idOf('draftId')),
  row('DELETE', '/api/user/stories/drafts/:id', 'owner-only', 200, idOf('draftId')),

  // The map region
  row('GET', '/api/region', 'public', 200),
  row('GET', '/api/geocode/search', 'public', 200, () => ({ query: { q: 'Casino', limit: '5' } })),
  row('GET', '/api/geocode/reverse', 'public', 200, () => ({
    query: { lat: String(CASINO[0]), lon: String(CASINO[1]) },
  })),
  row('GET', '/api/nearby', 'public', 200, () => ({
    query: { lat: String(CASINO[0]), lon: String(CASINO[1]), kinds: 'police,hospital,open', limit: '5' },
  })),
  row('GET', '/api/nearby/area', 'public', 200, () => ({
    query: {
      south: String(CASINO[0] - 0.005),
      west: String(CASINO[1] - 0.005),
      north: String(CASINO[0] + 0.005),
      east: String(CASINO[1] + 0.005),
    },
  })),
  row('GET', '/api/offline/area', 'public', 200, () => ({
    query: {
      south: String(CASINO[0] - 0.005),
      west: String(CASINO[1] - 0.005),
      north: String(CASINO[0] + 0.005),
      east: String(CASINO[1] + 0.005),
    },
  })),
  row('POST', '/api/route/find', 'public', 200, () => ({
    body: { source: CASINO, destination: PALACE, mode: 'foot' },
  })),
  row('GET', '/api/tiles/:z/:x/:file', 'public', 200, () => ({ params: { z: '15', x: '17060', file: '11947.mvt' } })),
  row('GET', '/api/tiles/size', 'public', 200, () => ({ query: { bbox: MONACO_BBOX, minzoom: '12', maxzoom: '15' } })),

  // Saved routes
  // Saving for a user: the body names her, and only she may.
  row('POST', '/api/route/save', 'owner-only', 201, (f) => ({
    body: {
      userId: f.owner.id,
      currentLocation: PALACE,
      destinationLocation: CASINO,
      currentLocationName: 'Prince’s Palace',
      destinationLocationName: 'Casino',
    },
  })),
  row('GET', '/api/route/all', 'signed-in', 200),
  row('DELETE', '/api/route/delete/:id', 'owner-only', 200, idOf('savedRouteId')),

  // Trusted contacts
  row('GET', '/api/contacts/trusted', 'signed-in', 200),
  // Updating her contact: another user's save with its id is refused.
  row('POST', '/api/contacts/trusted', 'owner-only', 200, (f) => ({
    body: { _id: f.trustedContactId, name: 'Maa', phone: '+91 98765 43211' },
  })),
  row('DELETE', '/api/contacts/trusted/:id', 'owner-only', 200, idOf('trustedContactId')),

  // Live location shares: the token lets anyone view, the write key lets her phone write.
  row('POST', '/api/share', 'public', 201, () => ({ body: { durationMinutes: 15 } })),
  row('GET', '/api/share/:token', 'public', 200, (f) => ({ params: { token: f.shareToken } })),
  row('POST', '/api/share/:token/position', 'share-key', 200, (f, as) => ({
    params: { token: f.shareToken },
    body: { writeKey: f.writeKeys[as], lat: PALACE[0], lon: PALACE[1], accuracy: 15 },
  })),
  row('POST', '/api/share/:token/checkin', 'share-key', 200, (f, as) => ({
    params: { token: f.shareToken },
    body: { writeKey: f.writeKeys[as], deadline: minutesFromNow(20), destination: 'Home' },
  })),
  ...['stop', 'safe'].map((action) =>
    row('POST', `/api/share/:token/${action}`, 'share-key', 200, (f, as) => ({
      params: { token: f.shareToken },
      body: { writeKey: f.writeKeys[as] },
    })),
  ),

  // Guardians: her side by session; the guardian's side by the invitation token in the URL (no account), which the
  // request carries for every caller.
  row('GET', '/api/push/public-key', 'public', 200),
  row('POST', '/api/guardians', 'signed-in', 201, () => ({ body: { name: 'Riya' } })),
  row('GET', '/api/guardians', 'signed-in', 200),
  row('DELETE', '/api/guardians/:id', 'owner-hidden', 200, idOf('guardianId')),
  row('POST', '/api/sos', 'signed-in', 202, () => ({
    body: { lat: CASINO[0], lon: CASINO[1], accuracy: 20, message: 'Please call me' },
  })),
  row('GET', '/api/guardian-invites/:token', 'public', 200, (f) => ({ params: { token: f.guardianToken } })),
  row('POST', '/api/guardian-invites/:token/push', 'public', 200, (f) => ({
    params: { token: f.guardianToken },
    body: { subscription: PUSH_SUBSCRIPTION },
  })),
  row('POST', '/api/guardian-invites/:token/email', 'public', 202, (f) => ({
    params: { token: f.guardianToken },
    body: { email: 'maa@example.in' },
  })),
  row('POST', '/api/guardian-invites/:token/email/confirm', 'public', 200, (f) => ({
    params: { token: f.guardianToken },
    body: { code: f.emailCode },
  })),
  row('POST', '/api/guardian-invites/:token/preferences', 'public', 200, (f) => ({
    params: { token: f.guardianToken },
    body: { shareStarted: true },
  })),
  row('POST', '/api/guardian-invites/:token/stop', 'public', 200, (f) => ({ params: { token: f.guardianToken } })),

  // Evidence recordings: hers alone, another user's is not found. Her chunk and finish again change nothing.
  row('PUT', '/api/evidence/:id', 'owner-hidden', 200, (f) => ({
    params: { id: f.recordingId },
    body: { mimeType: 'audio/webm', startedAt: minutesFromNow(-5) },
  })),
  row('PUT', '/api/evidence/:id/chunks/:seq', 'owner-hidden', 200, (f) => ({
    params: { id: f.recordingId, seq: '0' },
    body: EVIDENCE_CHUNK,
    headers: { 'content-type': 'application/octet-stream' },
  })),
  row('POST', '/api/evidence/:id/finish', 'owner-hidden', 200, (f) => ({
    params: { id: f.recordingId },
    body: { chunks: 1, durationMs: 5000 },
  })),
  row('GET', '/api/evidence', 'signed-in', 200),
  row('GET', '/api/evidence/:id/audio', 'owner-hidden', 200, idOf('recordingId')),
  row('DELETE', '/api/evidence/:id', 'owner-hidden', 200, idOf('recordingId')),

  // Saathi, the chat assistant: a user's conversation by session, a guest's by the browser's cookie.
  row(
    'GET',
    '/api/:id/chat/conversation/get',
    'owner-only',
    200,
    (f) => ({ params: { id: f.owner.id } }),
    'her own conversation',
  ),
  row(
    'GET',
    '/api/:id/chat/conversation/get',
    'guest-cookie',
    200,
    (f) => ({ params: { id: f.guestConversationId } }),
    'a guest conversation',
  ),
  row(
    'POST',
    '/api/chat/message/send',
    'owner-only',
    201,
    (f) => ({ body: { userId: f.owner.id, text: 'Is the station safe at night?', clientMessageId: randomUUID() } }),
    'her own conversation',
  ),
  row(
    'POST',
    '/api/chat/message/send',
    'guest-cookie',
    201,
    (f) => ({ body: { userId: f.guestConversationId, text: 'Someone is following me' } }),
    'a guest conversation',
  ),

  // Community signals: anonymous by design.
  row('POST', '/api/incidents', 'public', 201, () => ({
    body: { category: 'poor lighting', lat: CASINO[0], lon: CASINO[1], occurredAt: minutesFromNow(-60) },
  })),
  row('GET', '/api/incidents/heatmap', 'public', 200, () => ({ query: { bbox: MONACO_BBOX } })),
  row('POST', '/api/route/rate', 'public', 201, (f) => ({
    body: { geometry: f.routeGeometry, mode: 'foot', rating: 4, tip: 'Well lit' },
  })),
  row('GET', '/api/tips', 'public', 200, () => ({ query: { bbox: MONACO_BBOX } })),
  row('POST', '/api/predict', 'public', 200, () => ({
    body: {
      lat1: CASINO[0],
      lon1: CASINO[1],
      lat2: PALACE[0],
      lon2: PALACE[1],
      light_intensity: 70,
      traffic_density: 40,
      crowd_density: 50,
      crime_rate: 10,
      accident_rate: 5,
    },
  })),

  // Offline sync. A batch is refused whole without a session when it holds an op that needs one; another user's
  // edit of her story is answered 200 with that op rejected (FORBIDDEN), as sync.test.ts checks.
  row('POST', '/api/sync/push', 'signed-in', 200, (f) => ({
    body: { clientId: randomUUID(), ops: [anOp('story.update', { _id: f.storyId, ...story })] },
  })),
  row('GET', '/api/sync/pull', 'signed-in', 200, () => ({ query: { since: '0' } })),
]

/** `METHOD url` of a row, as the onRoute hook reports a route. */
export const routeKey = (e: Pick<Endpoint, 'method' | 'url'>) => `${e.method} ${e.url}`

/** The cookies a caller sends to a row's endpoint. */
export function cookiesFor(f: Fixture, access: Access, as: Caller): Cookies {
  if (access === 'guest-cookie') return f.guestCookies[as]
  return as === 'signedOut' ? {} : f[as].cookies
}

/** `url` with its :params filled in by `encode` (URI component encoding unless told otherwise). */
export function fillUrl(
  url: string,
  params: Record<string, string> = {},
  encode: (value: string) => string = encodeURIComponent,
): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encode(params[name] ?? ''))
}

/** The row's valid request, sent as `as`. */
export function injectOptions(endpoint: Endpoint, f: Fixture, as: Caller): InjectOptions {
  const { params, query, body, headers } = endpoint.request(f, as)
  return {
    method: endpoint.method,
    url: fillUrl(endpoint.url, params),
    cookies: cookiesFor(f, endpoint.access, as),
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  }
}
