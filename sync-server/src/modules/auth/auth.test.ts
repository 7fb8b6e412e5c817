import { testUser } from '@wings/contract/testing'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { sessionCookie, signedIn, type TestApp, validSignup, withRateLimit } from '../../testing/test-app.ts'

let t: TestApp

const credentials = { email: validSignup.email, password: validSignup.password }
const signup = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/signup', payload: payload as object })
const login = (payload: unknown, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: payload as object,
    ...(remoteAddress && { remoteAddress }),
  })

function readDb<T>(query: (db: Database.Database) => T): T {
  const db = new Database(t.dbFile, { readonly: true })
  try {
    return query(db)
  } finally {
    db.close()
  }
}

describe('POST /api/signup', () => {
  it('creates the account with trimmed names, a lower-cased e-mail and an argon2id hash', async () => {
    t = await freshApp()
    const res = await signup({ ...validSignup, firstName: '  Asha ', lastName: ' Rao', email: 'Asha@Example.IN' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ success: true, message: 'Account created successfully' })
    const row = readDb((db) => db.prepare('SELECT * FROM users').get()) as Record<string, unknown>
    expect(row).toMatchObject({ first_name: 'Asha', last_name: 'Rao', email: 'asha@example.in', age: 28 })
    expect(row.id).toMatch(/^[0-9a-f]{24}$/)
    expect(row.password_hash).toMatch(/^\$argon2id\$/)
    expect(row.password_hash).not.toContain(validSignup.password)
  })

  it('refuses a second account for the same e-mail in any case with 409', async () => {
    t = await freshApp()
    await signup(validSignup)
    const res = await signup({ ...validSignup, email: 'ASHA@example.in' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toEqual({
      success: false,
      message: 'An account with this email already exists',
      code: 'CONFLICT',
    })
    expect(readDb((db) => db.prepare('SELECT count(*) FROM users').pluck().get())).toBe(1)
  })

  const { email: _email, ...withoutEmail } = validSignup
  it.each([
    ['an invalid e-mail', { ...validSignup, email: 'asha@example' }, 'Invalid email format'],
    ['an e-mail without @', { ...validSignup, email: 'asha.example.in' }, 'Invalid email format'],
    ['a missing e-mail', withoutEmail, 'Email is required'],
    ['a blank first name', { ...validSignup, firstName: '   ' }, 'First name is required'],
    ['a long last name', { ...validSignup, lastName: 'x'.repeat(51) }, 'Last name must be at most 50 characters'],
    ['an age under 13', { ...validSignup, age: 12 }, 'Age must be a whole number from 13 to 120'],
    ['an age over 120', { ...validSignup, age: 121 }, 'Age must be a whole number from 13 to 120'],
    ['a fractional age', { ...validSignup, age: 30.5 }, 'Age must be a whole number from 13 to 120'],
    ['an age as text', { ...validSignup, age: '30' }, 'Age must be a whole number from 13 to 120'],
    ['an unknown gender', { ...validSignup, gender: 'other' }, 'Gender must be one of: male, female, not to say'],
    ['a short password', { ...validSignup, password: 'Sh0rt!' }, 'Password must be at least 8 characters'],
    [
      'a password without a symbol',
      { ...validSignup, password: 'NoSymbol123' },
      'Password must contain at least 1 symbol',
    ],
    [
      'a password without a capital',
      { ...validSignup, password: 'nocapital!1' },
      'Password must contain at least 1 capital letter',
    ],
    ['a name that is not text', { ...validSignup, firstName: 42 }, 'First name must be string'],
    ['an unknown field', { ...validSignup, role: 'admin' }, 'Unknown field: role'],
  ])('refuses %s with 400 saying why', async (_case, body, message) => {
    t = await freshApp()
    expectInvalid(await signup(body), message)
    expect(readDb((db) => db.prepare('SELECT count(*) FROM users').pluck().get())).toBe(0)
  })

  it('accepts "not to say" as a gender', async () => {
    t = await freshApp()
    expect((await signup({ ...validSignup, gender: 'not to say' })).statusCode).toBe(201)
  })

  it('limits signups per IP, saying what she can do', async () => {
    t = await freshApp(withRateLimit('signup', 2))
    expect((await signup({ ...validSignup, email: 'a1@example.in' })).statusCode).toBe(201)
    expect((await signup({ ...validSignup, email: 'a2@example.in' })).statusCode).toBe(201)
    const res = await signup({ ...validSignup, email: 'a3@example.in' })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBe('60')
    expect(res.json()).toEqual({
      success: false,
      message:
        'Many accounts were just created from your network. Please wait a few minutes and try again, or log in if you already have an account.',
      code: 'RATE_LIMITED',
    })
  })

  it('does not refuse a busy IP (a carrier NAT, a college Wi-Fi) at its 21st signup in an hour', async () => {
    t = await freshApp()
    for (let i = 1; i <= 25; i++) {
      const res = await signup({ ...validSignup, email: `student${i}@example.in` })
      expect(res.statusCode, `signup ${i}`).toBe(201)
    }
  })
})

describe('POST /api/login', () => {
  it('answers the user and sets an HttpOnly session cookie', async () => {
    t = await freshApp()
    await signup(validSignup)
    const res = await login({ email: ' ASHA@example.in ', password: validSignup.password })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toEqual({
      success: true,
      message: 'Logged in successfully',
      data: { ...testUser({ savedPosts: [] }), _id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    })
    expect(res.body).not.toMatch(/argon|password/i)
    const cookie = res.cookies.find((c) => c.name === 'wings_session')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 60 * 60 })
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = readDb((db) => db.prepare('SELECT token_hash FROM sessions').pluck().all())
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/)
    expect(stored[0]).not.toBe(cookie?.value)
  })

  it('says the same for an unknown e-mail and a wrong password', async () => {
    t = await freshApp()
    await signup(validSignup)
    const wrongPassword = await login({ ...credentials, password: 'Wr0ng!pass' })
    const unknownEmail = await login({ ...credentials, email: 'nobody@example.in' })
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ success: false, message: 'Invalid email or password', code: 'UNAUTHENTICATED' })
      expect(sessionCookie(res)).toBeUndefined()
    }
  })

  it.each([
    [{ email: '', password: 'x' }, 'Please fill all fields'],
    [{ email: 'a@b.in' }, 'Password is required'],
    [{ email: 'a@b.in', password: 5 }, 'Please fill all fields'],
    [{ ...credentials, remember: true }, 'Unknown field: remember'],
  ])('refuses %j with 400', async (body, message) => {
    t = await freshApp()
    expectInvalid(await login(body), message)
  })

  it('blocks an IP and e-mail after repeated failures, even with the right password', async () => {
    t = await freshApp(withRateLimit('login', 3))
    await signup(validSignup)
    for (let i = 0; i < 3; i++) expect((await login({ ...credentials, password: 'Wr0ng!pass' })).statusCode).toBe(401)
    const blocked = await login(credentials)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('60')
    expect(blocked.json()).toEqual({
      success: false,
      message: 'Too many login attempts. Please try again later.',
      code: 'RATE_LIMITED',
    })
    expect((await login(credentials, '10.1.2.3')).statusCode).toBe(200)
  })

  it('blocks an e-mail after repeated failures from many IPs, for a window, alike for an unknown e-mail', async () => {
    const windowMs = 1000
    t = await freshApp(withRateLimit('loginEmail', 4, windowMs))
    await signup(validSignup)
    const wrong = { ...credentials, password: 'Wr0ng!pass' }
    const unknown = { email: 'nobody@example.in', password: 'Wr0ng!pass' }
    for (let i = 1; i <= 4; i++) {
      expect((await login(wrong, `198.51.100.${i}`)).statusCode).toBe(401)
      expect((await login(unknown, `198.51.100.${i}`)).statusCode).toBe(401)
    }
    // The fifth try, from an IP never seen, is refused even with the right password; the same answer for nobody.
    const blocked = await login(credentials, '198.51.100.99')
    const blockedUnknown = await login(unknown, '198.51.100.99')
    for (const res of [blocked, blockedUnknown]) {
      expect(res.statusCode).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(windowMs / 1000)
      expect(res.json()).toEqual({
        success: false,
        message: 'Too many login attempts. Please try again later.',
        code: 'RATE_LIMITED',
      })
    }
    // Other accounts are not affected.
    expect((await login({ email: 'other@example.in', password: 'Wr0ng!pass' }, '198.51.100.99')).statusCode).toBe(401)
    // Tries while blocked do not push the end of the window further: she gets in once it is over.
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    await sleep(windowMs / 2)
    expect((await login(wrong, '198.51.100.100')).statusCode).toBe(429)
    await sleep(windowMs / 2 + 50)
    expect((await login(credentials, '198.51.100.101')).statusCode).toBe(200)
  })

  it("starts counting the e-mail's failures again after a successful login", async () => {
    t = await freshApp(withRateLimit('loginEmail', 3))
    await signup(validSignup)
    let ip = 0
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) await login({ ...credentials, password: 'Wr0ng!pass' }, `198.51.100.${++ip}`)
      expect((await login(credentials, `198.51.100.${++ip}`)).statusCode).toBe(200)
    }
  })

  it('starts counting again after a successful login', async () => {
    t = await freshApp(withRateLimit('login', 3))
    await signup(validSignup)
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) await login({ ...credentials, password: 'Wr0ng!pass' })
      expect((await login(credentials)).statusCode).toBe(200)
    }
  })

  it('replaces the session the client already had', async () => {
    t = await freshApp()
    const first = await signedIn(t.app)
    const res = await t.app.inject({ method: 'POST', url: '/api/login', cookies: first, payload: credentials })
    expect(res.statusCode).toBe(200)
    expect(readDb((db) => db.prepare('SELECT count(*) FROM sessions').pluck().get())).toBe(1)
    expect((await t.app.inject({ url: '/api/profile', cookies: first })).statusCode).toBe(401)
  })
})

describe('POST /api/logout', () => {
  it('ends the session server-side and clears the cookie', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', cookies })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully!' })
    const cleared = res.cookies.find((c) => c.name === 'wings_session')
    expect(cleared?.value).toBe('')
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now())
    expect(readDb((db) => db.prepare('SELECT count(*) FROM sessions').pluck().get())).toBe(0)
    const after = await t.app.inject({ url: '/api/profile', cookies })
    expect(after.statusCode).toBe(401)
  })

  it('answers 200 when not signed in', async () => {
    t = await freshApp()
    for (const cookies of [{}, { wings_session: 'garbage' }] as Record<string, string>[]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/logout', cookies })
      expect(res.statusCode).toBe(200)
    }
  })
})
