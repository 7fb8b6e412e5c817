import { type Static, Type } from 'typebox'

export const ObjectId = Type.String({
  pattern: '^[0-9a-f]{24}$',
  title: 'Id',
  errorMessage: 'Id must be 24 hexadecimal characters',
})
export type ObjectId = Static<typeof ObjectId>

export const ObjectIdParams = Type.Object({ id: ObjectId })

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
  internal: 'INTERNAL_ERROR',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.String(),
})
export type ErrorBody = Static<typeof ErrorBody>

export const SuccessBody = Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()) })
export type SuccessBody = Static<typeof SuccessBody>

/** A required text field: trimmed by the server, so it must hold a non-blank character. */
export function Text(title: string, maxLength: number, minLength = 1) {
  return Type.String({
    title,
    minLength,
    maxLength,
    pattern: '\\S',
    messages: {
      minLength: `${title} is required`,
      pattern: `${title} is required`,
      maxLength: `${title} must be at most ${maxLength} characters`,
    },
  })
}

/** The spec's simple e-mail pattern: text, @, text, dot, text. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'

export const Email = Type.String({
  title: 'Email',
  maxLength: 254,
  pattern: EMAIL_PATTERN,
  errorMessage: 'Invalid email format',
})

export const HealthResponse = Type.Object({ ok: Type.Literal(true) })
