import { hash } from '@node-rs/argon2'
import { PasswordMessages, TextMessages } from '@wings/contract'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, readDatabase, type TestApp, validSignup } from '../../testing/test-app.ts'

let t: TestApp
afterEach(async () => {
  await t.close()
})

const signup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/signup', payload })
const users = () => readDatabase(t.dbFile, (db) => db.prepare('SELECT first_name, last_name FROM users').all())

describe('POST /api/signup refuses what only looks like a name or a password', () => {
  it.each([
    ['spaces around two characters', '       A!', PasswordMessages.mostlySpaces],
    ['mostly spaces', 'A!b          c', PasswordMessages.mostlySpaces],
    ['too short once trimmed', '  Ab!cd1  ', PasswordMessages.tooFewCharacters],
    ['a common password with a suffix', 'Password@123', PasswordMessages.tooCommon],
    ['a common password in leet', 'P@ssw0rd!', PasswordMessages.tooCommon],
    ['a common password in capitals', 'QWERTY!123', PasswordMessages.tooCommon],
    ['a common phrase with spaces', 'I Love You!', PasswordMessages.tooCommon],
    ['keyboard walk with shifted digits', '1qaz@WSX', PasswordMessages.tooCommon],
  ])('refuses %s (%j) with 400 saying why', async (_case, password, message) => {
    t = createTestApp()
    const res = await signup({ ...validSignup, password })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION_ERROR' })
    expect(users()).toEqual([])
  })

  it.each([
    ['zero-width characters', { firstName: '\u200B\u200D\uFEFF' }, 'First name is required'],
    ['soft hyphens and a Hangul filler', { lastName: '\u00AD\u3164' }, 'Last name is required'],
    ['a right-to-left override', { firstName: 'Asha\u202EoaR' }, TextMessages.direction('First name')],
    ['an isolate', { lastName: '\u2066Rao\u2069' }, TextMessages.direction('Last name')],
    ['NUL', { firstName: 'Asha\u0000' }, TextMessages.lineControls('First name')],
    ['a line break inside', { lastName: 'Rao\nAdmin' }, TextMessages.lineControls('Last name')],
  ])('refuses a name of %s with 400', async (_case, names, message) => {
    t = createTestApp()
    const res = await signup({ ...validSignup, ...names })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION_ERROR' })
    expect(users()).toEqual([])
  })

  it('takes a strong password and a Devanagari name with its joiners, stored tidied and in NFC', async () => {
    t = createTestApp()
    const res = await signup({
      ...validSignup,
      firstName: '\u200Bश्री ',
      lastName: 'क्\u200Dषीरसागर',
      password: 'Chai at 5, near Dadar!',
    })
    expect(res.statusCode).toBe(201)
    const other = await signup({
      ...validSignup,
      email: 'zoe@example.in',
      firstName: 'Zoe\u0308',
      password: 'Tiger#Lily9',
    })
    expect(other.statusCode).toBe(201)
    expect(users()).toEqual([
      { first_name: 'श्री', last_name: 'क्\u200Dषीरसागर' },
      { first_name: 'Zoë', last_name: 'Rao' },
    ])
  })

  it('lets an account made before the rules log in with its common password', async () => {
    t = createTestApp()
    const db = new Database(t.dbFile)
    try {
      db.prepare(
        `INSERT INTO users (id, email, first_name, last_name, age, gender, password_hash, created_at, updated_at)
         VALUES ('0123456789abcdef01234567', 'old@example.in', 'Old', 'User', 30, 'female', ?, ?, ?)`,
      ).run(await hash('Password@123'), '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')
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
