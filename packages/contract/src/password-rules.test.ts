import { describe, expect, it } from 'vitest'
import { commonPasswordForms, isCommonPassword, PasswordMessages, passwordSpacingProblem } from './password-rules.ts'

/** A few entries of a common-password list, lower-case as such lists are. */
const COMMON = new Set(['password', 'passw0rd', 'admin', 'iloveyou', '1qaz2wsx', 'india', 'welcome', 'qwerty'])

describe('new password rules', () => {
  it.each([
    ['       A!', PasswordMessages.mostlySpaces],
    ['A!      b      ', PasswordMessages.mostlySpaces],
    ['\u200B\u200B\u200B\u200B\u200BA!b', PasswordMessages.mostlySpaces],
    ['  Ab!cd  ', PasswordMessages.tooFewCharacters],
    ['Ab! c d e f', PasswordMessages.tooFewCharacters],
  ])('refuses %j: %s', (password, message) => {
    expect(passwordSpacingProblem(password)).toBe(message)
  })

  it('takes passwords with a few spaces, and passphrases', () => {
    for (const password of ['Tiger#Lily9', 'my Safe walk!2', 'Chai at 5 near Dadar!', 'नमस्ते@Mumbai1']) {
      expect(passwordSpacingProblem(password)).toBeNull()
    }
  })

  it.each([
    'Password@123',
    'PASSWORD!',
    'P@ssw0rd!',
    'Passw0rd@1',
    'P@$$w0rd',
    '@dmin123',
    'I love you!',
    '1qaz@WSX',
    'India@2024',
    'Welcome#1',
    '!!Qwerty99',
  ])('knows %j for a common password under its dressing', (password) => {
    expect(isCommonPassword(password, COMMON)).toBe(true)
  })

  it('does not take a strong password for a common one', () => {
    for (const password of ['Tiger#Lily9', 'Password manager says Xk9!q', 'India@Gate#Dadar7', 'Str0ng!pass']) {
      expect(isCommonPassword(password, COMMON), password).toBe(false)
    }
  })

  it('looks up only whole forms, never a blank one', () => {
    expect(commonPasswordForms('Password@123')).toContain('password')
    expect(commonPasswordForms('!!!@@@###')).not.toContain('')
    expect(isCommonPassword('!!!@@@###', new Set(['']))).toBe(false)
  })
})
