import { type Static, Type } from 'typebox'
import { EMAIL_MAX, EMAIL_PATTERN } from './rules.ts'

export const ObjectId = Type.String({
  pattern: '^[0-9a-f]{24}$',
  title: 'Id',
  errorMessage: 'Id must be 24 hexadecimal characters',
})
export type ObjectId = Static<typeof ObjectId>

export const ObjectIdParams = Type.Object({ id: ObjectId })

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

export const Email = Type.String({
  title: 'Email',
  maxLength: EMAIL_MAX,
  pattern: EMAIL_PATTERN,
  errorMessage: 'Invalid email format',
})

export const HealthResponse = Type.Object({ ok: Type.Literal(true) })
