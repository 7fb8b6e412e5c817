/**
 * The trusted contacts' messages in her language. The contract says them in English (TrustedContactMessages and
 * the name's text rules, which the server keeps); here each is matched and said in the language she reads.
 */
import {
  PHONE_EXAMPLE,
  TextMessages,
  TRUSTED_CONTACT_NAME_MAX,
  TRUSTED_CONTACTS_MAX,
  type TrustedContactFields,
  TrustedContactMessages,
} from '@wings/contract'
import { t } from './messages.ts'

/** The contract's title for the name field (trustedContactProblems). */
const NAME = 'Name'

/** Each of TrustedContactMessages in her language, read when shown (toasts, errors). */
export const TrustedContactText = {
  get saved() {
    return t('saved')
  },
  get deleted() {
    return t('deleted')
  },
  get duplicate() {
    return t('duplicate')
  },
  get tooMany() {
    return t('tooMany', { max: TRUSTED_CONTACTS_MAX })
  },
  get notFound() {
    return t('notFound')
  },
  get notYours() {
    return t('notYours')
  },
  get phone() {
    return t('phone', { example: PHONE_EXAMPLE })
  },
}

/** One of the contract's English messages (a field problem, or one the server answered) in her language. */
export function trustedContactText(message: string): string {
  for (const key of Object.keys(TrustedContactText) as (keyof typeof TrustedContactText)[]) {
    if (message === TrustedContactMessages[key]) return TrustedContactText[key]
  }
  if (message === TextMessages.required(NAME)) return t('nameRequired')
  if (message === TextMessages.tooLong(NAME, TRUSTED_CONTACT_NAME_MAX))
    return t('nameTooLong', { max: TRUSTED_CONTACT_NAME_MAX })
  if (message === TextMessages.lineControls(NAME)) return t('nameLine')
  if (message === TextMessages.direction(NAME)) return t('nameDirection')
  return message
}

/** trustedContactProblems' answer, each problem in her language. */
export function trustedContactProblemsText(problems: Partial<TrustedContactFields>): Partial<TrustedContactFields> {
  const said: Partial<TrustedContactFields> = {}
  if (problems.name) said.name = trustedContactText(problems.name)
  if (problems.phone) said.phone = trustedContactText(problems.phone)
  return said
}
