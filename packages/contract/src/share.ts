import { type Static, Type } from 'typebox'
import { Text } from './common.ts'
import {
  SHARE_ACCURACY_MAX,
  SHARE_CHECKIN_MARGIN_MINUTES,
  SHARE_DESTINATION_MAX,
  SHARE_DEVICE_ID_PATTERN,
  SHARE_SECRET_PATTERN,
} from './share-rules.ts'

/**
 * Live location sharing and the check-in deadline (docs/live-location.md). A share is anonymous: whoever holds the
 * token may view it, whoever holds the write key may update or end it. The server stores only their SHA-256.
 */

// The schema-free rules (share-rules.ts) are exported from here too, for code that reads the contract in one place.
export {
  isCheckInMissed,
  SHARE_ACCURACY_MAX,
  SHARE_ARRIVAL_DELAY_MAX_MINUTES,
  SHARE_CHECKIN_MARGIN_MINUTES,
  SHARE_CHECKIN_SKEW_MINUTES,
  SHARE_DESTINATION_MAX,
  SHARE_DEVICE_ID_PATTERN,
  SHARE_DURATIONS,
  SHARE_GONE_DAYS,
  SHARE_MOVE_METERS,
  SHARE_PAGE_PATH,
  SHARE_POSITION_INTERVAL_SECONDS,
  SHARE_SECRET_PATTERN,
  type ShareDuration,
} from './share-rules.ts'

export const ShareMessages = {
  stopped: 'Sharing stopped',
  checkInSet: 'Check-in set',
  safe: 'Marked as safe',
  /** 403: the write key is not this share's. */
  wrongKey: 'This share can only be changed from the phone that started it',
  /** 410: stopped or expired. */
  ended: 'This location share has ended',
  /** 404: never existed, or ended more than SHARE_GONE_DAYS ago. */
  notFound: 'This share link does not exist',
  token: 'This share link is not valid',
  writeKey: 'The write key is not valid',
  duration: 'Duration must be 15, 60 or 240 minutes',
  lat: 'Latitude must be a number from -90 to 90',
  lon: 'Longitude must be a number from -180 to 180',
  accuracy: `Accuracy must be a number of metres from 0 to ${SHARE_ACCURACY_MAX}`,
  deadline: 'The check-in time must be an ISO date-time',
  deadlinePast: 'The check-in time must be in the future',
  deadlineAfterEnd: `The check-in time must be at least ${SHARE_CHECKIN_MARGIN_MINUTES} minutes before sharing ends`,
  arrivedAt: 'The arrival time must be an ISO date-time',
  arrivedFuture: 'The arrival time must not be in the future',
  arrivedBeforeCheckIn: 'The arrival time must be after the check-in was set',
  deviceId: 'The device id is not valid',
  sos: 'sos must be true or false',
  tooManyShares: 'You have started too many shares. Please try again later.',
  tooManyUpdates: 'Too many updates to this share. Please try again in a minute.',
} as const

const Secret = (title: string, errorMessage: string) =>
  Type.String({ title, pattern: SHARE_SECRET_PATTERN, errorMessage })

export const ShareToken = Secret('token', ShareMessages.token)
export const ShareWriteKey = Secret('writeKey', ShareMessages.writeKey)

const Deadline = Type.String({ title: 'deadline', format: 'date-time', errorMessage: ShareMessages.deadline })
const Destination = Text('Destination', SHARE_DESTINATION_MAX, 'line')

/** /api/share/:token/... */
export const ShareTokenParams = Type.Object({ token: ShareToken })
export type ShareTokenParams = Static<typeof ShareTokenParams>

/**
 * The check-in: she will be at `destination` (optional, trimmed) by `deadline`. The deadline must not be in the
 * past (SHARE_CHECKIN_SKEW_MINUTES allowed) nor after the share ends (else 400).
 */
export const ShareCheckIn = Type.Object(
  { deadline: Deadline, destination: Type.Optional(Destination) },
  { additionalProperties: false, title: 'checkIn' },
)
export type ShareCheckIn = Static<typeof ShareCheckIn>

/**
 * POST /api/share: open to visitors (no account). Limited per account when signed in, else per `deviceId` (per IP
 * for an app too old to send one); a share the SOS starts (`sos`) is never refused by those limits.
 */
