import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import type { Fixture } from './fixture.ts'
import { anOp, type Cookies } from './sync-ops.ts'
import { validSignup } from './test-app.ts'

/**
 * Every /api endpoint, one row each (two where there are two ways in): who may call it, a valid request for a
 * fixture (fixture.ts), and the status each caller gets. authorization.test.ts checks the statuses and fails for a registered
 * endpoint without a row; the bad-input tests corrupt the valid requests. To add an endpoint, add a row to ENDPOINTS.
 */

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
const noBody = (): RequestParts => ({})

/** The same status for every caller. */
const all = (status: number): Record<Caller, number> => ({ signedOut: status, owner: status, other: status })
/** Needs a session; each user acts on her own data. */
const signedInOk = (status: number): Record<Caller, number> => ({ signedOut: 401, owner: status, other: status })
/** Needs a session, and only the owner may. */
const ownerOnly = (status: number): Record<Caller, number> => ({ signedOut: 401, owner: status, other: 403 })
/** Needs a session, and another user's item is not found. */
const ownerHidden = (status: number): Record<Caller, number> => ({ signedOut: 401, owner: status, other: 404 })
/** A credential other than the session: without the right one, 403. */
const keyOnly = (status: number): Record<Caller, number> => ({ signedOut: 403, owner: status, other: 403 })

const STORY_REACTIONS = ['like/increment', 'like/decrement', 'dislike/increment', 'dislike/decrement'] as const

