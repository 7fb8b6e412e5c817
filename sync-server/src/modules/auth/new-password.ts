import { isCommonPassword, PasswordMessages, passwordSpacingProblem } from '@wings/contract'

let common: Promise<ReadonlySet<string>> | undefined

/**
 * zxcvbn's list of about 49,000 common passwords (from leaked password sets, lower-case), loaded on the first new
 * password rather than at start: decompressing it takes tens of milliseconds.
 */
function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']))
  return common
}

/**
 * Why a new password cannot be used (mostly spaces, too few characters besides spaces, or a common password under
 * its dressing: password-rules.ts), or null. For new passwords only: one already set keeps working.
 */
export async function newPasswordProblem(password: string): Promise<string | null> {
  const spacing = passwordSpacingProblem(password)
  if (spacing) return spacing
  return isCommonPassword(password, await commonPasswords()) ? PasswordMessages.tooCommon : null
}
