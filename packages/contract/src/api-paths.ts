/**
 * Every JSON endpoint of the API: its method and path below /api, written once. Plain values without TypeBox, so the
 * web can import them at runtime; the schemas of each endpoint are in api.ts, built from this table. The map tiles
 * (DEFAULT_TILE_URL, tiles-rules.ts) are files, not JSON, and are not in it.
 */

export interface EndpointPath {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Below /api; `:name` segments are filled by pathOf. */
  path: string
  /** The success status when it is not 200. */
  status?: 201 | 202
  /** Also answers this success status: 200 when the item already existed and was updated rather than created. */
  orStatus?: 200
  /** Sent without cookies (spec section 7): the answer must not depend on who asks. */
  public?: true
}

type Extra = Omit<EndpointPath, 'method' | 'path'>
const verb =
  <M extends EndpointPath['method']>(method: M) =>
  <P extends string, X extends Extra = Record<never, never>>(path: P, extra?: X) =>
    ({ method, path, ...extra }) as { method: M; path: P } & NoInfer<X>
const [get, post, put, patch, del] = [verb('GET'), verb('POST'), verb('PUT'), verb('PATCH'), verb('DELETE')]

const created = { status: 201 } as const
/** 201 when it created the item, 200 when it updated it. */
const createdOrUpdated = { status: 201, orStatus: 200 } as const
const accepted = { status: 202 } as const
const open = { public: true } as const

export const ENDPOINTS = {
  health: get('/healthz'),

  signup: post('/signup', created),
  login: post('/login'),
  logout: post('/logout'),
  profile: get('/profile'),
  profileUpdate: patch('/profile/update'),
  contact: post('/contact', created),

  storiesFeed: get('/stories/all', open),
  storiesTrending: get('/stories/trending', open),
  storiesMostLiked: get('/stories/mostliked', open),
  storiesMostViewed: get('/stories/mostviewed', open),
  storiesRecent: get('/stories/recent', open),
  story: get('/stories/:id'),
  storyUpdate: put('/stories/:id'),
  storyDelete: del('/stories/:id'),
  userStories: get('/:userId/stories'),
  storyLike: patch('/stories/:id/like/increment'),
  storyUnlike: patch('/stories/:id/like/decrement'),
  storyDislike: patch('/stories/:id/dislike/increment'),
  storyUndislike: patch('/stories/:id/dislike/decrement'),
  storyView: patch('/stories/:id/viewed'),
  storyReport: post('/stories/:id/report'),
  storySave: post('/user/stories/:id/save'),
  storyUnsave: post('/user/stories/:id/unsave'),
  savedStories: get('/user/stories/saved'),
  storyCreate: post('/user/stories/create', created),

  /** The new-post editor's SAVE DRAFT. */
  draftSave: post('/user/stories/savedraft', createdOrUpdated),
  /** The draft editor's save: the same rule, with its own message. */
  draftEditorSave: post('/user/stories/drafts/save', createdOrUpdated),
  drafts: get('/user/stories/drafts'),
  draft: get('/user/stories/drafts/:id'),
  draftDelete: del('/user/stories/drafts/:id'),

  region: get('/region'),
  geocodeSearch: get('/geocode/search'),
  geocodeReverse: get('/geocode/reverse'),
  nearby: get('/nearby'),
  nearbyArea: get('/nearby/area'),
  /** The area bundle (binary, offline-area.ts): the same for everyone. */
  offlineArea: get('/offline/area', open),
  routeFind: post('/route/find'),
  routeSave: post('/route/save', created),
  savedRoutes: get('/route/all'),
  routeDelete: del('/route/delete/:id'),
  tileAreaSize: get('/tiles/size'),

  trustedContacts: get('/contacts/trusted'),
  trustedContactSave: post('/contacts/trusted', createdOrUpdated),
  trustedContactDelete: del('/contacts/trusted/:id'),

  pushPublicKey: get('/push/public-key', open),
  guardianCreate: post('/guardians', created),
  guardians: get('/guardians'),
  guardianDelete: del('/guardians/:id'),
  sos: post('/sos', accepted),
  // The guardian's side: the invitation token is their only right, so nothing of a session is sent.
  guardianInvite: get('/guardian-invites/:token', open),
  guardianPush: post('/guardian-invites/:token/push', open),
  guardianEmail: post('/guardian-invites/:token/email', { ...accepted, ...open }),
  guardianEmailConfirm: post('/guardian-invites/:token/email/confirm', open),
  guardianPreferences: post('/guardian-invites/:token/preferences', open),
  guardianStop: post('/guardian-invites/:token/stop', open),

  shareCreate: post('/share', created),
  shareView: get('/share/:token', open),
  sharePosition: post('/share/:token/position'),
  shareStop: post('/share/:token/stop'),
  shareCheckIn: post('/share/:token/checkin'),
  shareSafe: post('/share/:token/safe'),

  // Evidence recordings (docs/evidence.md); the chunk's body is raw bytes, and the audio (evidenceAudioPath) is a file.
  evidenceStart: put('/evidence/:id', createdOrUpdated),
  evidenceChunk: put('/evidence/:id/chunks/:seq'),
  evidenceFinish: post('/evidence/:id/finish'),
  evidenceList: get('/evidence'),
  evidenceDelete: del('/evidence/:id'),

  chatConversation: get('/:id/chat/conversation/get'),
  /** 201 when it started the conversation. */
  chatSend: post('/chat/message/send', createdOrUpdated),

  incidentReport: post('/incidents', created),
  heatmap: get('/incidents/heatmap'),
  routeRate: post('/route/rate', created),
  tips: get('/tips'),
  predict: post('/predict'),

  syncPush: post('/sync/push'),
  syncPull: get('/sync/pull'),
} as const satisfies Record<string, EndpointPath>

export type EndpointName = keyof typeof ENDPOINTS

/** The `:name` segments of a path, as an object type ({} when it has none). */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
export type PathParams<K extends EndpointName> = { [N in ParamNames<(typeof ENDPOINTS)[K]['path']>]: string }

/** The endpoint's path below /api with its `:name` segments filled (URI-encoded): pathOf('story', { id }). */
export function pathOf<K extends EndpointName>(
  name: K,
  ...[params]: keyof PathParams<K> extends never ? [] : [PathParams<K>]
): string {
  const values: Record<string, string> = params ?? {}
  return ENDPOINTS[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`pathOf('${name}'): no value for :${key}`)
    return encodeURIComponent(value)
  })
}
