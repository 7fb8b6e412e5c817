/**
 * The API table: each endpoint of api-paths.ts with the schemas of its params, query, body and success answer. The
 * server registers its routes from it (sync-server/src/http/endpoint.ts) and the web's tests build their fake
 * answers from it; the web imports only its types (`import type`), so no schema reaches the app's first scripts.
 */
import type { Static, TSchema } from 'typebox'
import { ENDPOINTS, type EndpointName, type EndpointPath } from './api-paths.ts'
import {
  LoginBody,
  LoginResponse,
  LogoutResponse,
  ProfileResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  SignupBody,
  SignupResponse,
} from './auth.ts'
import { ChatConversationParams, ChatConversationResponse, ChatSendBody, ChatSendResponse } from './chat.ts'
import { HealthResponse, ObjectIdParams, SuccessBody } from './common.ts'
import { ContactBody, ContactResponse } from './contact.ts'
import {
  EvidenceChunkParams,
  EvidenceChunkResponse,
  EvidenceConflictBody,
  EvidenceFinishBody,
  EvidenceIdParams,
  EvidenceListResponse,
  EvidenceRecordingResponse,
  EvidenceStartBody,
  EvidenceStartResponse,
} from './evidence.ts'
import { GeocodeReverseQuery, GeocodeReverseResponse, GeocodeSearchAnswer, GeocodeSearchQuery } from './geocode.ts'
import {
  GuardianConfirmBody,
  GuardianCreateBody,
  GuardianCreateResponse,
  GuardianEmailBody,
  GuardianIdParams,
  GuardianInviteParams,
  GuardianInviteView,
  GuardianListResponse,
  GuardianPreferencesBody,
  GuardianPushBody,
  PushPublicKeyResponse,
  SosBody,
  SosResponse,
} from './guardians.ts'
import {
  HeatmapQuery,
  HeatmapResponse,
  IncidentBody,
  IncidentResponse,
  RouteRateBody,
  RouteRateResponse,
  TipsQuery,
  TipsResponse,
} from './incidents.ts'
import { NearbyArea, NearbyAreaQuery, NearbyQuery, NearbyResponse } from './nearby.ts'
import { OfflineAreaBundle, OfflineAreaQuery } from './offline-area.ts'
import { PredictBody, PredictResponse } from './predict.ts'
import { RegionInfo, RouteFindBody, RouteFindResponse } from './region.ts'
import { RouteDeleteResponse, RouteSaveBody, RouteSaveResponse, SavedRoutesResponse } from './saved-routes.ts'
import {
  ShareCheckInBody,
  ShareCreateBody,
  ShareCreateResponse,
  ShareKeyBody,
  ShareOkResponse,
  SharePositionBody,
  ShareSafeBody,
  ShareTokenParams,
  ShareView,
} from './share.ts'
import {
  DraftResponse,
  DraftSaveBody,
  DraftsResponse,
  DraftWriteResponse,
  FeedQuery,
  FeedResponse,
  MostLikedResponse,
  MostViewedResponse,
  ReactionResponse,
  RecentResponse,
  SavedPostsResponse,
  SaveResponse,
  StoriesResponse,
  StoryCreateBody,
  StoryIdParams,
  StoryMessageResponse,
  StoryReportBody,
  StoryResponse,
  StoryUpdateBody,
  StoryWriteResponse,
  TrendingResponse,
  UserIdParams,
  ViewResponse,
} from './stories.ts'
import { PullQuery, PullResponse, PushBody, PushResponse } from './sync.ts'
import { TileAreaSize, TileAreaSizeQuery } from './tiles.ts'
import {
  TrustedContactDeleteResponse,
  TrustedContactSaveBody,
  TrustedContactSaveResponse,
  TrustedContactsResponse,
} from './trusted-contacts.ts'

export type EndpointSchemas = EndpointPath & {
  params?: TSchema
  query?: TSchema
  body?: TSchema
  /** The success answer (at `status`, and at `orStatus` too). */
  response: TSchema
  /** A 409 that carries more than the error body (what the client needs to resume). */
  conflict?: TSchema
}

const story = { params: StoryIdParams }
const reaction = { ...story, response: ReactionResponse }
const draftSave = { body: DraftSaveBody, response: DraftWriteResponse }
const invite = { params: GuardianInviteParams }
const shareUpdate = { params: ShareTokenParams, response: ShareOkResponse }