export const ShareCreateBody = Type.Object(
  {
    // A literal tuple, not SHARE_DURATIONS.map(...): a union built from an array types as never.
    durationMinutes: Type.Union([Type.Literal(15), Type.Literal(60), Type.Literal(240)], {
      title: 'durationMinutes',
      errorMessage: ShareMessages.duration,
    }),
    checkIn: Type.Optional(ShareCheckIn),
    deviceId: Type.Optional(
      Type.String({ title: 'deviceId', pattern: SHARE_DEVICE_ID_PATTERN, errorMessage: ShareMessages.deviceId }),
    ),
    sos: Type.Optional(Type.Boolean({ title: 'sos', errorMessage: ShareMessages.sos })),
  },
  { additionalProperties: false },
)
export type ShareCreateBody = Static<typeof ShareCreateBody>

/** 201 to POST /api/share. `token` is for viewers (in `url`); `writeKey` stays on her phone only. */
export const ShareCreateResponse = Type.Object({
  success: Type.Literal(true),
  token: Type.String(),
  writeKey: Type.String(),
  /** The viewer page, relative to the app's origin: `/s/<token>`. */
  url: Type.String(),
  /** ISO date-time. */
  expiresAt: Type.String(),
})
export type ShareCreateResponse = Static<typeof ShareCreateResponse>

/** A position her phone sends (here and with an SOS): degrees, and accuracy in metres (`coords.accuracy`). */
export const PositionFields = {
  lat: Type.Number({ title: 'lat', minimum: -90, maximum: 90, errorMessage: ShareMessages.lat }),
  lon: Type.Number({ title: 'lon', minimum: -180, maximum: 180, errorMessage: ShareMessages.lon }),
  accuracy: Type.Number({
    title: 'accuracy',
    minimum: 0,
    maximum: SHARE_ACCURACY_MAX,
    errorMessage: ShareMessages.accuracy,
  }),
}

/** POST /api/share/:token/position: her position now. */
export const SharePositionBody = Type.Object(
  { writeKey: ShareWriteKey, ...PositionFields },
  { additionalProperties: false },
)
export type SharePositionBody = Static<typeof SharePositionBody>

/** POST /api/share/:token/stop and /safe. */
export const ShareKeyBody = Type.Object({ writeKey: ShareWriteKey }, { additionalProperties: false })
export type ShareKeyBody = Static<typeof ShareKeyBody>

/**
 * POST /api/share/:token/safe: "I'm safe", or (with `arrivedAt`) her check-in ended by itself when her phone saw her
 * arrive, then. 400 for an arrival in the future or before the check-in was set (SHARE_CHECKIN_SKEW_MINUTES allowed).
 */
export const ShareSafeBody = Type.Object(
  {
    writeKey: ShareWriteKey,
    arrivedAt: Type.Optional(
      Type.String({ title: 'arrivedAt', format: 'date-time', errorMessage: ShareMessages.arrivedAt }),
    ),
  },
  { additionalProperties: false },
)
export type ShareSafeBody = Static<typeof ShareSafeBody>

/** POST /api/share/:token/checkin: sets or replaces the check-in (and clears an earlier 'I'm safe'). */
export const ShareCheckInBody = Type.Object(
  { writeKey: ShareWriteKey, deadline: Deadline, destination: Type.Optional(Destination) },
  { additionalProperties: false },
)
export type ShareCheckInBody = Static<typeof ShareCheckInBody>

/** 200 to position ({success: true}), stop, checkin and safe (with their ShareMessages). */
export const ShareOkResponse = Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()) })
export type ShareOkResponse = Static<typeof ShareOkResponse>

/** GET /api/share/:token: what a viewer sees. Position fields are absent until the first position arrives. */
export const ShareView = Type.Object({
  lat: Type.Optional(Type.Number()),
  lon: Type.Optional(Type.Number()),
  accuracy: Type.Optional(Type.Number()),
  /** When the position was received (server time, ISO). */
  updatedAt: Type.Optional(Type.String()),
  expiresAt: Type.String(),
  /** Not stopped and not expired (an ended share answers 410, so a 200 is always active). */
  active: Type.Boolean(),
  checkIn: Type.Optional(
    Type.Object({
      deadline: Type.String(),
      destination: Type.Optional(Type.String()),
      /** When she tapped "I'm safe" (after the deadline was set), or when she arrived (then `arrived` is true). */
      safeAt: Type.Optional(Type.String()),
      /** Her phone ended the check-in by itself on her arrival, at `safeAt`. */
      arrived: Type.Optional(Type.Boolean()),
      /** The deadline has passed and she has not tapped "I'm safe". */
      missed: Type.Boolean(),
    }),
  ),
})
export type ShareView = Static<typeof ShareView>