export const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', url: '/api/healthz', access: 'public', request: noBody, expect: all(200) },

  // Accounts
  {
    method: 'POST',
    url: '/api/signup',
    access: 'public',
    request: (f) => ({ body: { ...validSignup, email: `new-${f.unique}@example.in` } }),
    expect: all(201),
  },
  {
    method: 'POST',
    url: '/api/login',
    access: 'public',
    request: (f) => ({ body: { email: f.owner.email, password: f.owner.password } }),
    expect: all(200),
  },
  { method: 'POST', url: '/api/logout', access: 'public', request: noBody, expect: all(200) },
  { method: 'GET', url: '/api/profile', access: 'signed-in', request: noBody, expect: signedInOk(200) },
  {
    method: 'PATCH',
    url: '/api/profile/update',
    access: 'signed-in',
    request: () => ({ body: { firstName: 'Meera' } }),
    expect: signedInOk(200),
  },
  {
    method: 'POST',
    url: '/api/contact',
    access: 'public',
    request: () => ({ body: { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'How do I add a contact?' } }),
    expect: all(201),
  },

  // Stories
  {
    method: 'GET',
    url: '/api/stories/all',
    access: 'public',
    request: () => ({ query: { page: '1', limit: '5' } }),
    expect: all(200),
  },
  ...(['trending', 'mostliked', 'mostviewed', 'recent'] as const).map(
    (list): Endpoint => ({
      method: 'GET',
      url: `/api/stories/${list}`,
      access: 'public',
      request: noBody,
      expect: all(200),
    }),
  ),
  {
    method: 'GET',
    url: '/api/stories/:id',
    access: 'public',
    request: (f) => ({ params: { id: f.storyId } }),
    expect: all(200),
  },
  {
    method: 'PUT',
    url: '/api/stories/:id',
    access: 'owner-only',
    request: (f) => ({ params: { id: f.storyId }, body: story }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/stories/:id',
    access: 'owner-only',
    request: (f) => ({ params: { id: f.storyId } }),
    expect: ownerOnly(200),
  },
  {
    method: 'GET',
    url: '/api/:userId/stories',
    access: 'public',
    request: (f) => ({ params: { userId: f.owner.id } }),
    expect: all(200),
  },
  ...STORY_REACTIONS.map(
    (reaction): Endpoint => ({
      method: 'PATCH',
      url: `/api/stories/:id/${reaction}`,
      access: 'signed-in',
      request: (f) => ({ params: { id: f.storyId } }),
      expect: signedInOk(200),
    }),
  ),
  {
    method: 'PATCH',
    url: '/api/stories/:id/viewed',
    access: 'public',
    request: (f) => ({ params: { id: f.storyId } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/stories/:id/report',
    access: 'signed-in',
    request: (f) => ({ params: { id: f.storyId }, body: { reason: 'Shares a stranger’s address' } }),
    expect: signedInOk(200),
  },
  ...(['save', 'unsave'] as const).map(
    (action): Endpoint => ({
      method: 'POST',
      url: `/api/user/stories/:id/${action}`,
      access: 'signed-in',
      request: (f) => ({ params: { id: f.storyId } }),
      expect: signedInOk(200),
    }),
  ),
  { method: 'GET', url: '/api/user/stories/saved', access: 'signed-in', request: noBody, expect: signedInOk(200) },
  {
    // Publishing her draft: another user may not publish (and so delete) it.
    method: 'POST',
    url: '/api/user/stories/create',
    access: 'owner-only',
    request: (f) => ({ body: { ...story, draftId: f.draftId } }),
    expect: ownerOnly(201),
  },

  // Drafts
  {
    method: 'POST',
    url: '/api/user/stories/savedraft',
    access: 'signed-in',
    request: () => ({ body: story }),
    expect: signedInOk(201),
  },
  {
    // Saving over her draft: another user's save with its id is refused.
    method: 'POST',
    url: '/api/user/stories/drafts/save',
    access: 'owner-only',
    request: (f) => ({ body: { _id: f.draftId, ...story } }),
    expect: ownerOnly(200),
  },
  { method: 'GET', url: '/api/user/stories/drafts', access: 'signed-in', request: noBody, expect: signedInOk(200) },
  {
    method: 'GET',
    url: '/api/user/stories/drafts/:id',
    access: 'owner-only',
    request: (f) => ({ params: { id: f.draftId } }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/user/stories/drafts/:id',
    access: 'owner-only',
    request: (f) => ({ params: { id: f.draftId } }),
    expect: ownerOnly(200),
  },

  // The map region
  { method: 'GET', url: '/api/region', access: 'public', request: noBody, expect: all(200) },
  {
    method: 'GET',
    url: '/api/geocode/search',
    access: 'public',
    request: () => ({ query: { q: 'Casino', limit: '5' } }),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/geocode/reverse',
    access: 'public',
    request: () => ({ query: { lat: String(CASINO[0]), lon: String(CASINO[1]) } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/route/find',
    access: 'public',
    request: () => ({ body: { source: CASINO, destination: PALACE, mode: 'foot' } }),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/tiles/:z/:x/:file',
    access: 'public',
    request: () => ({ params: { z: '15', x: '17060', file: '11947.mvt' } }),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/tiles/size',
    access: 'public',
    request: () => ({ query: { bbox: MONACO_BBOX, minzoom: '12', maxzoom: '15' } }),
    expect: all(200),
  },

  // Saved routes
  {
    // Saving for a user: the body names her, and only she may.
    method: 'POST',
    url: '/api/route/save',
    access: 'owner-only',
    request: (f) => ({
      body: {
        userId: f.owner.id,
        currentLocation: PALACE,
        destinationLocation: CASINO,
        currentLocationName: 'Prince’s Palace',
        destinationLocationName: 'Casino',
      },
    }),
    expect: ownerOnly(201),
  },
  { method: 'GET', url: '/api/route/all', access: 'signed-in', request: noBody, expect: signedInOk(200) },
  {
    method: 'DELETE',
    url: '/api/route/delete/:id',
    access: 'owner-only',
    request: (f) => ({ params: { id: f.savedRouteId } }),
    expect: ownerOnly(200),
  },

  // Trusted contacts
  { method: 'GET', url: '/api/contacts/trusted', access: 'signed-in', request: noBody, expect: signedInOk(200) },
  {
    // Updating her contact: another user's save with its id is refused.
    method: 'POST',
    url: '/api/contacts/trusted',
    access: 'owner-only',
    request: (f) => ({ body: { _id: f.trustedContactId, name: 'Maa', phone: '+91 98765 43211' } }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/contacts/trusted/:id',
    access: 'owner-only',
    request: (f) => ({ params: { id: f.trustedContactId } }),
    expect: ownerOnly(200),
  },

  // Live location shares: the token lets anyone view, the write key lets her phone write.
  {
    method: 'POST',
    url: '/api/share',
    access: 'public',
    request: () => ({ body: { durationMinutes: 15 } }),
    expect: all(201),
  },
  {
    method: 'GET',
    url: '/api/share/:token',
    access: 'public',
    request: (f) => ({ params: { token: f.shareToken } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/share/:token/position',
    access: 'share-key',
    request: (f, as) => ({
      params: { token: f.shareToken },
      body: { writeKey: f.writeKeys[as], lat: PALACE[0], lon: PALACE[1], accuracy: 15 },
    }),
    expect: keyOnly(200),
  },
  {
    method: 'POST',
    url: '/api/share/:token/checkin',
    access: 'share-key',
    request: (f, as) => ({
      params: { token: f.shareToken },
      body: { writeKey: f.writeKeys[as], deadline: minutesFromNow(20), destination: 'Home' },
    }),
    expect: keyOnly(200),
  },
  ...(['stop', 'safe'] as const).map(
    (action): Endpoint => ({
      method: 'POST',
      url: `/api/share/:token/${action}`,
      access: 'share-key',
      request: (f, as) => ({ params: { token: f.shareToken }, body: { writeKey: f.writeKeys[as] } }),
      expect: keyOnly(200),
    }),
  ),

  // Guardians: her side by session; the guardian's side by the invitation token in the URL (no account), which the
  // request carries for every caller.
  { method: 'GET', url: '/api/push/public-key', access: 'public', request: noBody, expect: all(200) },
  {
    method: 'POST',
    url: '/api/guardians',
    access: 'signed-in',
    request: () => ({ body: { name: 'Riya' } }),
    expect: signedInOk(201),
  },
  { method: 'GET', url: '/api/guardians', access: 'signed-in', request: noBody, expect: signedInOk(200) },
  {
    method: 'DELETE',
    url: '/api/guardians/:id',
    access: 'owner-hidden',
    request: (f) => ({ params: { id: f.guardianId } }),
    expect: ownerHidden(200),
  },
  {
    method: 'POST',
    url: '/api/sos',
    access: 'signed-in',
    request: () => ({ body: { lat: CASINO[0], lon: CASINO[1], accuracy: 20, message: 'Please call me' } }),
    expect: signedInOk(202),
  },
  {
    method: 'GET',
    url: '/api/guardian-invites/:token',
    access: 'public',
    request: (f) => ({ params: { token: f.guardianToken } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/guardian-invites/:token/push',
    access: 'public',
    request: (f) => ({ params: { token: f.guardianToken }, body: { subscription: PUSH_SUBSCRIPTION } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/guardian-invites/:token/email',
    access: 'public',
    request: (f) => ({ params: { token: f.guardianToken }, body: { email: 'maa@example.in' } }),
    expect: all(202),
  },
  {
    method: 'POST',
    url: '/api/guardian-invites/:token/email/confirm',
    access: 'public',
    request: (f) => ({ params: { token: f.guardianToken }, body: { code: f.emailCode } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/guardian-invites/:token/preferences',
    access: 'public',
    request: (f) => ({ params: { token: f.guardianToken }, body: { shareStarted: true } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/guardian-invites/:token/stop',
    access: 'public',
    request: (f) => ({ params: { token: f.guardianToken } }),
    expect: all(200),
  },

  // Saathi, the chat assistant: a user's conversation by session, a guest's by the browser's cookie.
  {
    method: 'GET',
    url: '/api/:id/chat/conversation/get',
    access: 'owner-only',
    variant: 'her own conversation',
    request: (f) => ({ params: { id: f.owner.id } }),
    expect: ownerOnly(200),
  },
  {
    method: 'GET',
    url: '/api/:id/chat/conversation/get',
    access: 'guest-cookie',
    variant: 'a guest conversation',
    request: (f) => ({ params: { id: f.guestConversationId } }),
    expect: keyOnly(200),
  },
  {
    method: 'POST',
    url: '/api/chat/message/send',
    access: 'owner-only',
    variant: 'her own conversation',
    request: (f) => ({
      body: { userId: f.owner.id, text: 'Is the station safe at night?', clientMessageId: randomUUID() },
    }),
    expect: ownerOnly(201),
  },
  {
    method: 'POST',
    url: '/api/chat/message/send',
    access: 'guest-cookie',
    variant: 'a guest conversation',
    request: (f) => ({ body: { userId: f.guestConversationId, text: 'Someone is following me' } }),
    expect: keyOnly(201),
  },

  // Community signals: anonymous by design.
  {
    method: 'POST',
    url: '/api/incidents',
    access: 'public',
    request: () => ({
      body: { category: 'poor lighting', lat: CASINO[0], lon: CASINO[1], occurredAt: minutesFromNow(-60) },
    }),
    expect: all(201),
  },
  {
    method: 'GET',
    url: '/api/incidents/heatmap',
    access: 'public',
    request: () => ({ query: { bbox: MONACO_BBOX } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/route/rate',
    access: 'public',
    request: (f) => ({ body: { geometry: f.routeGeometry, mode: 'foot', rating: 4, tip: 'Well lit' } }),
    expect: all(201),
  },
  {
    method: 'GET',
    url: '/api/tips',
    access: 'public',
    request: () => ({ query: { bbox: MONACO_BBOX } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/predict',
    access: 'public',
    request: () => ({
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
    }),
    expect: all(200),
  },

  // Offline sync. A batch is refused whole without a session when it holds an op that needs one; another user's
  // edit of her story is answered 200 with that op rejected (FORBIDDEN), as sync.test.ts checks.
  {
    method: 'POST',
    url: '/api/sync/push',
    access: 'signed-in',
    request: (f) => ({
      body: { clientId: randomUUID(), ops: [anOp('story.update', { _id: f.storyId, ...story })] },
    }),
    expect: signedInOk(200),
  },
  {
    method: 'GET',
    url: '/api/sync/pull',
    access: 'signed-in',
    request: () => ({ query: { since: '0' } }),
    expect: signedInOk(200),
  },
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
  const { params, query, body } = endpoint.request(f, as)
  return {
    method: endpoint.method,
    url: fillUrl(endpoint.url, params),
    cookies: cookiesFor(f, endpoint.access, as),
    ...(query ? { query } : {}),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  }
}