export const API = {
  health: { ...ENDPOINTS.health, response: HealthResponse },

  signup: { ...ENDPOINTS.signup, body: SignupBody, response: SignupResponse },
  login: { ...ENDPOINTS.login, body: LoginBody, response: LoginResponse },
  logout: { ...ENDPOINTS.logout, response: LogoutResponse },
  profile: { ...ENDPOINTS.profile, response: ProfileResponse },
  profileUpdate: { ...ENDPOINTS.profileUpdate, body: ProfileUpdateBody, response: ProfileUpdateResponse },
  contact: { ...ENDPOINTS.contact, body: ContactBody, response: ContactResponse },

  storiesFeed: { ...ENDPOINTS.storiesFeed, query: FeedQuery, response: FeedResponse },
  storiesTrending: { ...ENDPOINTS.storiesTrending, response: TrendingResponse },
  storiesMostLiked: { ...ENDPOINTS.storiesMostLiked, response: MostLikedResponse },
  storiesMostViewed: { ...ENDPOINTS.storiesMostViewed, response: MostViewedResponse },
  storiesRecent: { ...ENDPOINTS.storiesRecent, response: RecentResponse },
  story: { ...ENDPOINTS.story, ...story, response: StoryResponse },
  storyUpdate: { ...ENDPOINTS.storyUpdate, ...story, body: StoryUpdateBody, response: StoryWriteResponse },
  storyDelete: { ...ENDPOINTS.storyDelete, ...story, response: StoryMessageResponse },
  userStories: { ...ENDPOINTS.userStories, params: UserIdParams, response: StoriesResponse },
  storyLike: { ...ENDPOINTS.storyLike, ...reaction },
  storyUnlike: { ...ENDPOINTS.storyUnlike, ...reaction },
  storyDislike: { ...ENDPOINTS.storyDislike, ...reaction },
  storyUndislike: { ...ENDPOINTS.storyUndislike, ...reaction },
  storyView: { ...ENDPOINTS.storyView, ...story, response: ViewResponse },
  storyReport: { ...ENDPOINTS.storyReport, ...story, body: StoryReportBody, response: StoryMessageResponse },
  storySave: { ...ENDPOINTS.storySave, ...story, response: SaveResponse },
  storyUnsave: { ...ENDPOINTS.storyUnsave, ...story, response: SaveResponse },
  savedStories: { ...ENDPOINTS.savedStories, response: SavedPostsResponse },
  storyCreate: { ...ENDPOINTS.storyCreate, body: StoryCreateBody, response: StoryWriteResponse },

  draftSave: { ...ENDPOINTS.draftSave, ...draftSave },
  draftEditorSave: { ...ENDPOINTS.draftEditorSave, ...draftSave },
  drafts: { ...ENDPOINTS.drafts, response: DraftsResponse },
  draft: { ...ENDPOINTS.draft, ...story, response: DraftResponse },
  draftDelete: { ...ENDPOINTS.draftDelete, ...story, response: StoryMessageResponse },

  region: { ...ENDPOINTS.region, response: RegionInfo },
  geocodeSearch: { ...ENDPOINTS.geocodeSearch, query: GeocodeSearchQuery, response: GeocodeSearchAnswer },
  geocodeReverse: { ...ENDPOINTS.geocodeReverse, query: GeocodeReverseQuery, response: GeocodeReverseResponse },
  nearby: { ...ENDPOINTS.nearby, query: NearbyQuery, response: NearbyResponse },
  nearbyArea: { ...ENDPOINTS.nearbyArea, query: NearbyAreaQuery, response: NearbyArea },
  offlineArea: { ...ENDPOINTS.offlineArea, query: OfflineAreaQuery, response: OfflineAreaBundle },
  routeFind: { ...ENDPOINTS.routeFind, body: RouteFindBody, response: RouteFindResponse },
  routeSave: { ...ENDPOINTS.routeSave, body: RouteSaveBody, response: RouteSaveResponse },
  savedRoutes: { ...ENDPOINTS.savedRoutes, response: SavedRoutesResponse },
  routeDelete: { ...ENDPOINTS.routeDelete, params: ObjectIdParams, response: RouteDeleteResponse },
  tileAreaSize: { ...ENDPOINTS.tileAreaSize, query: TileAreaSizeQuery, response: TileAreaSize },

  trustedContacts: { ...ENDPOINTS.trustedContacts, response: TrustedContactsResponse },
  trustedContactSave: {
    ...ENDPOINTS.trustedContactSave,
    body: TrustedContactSaveBody,
    response: TrustedContactSaveResponse,
  },
  trustedContactDelete: {
    ...ENDPOINTS.trustedContactDelete,
    params: ObjectIdParams,
    response: TrustedContactDeleteResponse,
  },

  pushPublicKey: { ...ENDPOINTS.pushPublicKey, response: PushPublicKeyResponse },
  guardianCreate: { ...ENDPOINTS.guardianCreate, body: GuardianCreateBody, response: GuardianCreateResponse },
  guardians: { ...ENDPOINTS.guardians, response: GuardianListResponse },
  guardianDelete: { ...ENDPOINTS.guardianDelete, params: GuardianIdParams, response: SuccessBody },
  sos: { ...ENDPOINTS.sos, body: SosBody, response: SosResponse },
  guardianInvite: { ...ENDPOINTS.guardianInvite, ...invite, response: GuardianInviteView },
  guardianPush: { ...ENDPOINTS.guardianPush, ...invite, body: GuardianPushBody, response: SuccessBody },
  guardianEmail: { ...ENDPOINTS.guardianEmail, ...invite, body: GuardianEmailBody, response: SuccessBody },
  guardianEmailConfirm: {
    ...ENDPOINTS.guardianEmailConfirm,
    ...invite,
    body: GuardianConfirmBody,
    response: SuccessBody,
  },
  guardianPreferences: {
    ...ENDPOINTS.guardianPreferences,
    ...invite,
    body: GuardianPreferencesBody,
    response: SuccessBody,
  },
  // No body: the link itself is the right to stop.
  guardianStop: { ...ENDPOINTS.guardianStop, ...invite, response: SuccessBody },

  shareCreate: { ...ENDPOINTS.shareCreate, body: ShareCreateBody, response: ShareCreateResponse },
  shareView: { ...ENDPOINTS.shareView, params: ShareTokenParams, response: ShareView },
  sharePosition: { ...ENDPOINTS.sharePosition, ...shareUpdate, body: SharePositionBody },
  shareStop: { ...ENDPOINTS.shareStop, ...shareUpdate, body: ShareKeyBody },
  shareCheckIn: { ...ENDPOINTS.shareCheckIn, ...shareUpdate, body: ShareCheckInBody },
  shareSafe: { ...ENDPOINTS.shareSafe, ...shareUpdate, body: ShareSafeBody },

  evidenceStart: {
    ...ENDPOINTS.evidenceStart,
    params: EvidenceIdParams,
    body: EvidenceStartBody,
    response: EvidenceStartResponse,
  },
  // The body is the chunk's raw bytes, read by the route's own parser, not a schema.
  evidenceChunk: {
    ...ENDPOINTS.evidenceChunk,
    params: EvidenceChunkParams,
    response: EvidenceChunkResponse,
    conflict: EvidenceConflictBody,
  },
  evidenceFinish: {
    ...ENDPOINTS.evidenceFinish,
    params: EvidenceIdParams,
    body: EvidenceFinishBody,
    response: EvidenceRecordingResponse,
  },
  evidenceList: { ...ENDPOINTS.evidenceList, response: EvidenceListResponse },
  evidenceDelete: { ...ENDPOINTS.evidenceDelete, params: EvidenceIdParams, response: SuccessBody },

  chatConversation: {
    ...ENDPOINTS.chatConversation,
    params: ChatConversationParams,
    response: ChatConversationResponse,
  },
  chatSend: { ...ENDPOINTS.chatSend, body: ChatSendBody, response: ChatSendResponse },

  incidentReport: { ...ENDPOINTS.incidentReport, body: IncidentBody, response: IncidentResponse },
  heatmap: { ...ENDPOINTS.heatmap, query: HeatmapQuery, response: HeatmapResponse },
  routeRate: { ...ENDPOINTS.routeRate, body: RouteRateBody, response: RouteRateResponse },
  tips: { ...ENDPOINTS.tips, query: TipsQuery, response: TipsResponse },
  predict: { ...ENDPOINTS.predict, body: PredictBody, response: PredictResponse },

  syncPush: { ...ENDPOINTS.syncPush, body: PushBody, response: PushResponse },
  syncPull: { ...ENDPOINTS.syncPull, query: PullQuery, response: PullResponse },
} as const satisfies { [K in EndpointName]: EndpointSchemas }

export type Api = typeof API

type Part<K extends EndpointName, P extends 'params' | 'query' | 'body'> =
  Api[K] extends Record<P, infer S extends TSchema> ? Static<S> : never

/** What the endpoint's path params, query string and body must be; never when it takes none. */
export type ParamsOf<K extends EndpointName> = Part<K, 'params'>
export type QueryOf<K extends EndpointName> = Part<K, 'query'>
export type BodyOf<K extends EndpointName> = Part<K, 'body'>
/** The endpoint's success answer. */
export type AnswerOf<K extends EndpointName> = Static<Api[K]['response']>
