import { type Static, type TSchema, Type } from 'typebox'
import { ProfileUpdateBody, User } from './auth.ts'
import { ChatSendOp } from './chat.ts'
import { RefOp } from './common.ts'
import { ContactBody } from './contact.ts'
import { SosBody } from './guardians.ts'
import { IncidentBody, RouteRateBody } from './incidents.ts'
import { RouteSaveOp, SavedRoute } from './saved-routes.ts'
import { Draft, DraftSaveOp, Story, StoryCreateOp, StoryReportOp, StoryUpdateOp } from './stories.ts'
import { PUSH_MAX_COSTLY_OPS, PUSH_MAX_OPS } from './sync-limits.ts'
import { TrustedContact, TrustedContactSaveOp } from './trusted-contacts.ts'

/** A lower-case v4-style UUID, as `crypto.randomUUID()` makes it: one spelling per id, so ids compare as text. */
export const Uuid = Type.String({
  title: 'Id',
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  errorMessage: 'Id must be a lower-case UUID',
})

/** Who may send an op: 'user' needs a session; 'any' is accepted from guests too. */
export type OpAuth = 'user' | 'any'

interface OpDefinition {
  payload: TSchema
  auth: OpAuth
}

/**
 * Every op the outbox may queue, by type: its payload is the body of the REST endpoint that does the same thing,
 * so both paths validate alike. A type is never renamed or given an incompatible payload: old clients may still
 * hold queued ops of it.
 */
export const OP_TYPES = {
  'profile.update': { payload: ProfileUpdateBody, auth: 'user' },
  'contact.send': { payload: ContactBody, auth: 'any' },
  'story.create': { payload: StoryCreateOp, auth: 'user' },
  'story.update': { payload: StoryUpdateOp, auth: 'user' },
  'story.delete': { payload: RefOp, auth: 'user' },
  'story.like': { payload: RefOp, auth: 'user' },
  'story.unlike': { payload: RefOp, auth: 'user' },
  'story.dislike': { payload: RefOp, auth: 'user' },
  'story.undislike': { payload: RefOp, auth: 'user' },
  // Guests may count views too (offline reading), keyed like the REST route's guests.
  'story.view': { payload: RefOp, auth: 'any' },
  'story.save': { payload: RefOp, auth: 'user' },
  'story.unsave': { payload: RefOp, auth: 'user' },
  'story.report': { payload: StoryReportOp, auth: 'user' },
  'draft.save': { payload: DraftSaveOp, auth: 'user' },
  'draft.delete': { payload: RefOp, auth: 'user' },
  // Anonymous by design: applied without the sender's account even when one is signed in.
  'incident.report': { payload: IncidentBody, auth: 'any' },
  'route.rate': { payload: RouteRateBody, auth: 'any' },
  'route.save': { payload: RouteSaveOp, auth: 'user' },
  'route.delete': { payload: RefOp, auth: 'user' },
  'trusted.save': { payload: TrustedContactSaveOp, auth: 'user' },
  'trusted.delete': { payload: RefOp, auth: 'user' },
  // A message to Saathi sent offline: her own conversation (her session) or this browser's guest one (its cookie).
  'chat.send': { payload: ChatSendOp, auth: 'any' },
  // SOS to her guardians (docs/guardians.md): pressed offline, it goes out once when she is back online.
  'sos.alert': { payload: SosBody, auth: 'user' },
} as const satisfies Record<string, OpDefinition>

export type OpType = keyof typeof OP_TYPES
export type OpPayload<T extends OpType> = Static<(typeof OP_TYPES)[T]['payload']>

export function isOpType(type: string): type is OpType {
  return Object.hasOwn(OP_TYPES, type)
}

/** Unknown types need no session: they are rejected one by one instead of failing the whole batch. */
export function opNeedsUser(type: string): boolean {
  return isOpType(type) && OP_TYPES[type].auth === 'user'
}

export const SyncErrorCode = { unknownOp: 'UNKNOWN_OP' } as const

