/**
 * Trusted contacts without schemas: limits, messages and the phone rule. The SOS sheet needs them on every page,
 * so they cost no TypeBox; the schemas built from them are in trusted-contacts.ts.
 */

import { textProblem } from './text-rules.ts'

/** Trusted contacts one account (or one phone, signed out) keeps: enough for an SOS text, few enough to manage. */
export const TRUSTED_CONTACTS_MAX = 10
export const TRUSTED_CONTACT_NAME_MAX = 80
/** A phone as typed, separators and all: a bound before normalizing. */
export const PHONE_INPUT_MAX = 32

export const PHONE_EXAMPLE = '+91 98765 43210'

/** E.164: '+', a country code that does not start with 0, 8 to 15 digits in all. */
export const PHONE_PATTERN = '^\\+[1-9][0-9]{7,14}$'

/** What normalizePhone removes: spaces, dashes, dots and brackets. */
const SEPARATOR = '[\\s().\\-]'
/**
 * A phone as typed: what is left once the separators are removed matches PHONE_PATTERN. Lets the server accept
 * '+91 98765-43210' over REST and answer it normalized.
 */
export const PHONE_INPUT_PATTERN = `^${SEPARATOR}*\\+${SEPARATOR}*[1-9](?:${SEPARATOR}*[0-9]){7,14}${SEPARATOR}*$`

export const TrustedContactMessages = {
  saved: 'Contact saved',
  deleted: 'Contact removed',
  duplicate: 'This number is already in your trusted contacts',
  tooMany: `You can keep at most ${TRUSTED_CONTACTS_MAX} trusted contacts. Remove one to add another.`,
  notFound: 'This trusted contact does not exist',
  notYours: 'This trusted contact belongs to another account',
  phone: `Phone must start with + and the country code, e.g. ${PHONE_EXAMPLE}`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${TRUSTED_CONTACT_NAME_MAX} characters`,
} as const

const SEPARATORS = new RegExp(SEPARATOR, 'g')
const PHONE_RE = new RegExp(PHONE_PATTERN)

/** The phone as stored and dialled: trimmed, without spaces, dashes, dots and brackets ('+919876543210'). */
export function normalizePhone(raw: string): string {
  return raw.replace(SEPARATORS, '')
}

/** Whether `raw` is a phone with its country code once normalized (E.164). */
export function isPhone(raw: string): boolean {
  return raw.length <= PHONE_INPUT_MAX && PHONE_RE.test(normalizePhone(raw))
}

export interface TrustedContactFields {
  name: string
  phone: string
}

/** Each field's problem, as the server words it ({} when both are fine): what the contact form shows. */
export function trustedContactProblems({ name, phone }: TrustedContactFields): Partial<TrustedContactFields> {
  const problems: Partial<TrustedContactFields> = {}
  const nameProblem = textProblem('Name', name.trim(), TRUSTED_CONTACT_NAME_MAX, 'line')
  if (nameProblem) problems.name = nameProblem
  if (!isPhone(phone)) problems.phone = TrustedContactMessages.phone
  return problems
}
