/**
 * Plain values and rules without schemas: what the app needs on every page costs no TypeBox. Schemas built from
 * these live beside their API shapes.
 */

/** Error codes answered beside the message: stable strings a client can branch on. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  badOrigin: 'BAD_ORIGIN',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** A point of a route request lies outside the imported map region (HTTP 422). */
  outsideRegion: 'OUTSIDE_REGION',
  /** A route request's two points are further apart than the mode allows (MAX_TRIP_KM; HTTP 422). */
  tripTooLong: 'TRIP_TOO_LONG',
  /** The thing existed but has ended (a stopped or expired location share; HTTP 410). */
  gone: 'GONE',
  internal: 'INTERNAL_ERROR',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** The spec's simple e-mail pattern: text, @, text, dot, text. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'

export const EMAIL_MAX = 254
const EMAIL_RE = new RegExp(EMAIL_PATTERN)

/** The `Email` rule without the validator (for the footer's support box, shown on every page). */
export const isEmail = (value: string) => value.length <= EMAIL_MAX && EMAIL_RE.test(value)

/** Web Crypto, in browsers and in Node alike (the contract is compiled without DOM or Node types). */
declare const crypto: { getRandomValues<T extends Uint8Array>(array: T): T }

/** A 24-hex id like the server's, made on the phone: an item made offline keeps it; a chat guest is known by one. */
export function newObjectId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
