import { hash } from '@node-rs/argon2'
import { PasswordMessages, TextMessages } from '@wings/contract'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { readDatabase, type TestApp, validSignup } from '../../testing/test-app.ts'
import { insertUserRow } from '../../testing/user-rows.ts'

let t: TestApp

const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/signup', payload })
const users = () => readDatabase(t.dbFile, (db) => db.prepare('SELECT first_name, last_name FROM users').all())

describe('POST /api/signup refuses what only looks like a name or a password', () => {
  it.each([
    ['a password of spaces around two characters', { password: '       A!' }, PasswordMessages.mostlySpaces],
    ['a password of mostly spaces', { password: 'A!b          c' }, PasswordMessages.mostlySpaces],
    ['a password too short once trimmed', { password: '  Ab!cd1  ' }, PasswordMessages.tooFewCharacters],
    ['a common password with a suffix', { password: 'Password@123' }, PasswordMessages.tooCommon],
    ['a common password in leet', { password: 'P@ssw0rd!' }, PasswordMessages.tooCommon],
    ['a common password in capitals', { password: 'QWERTY!123' }, PasswordMessages.tooCommon],
    ['a common phrase with spaces', { password: 'I Love You!' }, PasswordMessages.tooCommon],
    ['a keyboard walk with shifted digits', { password: '1qaz@WSX' }, PasswordMessages.tooCommon],
    ['a name of zero-width characters', { firstName: '\u200B\u200D\uFEFF' }, 'First name is required'],
    ['a name of soft hyphens and a Hangul filler', { lastName: '\u00AD\u3164' }, 'Last name is required'],
    ['a name with a right-to-left override', { firstName: 'Asha\u202EoaR' }, TextMessages.direction('First name')],
    ['a name with an isolate', { lastName: '\u2066Rao\u2069' }, TextMessages.direction('Last name')],
    ['a name with NUL', { firstName: 'Asha\u0000' }, TextMessages.lineControls('First name')],
    ['a name with a line break inside', { lastName: 'Rao\nAdmin' }, TextMessages.lineControls('Last name')],
  ])('refuses %s (%j) with 400 saying why', async (_case, fields, message) => {
    t = await freshApp()
    expectInvalid(await signup({ ...validSignup, ...fields }), message)
    expect(users()).toEqual([])
  })

  it('takes a strong password and a Devanagari name with its joiners, stored tidied and in NFC', async () => {
    t = await freshApp()
    for (const fields of [
      { firstName: '\u200Bश्री ', lastName: 'क्\u200Dषीरसागर', password: 'Chai at 5, near Dadar!' },
      { email: 'zoe@example.in', firstName: 'Zoe\u0308', password: 'Tiger#Lily9' },
    ]) {
      expect((await signup({ ...validSignup, ...fields })).statusCode, fields.password).toBe(201)
    }
    expect(users()).toEqual([
      { first_name: 'श्री', last_name: 'क्\u200Dषीरसागर' },
      { first_name: 'Zoë', last_name: 'Rao' },
    ])
  })

  it('lets an account made before the rules log in with its common password', async () => {
    t = await freshApp()
    const db = new Database(t.dbFile)
    try {
      insertUserRow(db, {
        id: '0123456789abcdef01234567',
        email: 'old@example.in',
        firstName: 'Old',
        lastName: 'User',
        passwordHash: await hash('Password@123'),
        at: '2024-01-01T00:00:00.000Z',
      })
    } finally {
      db.close()
    }
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'old@example.in', password: 'Password@123' },
    })
    expect(login.statusCode).toBe(200)
  })
})
