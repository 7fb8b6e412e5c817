/**
 * Guardians without schemas (docs/guardians.md): the people she invites to be alerted when she presses SOS or misses a
 * check-in. The schemas built from these are in guardians.ts.
 */

/** Invitation tokens and e-mail confirmation codes: 32 random bytes in base64url (256 bits, 43 characters). */
export const GUARDIAN_SECRET_PATTERN = '^[A-Za-z0-9_-]{43}$'
/** A guardian's page (no account needed): `${GUARDIAN_PAGE_PATH}${token}`. */
export const GUARDIAN_PAGE_PATH = '/g/'
/** The name she gives a guardian ("Maa", "Riya"), and the most guardians she may have. */
export const GUARDIAN_NAME_MAX = 60
export const GUARDIANS_MAX = 10
/** Her message with an SOS alert. */
export const SOS_MESSAGE_MAX = 500

/**
 * - `invited`: the link is made, no way to alert them yet;
 * - `active`: notifications on this device, or a confirmed e-mail, or both;
 * - `stopped`: they stopped it (a removed guardian is deleted, and its link answers 410).
 */
export const GUARDIAN_STATES = ['invited', 'active', 'stopped'] as const
export type GuardianState = (typeof GUARDIAN_STATES)[number]

/** What an alert is about. */
export const ALERT_KINDS = ['sos', 'checkin-missed', 'checkin-safe', 'share-started'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const GuardianMessages = {
  name: `Name must be 1 to ${GUARDIAN_NAME_MAX} characters`,
  tooMany: `You can have at most ${GUARDIANS_MAX} guardians. Remove one first.`,
  notFound: 'This guardian does not exist',
  invite: 'This invitation link is not valid',
  inviteUnknown: 'This invitation link does not exist',
  /** 410: she removed this guardian, or the guardian stopped. */
  inviteGone: 'This invitation has ended',
  code: 'This confirmation link is not valid',
  codeWrong: 'This confirmation link is not valid or has already been used',
  subscription: 'The notification subscription is not valid',
  /** 400: a push endpoint not on one of the push services' origins (PUSH_SERVICE_ORIGINS). */
  pushService: 'Notifications from this browser are not supported',
  emailUnavailable: 'Alerts by e-mail are not available on this server',
  /** The SMTP server refused the address (400) or could not be reached (503): nothing was stored. */
  emailFailed: 'We could not send the confirmation e-mail. Please check the address, or try again later.',
  emailSent: 'We sent a confirmation e-mail. Open the link in it to start receiving alerts.',
  emailConfirmed: 'E-mail confirmed. You will receive alerts.',
  pushOn: 'Notifications are on for this device.',
  stopped: 'You will not receive any more alerts.',
  removed: 'Guardian removed',
  sosQueued: 'Your guardians are being alerted.',
  tooManyInvites: 'You have made too many invitations. Please try again later.',
  tooManyAlerts: 'Too many alerts were sent. Call 112 if you are in danger.',
  message: `The message must be at most ${SOS_MESSAGE_MAX} characters`,
} as const
