import { type Static, type TProperties, Type } from 'typebox'
import { EMAIL_MAX, EMAIL_PATTERN } from './rules.ts'
import { type TextKind, TextMessages, textPattern, textRules } from './text-rules.ts'

export const ObjectId = Type.String({
  pattern: '^[0-9a-f]{24}$',
  title: 'Id',
  errorMessage: 'Id must be 24 hexadecimal characters',
})
export type ObjectId = Static<typeof ObjectId>

export const ObjectIdParams = Type.Object({ id: ObjectId })

/** A sync op that only names the item it acts on (a delete, a like). */
export const RefOp = Type.Object({ _id: ObjectId }, { additionalProperties: false })
export type RefOp = Static<typeof RefOp>

/**
 * A save's REST body and its sync op: the same fields, with the item's `_id` optional over REST (the server makes one
 * when it is left out) and required in the op (the client made the item, so it named it).
 */
export function saveSchemas<T extends TProperties>(fields: T) {
  return {
    body: Type.Object({ _id: Type.Optional(ObjectId), ...fields }, { additionalProperties: false }),
    op: Type.Object({ _id: ObjectId, ...fields }, { additionalProperties: false }),
  }
}

export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.String(),
})
export type ErrorBody = Static<typeof ErrorBody>

export const SuccessBody = Type.Object({ success: Type.Literal(true), message: Type.Optional(Type.String()) })
export type SuccessBody = Static<typeof SuccessBody>

/**
 * A required text field (text-rules.ts): it must hold a character a person can see, not only spaces or invisible
 * ones, and no control characters; a 'line' (a name, a title) no line breaks or text-direction controls either. The
 * server stores it tidied (tidyText).
 */
export function Text(title: string, maxLength: number, kind: TextKind = 'text') {
  return Type.String({
    title,
    minLength: 1,
    maxLength,
    pattern: textPattern(kind),
    messages: {
      minLength: TextMessages.required(title),
      pattern: TextMessages.required(title),
      maxLength: TextMessages.tooLong(title, maxLength),
    },
    rules: textRules(title, kind),
  })
}

export const Email = Type.String({
  title: 'Email',
  maxLength: EMAIL_MAX,
  pattern: EMAIL_PATTERN,
  errorMessage: 'Invalid email format',
})

/**
 * GET /api/healthz. `degraded: 'read-only'`: the database could not be opened to write (a full disk, a read-only
 * file) and the server serves reads only, writes answering 503; the log at start says why.
 */
export const HealthResponse = Type.Object({
  ok: Type.Literal(true),
  degraded: Type.Optional(Type.Literal('read-only')),
})
