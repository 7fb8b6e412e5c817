/**
 * The contact form's field problems in her language. The contract says them in English (fieldProblems with
 * ContactBody, from text-rules.ts and the e-mail's errorMessage); each is matched here by field and rule. One the
 * catalogs do not know stays as the contract says it.
 */
import { Messages, TextMessages } from '@wings/contract'
import { t } from './messages.ts'

/** The contract's titles for the fields (ContactBody) and their longest lengths. */
const FULL_NAME = 'Full name'
const QUERY = 'Query'
export const FULL_NAME_MAX = 100
export const QUERY_MAX = 5000

export function contactProblemText(field: string, problem: string): string {
  if (field === 'fullName') {
    if (problem === TextMessages.required(FULL_NAME)) return t('fullNameRequired')
    if (problem === TextMessages.tooLong(FULL_NAME, FULL_NAME_MAX)) return t('fullNameTooLong', { max: FULL_NAME_MAX })
    if (problem === TextMessages.lineControls(FULL_NAME)) return t('fullNameLine')
    if (problem === TextMessages.direction(FULL_NAME)) return t('fullNameDirection')
  }
  // The e-mail's errorMessage (common.ts) is Messages.invalidEmail's words.
  if (field === 'emailId' && problem === Messages.invalidEmail) return t('emailInvalid')
  if (field === 'query') {
    if (problem === TextMessages.required(QUERY)) return t('queryRequired')
    if (problem === TextMessages.tooLong(QUERY, QUERY_MAX)) return t('queryTooLong', { max: QUERY_MAX })
    if (problem === TextMessages.controls(QUERY)) return t('queryControls')
  }
  return problem
}

/** Every problem of a form's fields, in her language. */
export const contactProblems = (problems: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, contactProblemText(field, problem)]))
