import { type Static, Type } from 'typebox'
import { Email, Text } from './common.ts'
import { GUARDIAN_NAME_MAX, GUARDIAN_SECRET_PATTERN, GuardianMessages, SOS_MESSAGE_MAX } from './guardians-rules.ts'
import { PositionFields, ShareToken } from './share.ts'

/**
 * Guardians (docs/guardians.md): contacts she invites, who are alerted by the server (Web Push to their device, or a
 * confirmed e-mail) when she presses SOS, misses a check-in, is safe again after one, or (if they ask) starts sharing
 * her live location. A guardian needs no account; the invitation link's token is their right to manage their alerts.
 */

export {
  ALERT_KINDS,
  type AlertKind,
  GUARDIAN_NAME_MAX,
  GUARDIAN_PAGE_PATH,
  GUARDIAN_SECRET_PATTERN,
  GUARDIAN_STATES,
  GUARDIANS_MAX,
  GuardianMessages,
  SOS_MESSAGE_MAX,
} from './guardians-rules.ts'

const Secret = (title: string, errorMessage: string) =>
  Type.String({ title, pattern: GUARDIAN_SECRET_PATTERN, errorMessage })

/** GUARDIAN_STATES as a schema (the type GuardianState is this schema's). */
export const GuardianState = Type.Union([Type.Literal('invited'), Type.Literal('active'), Type.Literal('stopped')])
export type GuardianState = Static<typeof GuardianState>

/** GET /api/push/public-key: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const PushPublicKeyResponse = Type.Object({ publicKey: Type.String() })
export type PushPublicKeyResponse = Static<typeof PushPublicKeyResponse>

/** POST /api/guardians (signed in): invites a contact by the name she knows them by. */
export const GuardianCreateBody = Type.Object(
  { name: Text('Name', GUARDIAN_NAME_MAX, 'line') },
  { additionalProperties: false },
)
export type GuardianCreateBody = Static<typeof GuardianCreateBody>

/** One of her guardians, as she sees it: `push` notifications on, `email` confirmed. */
export const Guardian = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: GuardianState,
  push: Type.Boolean(),
  email: Type.Boolean(),
  /** An e-mail was given and is not confirmed yet. */
  emailPending: Type.Optional(Type.Boolean()),
  /** They also want to know when she starts sharing her live location. */
  shareStarted: Type.Optional(Type.Boolean()),
})
export type Guardian = Static<typeof Guardian>

/** 201 to POST /api/guardians. `inviteUrl` is relative to the app's origin: `/g/<token>`; only this answer holds it. */
export const GuardianCreateResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.Literal('invited'),
  inviteUrl: Type.String(),
})
export type GuardianCreateResponse = Static<typeof GuardianCreateResponse>

/** GET /api/guardians: her own guardians only, oldest first. */
export const GuardianListResponse = Type.Object({ guardians: Type.Array(Guardian) })
export type GuardianListResponse = Static<typeof GuardianListResponse>

/** DELETE /api/guardians/:id: the guardian, its subscription and address are deleted at once. */
export const GuardianIdParams = Type.Object({
  id: Type.String({ title: 'id', pattern: '^[0-9a-f]{24}$', errorMessage: GuardianMessages.notFound }),
})
export type GuardianIdParams = Static<typeof GuardianIdParams>

/** /api/guardian-invites/:token/... */
export const GuardianInviteParams = Type.Object({ token: Secret('token', GuardianMessages.invite) })
export type GuardianInviteParams = Static<typeof GuardianInviteParams>

/** GET /api/guardian-invites/:token: who invited them (her first name only) and where they stand. */
export const GuardianInviteView = Type.Object({
  inviterName: Type.String(),
  state: GuardianState,
  push: Type.Boolean(),
  email: Type.Boolean(),
  emailPending: Type.Boolean(),
  shareStarted: Type.Boolean(),
  /** E-mail alerts are offered only when the server can send mail (SMTP_URL). */
  emailAvailable: Type.Boolean(),
})
export type GuardianInviteView = Static<typeof GuardianInviteView>

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const PushSubscription = Type.Object(
  {
    endpoint: Type.String({
      title: 'endpoint',
      format: 'uri',
      maxLength: 2000,
      errorMessage: GuardianMessages.subscription,
    }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object(
      {
        p256dh: Type.String({
          title: 'p256dh',
          pattern: '^[A-Za-z0-9_-]{80,100}={0,2}$',
          errorMessage: GuardianMessages.subscription,
        }),
        auth: Type.String({
          title: 'auth',
          pattern: '^[A-Za-z0-9_-]{16,32}={0,2}$',
          errorMessage: GuardianMessages.subscription,
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
)
export type PushSubscription = Static<typeof PushSubscription>

/** POST /api/guardian-invites/:token/push: alerts as notifications on this device (replaces an earlier one). */
export const GuardianPushBody = Type.Object({ subscription: PushSubscription }, { additionalProperties: false })
export type GuardianPushBody = Static<typeof GuardianPushBody>

/** POST /api/guardian-invites/:token/email: alerts by e-mail, once confirmed by the link mailed to it (202). */
export const GuardianEmailBody = Type.Object({ email: Email }, { additionalProperties: false })
export type GuardianEmailBody = Static<typeof GuardianEmailBody>

/** POST /api/guardian-invites/:token/email/confirm: the code from the confirmation link. */
export const GuardianConfirmBody = Type.Object(
  { code: Secret('code', GuardianMessages.code) },
  { additionalProperties: false },
)
export type GuardianConfirmBody = Static<typeof GuardianConfirmBody>

/** POST /api/guardian-invites/:token/preferences: whether they also want "she started sharing her location". */
export const GuardianPreferencesBody = Type.Object(
  { shareStarted: Type.Boolean({ title: 'shareStarted' }) },
  { additionalProperties: false },
)
export type GuardianPreferencesBody = Static<typeof GuardianPreferencesBody>

/**
 * POST /api/sos (signed in): her position (and her live share's token, for the link) goes to every active guardian
 * at once (202; the alerts are queued durably and sent by the server).
 */
export const SosBody = Type.Object(
  {
    lat: PositionFields.lat,
    lon: PositionFields.lon,
    accuracy: Type.Optional(PositionFields.accuracy),
    shareToken: Type.Optional(ShareToken),
    message: Type.Optional(Text('message', SOS_MESSAGE_MAX)),
  },
  { additionalProperties: false },
)
export type SosBody = Static<typeof SosBody>

/** 202 to POST /api/sos: how many guardians will be alerted (0: she has none active; the app says so). */
export const SosResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  guardians: Type.Integer(),
})
export type SosResponse = Static<typeof SosResponse>

/**
 * What a push notification carries (encrypted for the guardian's browser): the service worker shows `title` and
 * `body`, and opens `url` (the live viewer, or the guardian's page) when it is tapped.
 */
export const AlertPayload = Type.Object({
  kind: Type.Union([
    Type.Literal('sos'),
    Type.Literal('checkin-missed'),
    Type.Literal('checkin-safe'),
    Type.Literal('share-started'),
  ]),
  title: Type.String(),
  body: Type.String(),
  url: Type.String(),
  /** Groups the notifications of one event (a later one replaces an earlier one of the same tag). */
  tag: Type.String(),
})
export type AlertPayload = Static<typeof AlertPayload>
