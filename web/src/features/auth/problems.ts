/**
 * The contract's English texts these forms show (the server's toasts, each field's rule) and their message here: the
 * English stays the contract's, exactly (problems.test.ts), and she reads them in her language. A text not listed
 * is shown as it came.
 */
import {
  Age,
  Email,
  FirstName,
  Gender,
  LastName,
  Messages,
  PASSWORD_HINT,
  PASSWORD_MIN,
  Password,
  PasswordMessages,
  TextMessages,
} from '@wings/contract'
import type { Annotations } from '@wings/contract/validate'
import { fromEnglish } from '../../i18n/translate.ts'
import { t } from './messages.ts'

type Key = Parameters<typeof t>[0]

const rulesOf = (schema: unknown) => schema as Annotations & { title: string; maxLength?: number }
const password = rulesOf(Password)
const ruleOf = (pattern: string) => password.rules?.find((rule) => rule.pattern === pattern)?.message ?? ''

/** The numbers the messages name, from the same rules. */
export const RULE_VALUES = {
  min: PASSWORD_MIN,
  passwordMax: password.maxLength,
  nameMax: rulesOf(FirstName).maxLength,
  ageMin: (Age as { minimum?: number }).minimum,
  ageMax: (Age as { maximum?: number }).maximum,
}

function nameTexts(prefix: 'firstName' | 'lastName', schema: unknown) {
  const { title, maxLength = 0 } = rulesOf(schema)
  return {
    [`${prefix}Required`]: TextMessages.required(title),
    [`${prefix}TooLong`]: TextMessages.tooLong(title, maxLength),
    [`${prefix}OneLine`]: TextMessages.lineControls(title),
    [`${prefix}Direction`]: TextMessages.direction(title),
  } as Partial<Record<Key, string>>
}

/** Each key of this catalog that words a contract text, and that text in English. */
export const CONTRACT_TEXTS: Partial<Record<Key, string>> = {
  loginOk: Messages.loginOk,
  loginFailed: Messages.loginFailed,
  signupOk: Messages.signupOk,
  signupFailed: Messages.signupFailed,
  fillAll: Messages.fillAll,
  badCredentials: Messages.badCredentials,
  emailTaken: Messages.emailTaken,
  passwordHint: PASSWORD_HINT,
  passwordMostlySpaces: PasswordMessages.mostlySpaces,
  passwordTooFewCharacters: PasswordMessages.tooFewCharacters,
  passwordTooCommon: PasswordMessages.tooCommon,
  passwordMinLength: password.messages?.minLength ?? '',
  passwordMaxLength: password.messages?.maxLength ?? '',
  passwordSymbol: ruleOf('[^A-Za-z0-9\\s]'),
  passwordCapital: ruleOf('[A-Z]'),
  passwordRequired: TextMessages.required(password.title),
  emailInvalid: rulesOf(Email).errorMessage ?? '',
  emailRequired: TextMessages.required(rulesOf(Email).title),
  ...nameTexts('firstName', FirstName),
  ...nameTexts('lastName', LastName),
  ageRule: rulesOf(Age).errorMessage ?? '',
  ageRequired: TextMessages.required(rulesOf(Age).title),
  genderRule: rulesOf(Gender).errorMessage ?? '',
  genderRequired: TextMessages.required(rulesOf(Gender).title),
}

/** A contract text in her language (`message` as it came when it is not one of them). */
export const problemText = fromEnglish(CONTRACT_TEXTS, t, RULE_VALUES)

/** Each field's problem in her language. */
export const problemsText = (problems: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, problemText(message)]))