export const SyncMessages = {
  unknownOp: 'Unknown operation type',
  opIdTaken: 'This operation id belongs to another account',
  tooManyCostlyOps: `A sync push may hold at most ${PUSH_MAX_COSTLY_OPS} route ratings`,
} as const

export const Op = Type.Object(
  {
    opId: { ...Uuid, title: 'opId', errorMessage: 'opId must be a lower-case UUID' },
    type: Type.String({ title: 'type', minLength: 1, maxLength: 64 }),
    // Checked per op against OP_TYPES, so one bad op is rejected alone rather than failing its batch.
    payload: Type.Unknown({ title: 'payload' }),
    createdAt: Type.String({
      title: 'createdAt',
      format: 'date-time',
      errorMessage: 'createdAt must be an ISO date-time',
    }),
  },
  { additionalProperties: false },
)
export type Op = Static<typeof Op>

export const PushBody = Type.Object(
  {
    clientId: { ...Uuid, title: 'clientId', errorMessage: 'clientId must be a lower-case UUID' },
    ops: Type.Array(Op, {
      title: 'ops',
      minItems: 1,
      maxItems: PUSH_MAX_OPS,
      messages: { minItems: 'ops must not be empty', maxItems: `ops must hold at most ${PUSH_MAX_OPS} operations` },
    }),
  },
  { additionalProperties: false },
)
export type PushBody = Static<typeof PushBody>

export const OpStatus = Type.Union([Type.Literal('applied'), Type.Literal('duplicate'), Type.Literal('rejected')])
export type OpStatus = Static<typeof OpStatus>

export const OpResult = Type.Object({
  opId: Type.String(),
  status: OpStatus,
  /** Only for 'rejected': an ErrorCode or UNKNOWN_OP. */
  code: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
})
export type OpResult = Static<typeof OpResult>

export const PushResponse = Type.Object({ success: Type.Literal(true), results: Type.Array(OpResult) })
export type PushResponse = Static<typeof PushResponse>

/**
 * The cursor is sent as text and must be plain digits: a lax number conversion would turn "1.5" into 1 or "" into 0
 * and silently re-read or skip changes. Fifteen digits stay below Number.MAX_SAFE_INTEGER.
 */
export const PullQuery = Type.Object(
  {
    since: Type.String({
      title: 'since',
      pattern: '^(0|[1-9][0-9]{0,14})$',
      errorMessage: 'since must be a whole number of 0 or more',
    }),
  },
  { additionalProperties: false },
)
export type PullQuery = Static<typeof PullQuery>

/**
 * One changed entity in a pull: `data` is the entity as it is now, absent when it was deleted. Entities a pull can
 * answer: the user (with likedPosts, dislikedPosts, savedPosts), their stories, drafts, saved routes and trusted
 * contacts.
 */
function ChangeOf<E extends string, T extends TSchema>(entity: E, data: T) {
  return Type.Object({
    seq: Type.Integer(),
    entity: Type.Literal(entity),
    id: Type.String(),
    deleted: Type.Boolean(),
    data: Type.Optional(data),
  })
}

export const UserChange = ChangeOf('user', User)
export type UserChange = Static<typeof UserChange>
/** One of the caller's own stories (counts as of the change; likes by others do not record a change). */
export const StoryChange = ChangeOf('story', Story)
export type StoryChange = Static<typeof StoryChange>
export const DraftChange = ChangeOf('draft', Draft)
export type DraftChange = Static<typeof DraftChange>
export const RouteChange = ChangeOf('route', SavedRoute)
export type RouteChange = Static<typeof RouteChange>
export const TrustedChange = ChangeOf('trusted', TrustedContact)
export type TrustedChange = Static<typeof TrustedChange>

export const Change = Type.Union([UserChange, StoryChange, DraftChange, RouteChange, TrustedChange])
export type Change = Static<typeof Change>
export type Entity = Change['entity']

export const PullResponse = Type.Object({
  success: Type.Literal(true),
  /** Send as `since` next time. */
  cursor: Type.Integer(),
  /** More changes wait beyond this page: pull again at once with the new cursor. */
  more: Type.Boolean(),
  changes: Type.Array(Change),
})
export type PullResponse = Static<typeof PullResponse>
