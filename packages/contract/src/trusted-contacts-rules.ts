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

export const PHONE_EXAMPLE = '98765 43210'

/** E.164: '+', a country code that does not start with 0, 8 to 15 digits in all. What is stored and dialled. */
export const PHONE_PATTERN = '^\\+[1-9][0-9]{7,14}$'

/** What normalizePhone removes, as many as typed: spaces, dashes, dots and brackets. */
const S = '[\\s().\\-]*'
/** An Indian number as people type it: 10 digits (not starting with 0), after +91, 91, a trunk 0, or nothing. */
const INDIA = `(?:\\+?${S}9${S}1${S})?(?:0${S})?[1-9](?:${S}[0-9]){9}`
/** Any other country: '+' and its code (India's 91 has its own rule, so a digit too many or too few is caught). */
const ABROAD = `\\+${S}(?!9${S}1)[1-9](?:${S}[0-9]){7,14}`
/**
 * A phone as typed: an Indian number in any of the usual ways ('98765 43210', '098765-43210', '+91 98765 43210',
 * '91 9876543210') or '+' and the country code. normalizePhone turns it into E.164 ('+919876543210').
 */
export const PHONE_INPUT_PATTERN = `^${S}(?:${ABROAD}|${INDIA})${S}$`

export const TrustedContactMessages = {
  saved: 'Contact saved',
  deleted: 'Contact removed',
  duplicate: 'This number is already in your trusted contacts',
  tooMany: `You can keep at most ${TRUSTED_CONTACTS_MAX} trusted contacts. Remove one to add another.`,
  notFound: 'This trusted contact does not exist',
  notYours: 'This trusted contact belongs to another account',
  phone: `Phone must be a 10-digit number, e.g. ${PHONE_EXAMPLE}, or start with + and the country code`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${TRUSTED_CONTACT_NAME_MAX} characters`,
} as const

const SEPARATOR_RE = /[\s().-]/g
const PHONE_INPUT_RE = new RegExp(PHONE_INPUT_PATTERN)
/** An Indian number once the separators are gone: the national 10 digits are the last ten. */
const INDIA_COMPACT_RE = /^(?:\+?91)?0?[1-9][0-9]{9}$/

/**
 * The phone as stored and dialled: E.164 ('+919876543210') for a phone as typed (isPhone). Anything else, such as a
 * number stored by an older version, comes back without its separators only: it still works as it did.
 */
export function normalizePhone(raw: string): string {
  const compact = raw.replace(SEPARATOR_RE, '')
  return INDIA_COMPACT_RE.test(compact) ? `+91${compact.slice(-10)}` : compact
}

/** Whether `raw` is a phone as people type it: an Indian number in the usual ways, or '+' and the country code. */
export function isPhone(raw: string): boolean {
  return raw.length <= PHONE_INPUT_MAX && PHONE_INPUT_RE.test(raw)
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
