/**
 * A new password's rules beyond the schema's pattern (auth.ts), without schemas. The server checks them on every new
 * password; the signup form checks the cheap ones as she types. A password already set is never checked again:
 * logging in only compares it.
 */

export const PASSWORD_MIN = 8

export const PasswordMessages = {
  mostlySpaces: 'Password must not be mostly spaces',
  tooFewCharacters: `Password must have at least ${PASSWORD_MIN} characters besides spaces`,
  tooCommon: 'This password is too common. Please choose another.',
} as const

const BLANK = /[\s\p{Default_Ignorable_Code_Point}]/u

/** Spaces (and invisible characters) may be part of a password, but not most of it nor instead of its length. */
export function passwordSpacingProblem(password: string): string | null {
  const chars = [...password]
  const filled = chars.filter((char) => !BLANK.test(char)).length
  if (filled < chars.length - filled) return PasswordMessages.mostlySpaces
  return filled < PASSWORD_MIN ? PasswordMessages.tooFewCharacters : null
}

/** Letters written as digits or symbols ('p@ssw0rd'); '1' stands for 'i' or for 'l'. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
}
/** Digits typed with Shift held ('1qaz@WSX' for '1qaz2wsx'), on a US or Indian keyboard. */
const SHIFTED: Record<string, string> = {
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
}

const swap = (text: string, map: Record<string, string>) => [...text].map((char) => map[char] ?? char).join('')
const withoutTail = (text: string) => text.replace(/[^\p{L}]+$/u, '')
const withoutEnds = (text: string) => withoutTail(text).replace(/^[^\p{L}]+/u, '')

/**
 * What a password may be under its dressing, to look up in a list of common passwords: lower-cased without spaces,
 * with the digits and symbols around it stripped ('Password@123' -> 'password'), letters written as digits or
 * symbols read back ('P@ssw0rd!' -> 'password') and shifted digits unshifted.
 */
export function commonPasswordForms(password: string): string[] {
  const base = password
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{Default_Ignorable_Code_Point}]+/gu, '')
  const forms = new Set([base, withoutEnds(base), swap(base, SHIFTED), withoutEnds(swap(base, SHIFTED))])
  for (const leet of [LEET, { ...LEET, '1': 'l' }]) {
    forms.add(swap(base, leet))
    forms.add(withoutEnds(swap(withoutTail(base), leet)))
  }
  forms.delete('')
  return [...forms]
}

/** Whether the password, under any of its forms, is in `common` (a list of lower-case passwords). */
export function isCommonPassword(password: string, common: { has(word: string): boolean }): boolean {
  return commonPasswordForms(password).some((form) => common.has(form))
}
