/**
 * The contract's English texts the profile shows (toasts, the trusted contact rules) and their message here: the
 * English stays the contract's, exactly (contract-texts.test.ts), and she reads them in her language. A text not
 * listed is shown as it came.
 */
import {
  Messages,
  PHONE_EXAMPLE,
  TextMessages,
  TRUSTED_CONTACT_NAME_MAX,
  TRUSTED_CONTACTS_MAX,
  TrustedContactMessages,
} from '@wings/contract'
import { fromEnglish } from '../../i18n/translate.ts'
import { t } from './messages.ts'

type Key = Parameters<typeof t>[0]

/** The numbers and example the messages name, from the same rules. */
export const CONTACT_VALUES = { example: PHONE_EXAMPLE, max: TRUSTED_CONTACTS_MAX, nameMax: TRUSTED_CONTACT_NAME_MAX }

/** Each key of this catalog that words a contract text, and that text in English. */
export const CONTRACT_TEXTS: Partial<Record<Key, string>> = {
  profileUpdated: Messages.profileUpdated,
  profileUpdateFailed: Messages.profileUpdateFailed,
  profileLoadFailed: Messages.profileLoadFailed,
  tcSaved: TrustedContactMessages.saved,
  tcDeleted: TrustedContactMessages.deleted,
  tcDuplicate: TrustedContactMessages.duplicate,
  tcTooMany: TrustedContactMessages.tooMany,
  tcNotFound: TrustedContactMessages.notFound,
  tcNotYours: TrustedContactMessages.notYours,
  tcPhoneRule: TrustedContactMessages.phone,
  tcNameRequired: TrustedContactMessages.nameRequired,
  tcNameTooLong: TrustedContactMessages.nameTooLong,
  tcNameOneLine: TextMessages.lineControls('Name'),
  tcNameDirection: TextMessages.direction('Name'),
}

/** A contract text in her language (`message` as it came when it is not one of them). */
export const contractText = fromEnglish(CONTRACT_TEXTS, t, CONTACT_VALUES)
