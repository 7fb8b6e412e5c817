import { randomUUID } from 'node:crypto'
import { testUser } from '@wings/contract/testing'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, pushOps } from '../../testing/sync-ops.ts'
import { signedIn, type TestApp } from '../../testing/test-app.ts'

let t: TestApp

const signedOut = { success: false, message: 'Please log in to continue', code: 'UNAUTHENTICATED' }
const update = (payload: unknown, cookies: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url: '/api/profile/update', cookies, payload: payload as object })

/** On a fresh app, signed-in Asha's update `body` is refused with 400 `message`; answers her cookies. */
async function expectRefusedUpdate(body: object, message: string): Promise<Cookies> {
  t = await freshApp()
  const cookies = await signedIn(t.app)
  expectInvalid(await update(body, cookies), message)
  return cookies
}

describe('GET /api/profile', () => {
  it('answers the signed-in user without the hash', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await t.app.inject({ url: '/api/profile', cookies })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      data: { ...testUser({ savedPosts: [] }), _id: expect.stringMatching(/^[0-9a-f]{24}$/) },
    })
  })

  it.each([
    ['no cookie', {}],
    ['a malformed cookie', { wings_session: 'not a token' }],
    ['an unknown cookie', { wings_session: 'A'.repeat(43) }],
  ])('answers 401 with %s', async (_case, cookies) => {
    t = await freshApp()
    const res = await t.app.inject({ url: '/api/profile', cookies })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(signedOut)
  })

  it('clears a cookie that names no session', async () => {
    t = await freshApp()
    const res = await t.app.inject({ url: '/api/profile', cookies: { wings_session: 'A'.repeat(43) } })
    expect(res.cookies.find((c) => c.name === 'wings_session')?.value).toBe('')
  })
})

describe('PATCH /api/profile/update', () => {
  it('changes only the fields sent, trimming names', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await update({ firstName: '  Ria ', age: 31, gender: 'not to say' }, cookies)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Profile updated successfully!',
      data: { firstName: 'Ria', lastName: 'Rao', age: 31, gender: 'not to say', email: 'asha@example.in' },
    })
    const profile = await t.app.inject({ url: '/api/profile', cookies })
    expect(profile.json().data).toMatchObject({ firstName: 'Ria', age: 31 })
  })

  it.each([
    [{}, 'Nothing to update'],
    [{ age: 200 }, 'Age must be a whole number from 13 to 120'],
    [{ age: '40' }, 'Age must be a whole number from 13 to 120'],
    [{ gender: 'x' }, 'Gender must be one of: male, female, not to say'],
    [{ firstName: ' ' }, 'First name is required'],
    [{ email: 'new@example.in' }, 'Unknown field: email'],
    [{ password: 'N3w!password' }, 'Unknown field: password'],
  ])('refuses %j with 400', async (body, message) => {
    await expectRefusedUpdate(body, message)
  })

  it('answers 401 when signed out, before looking at the body', async () => {
    t = await freshApp()
    for (const body of [{ firstName: 'Ria' }, { age: 'old' }]) {
      const res = await update(body)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual(signedOut)
    }
  })
})

describe('her language in the profile', () => {
  it('is absent until she chooses one, then kept and answered by the profile', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    expect((await t.app.inject({ url: '/api/profile', cookies })).json().data).not.toHaveProperty('language')
    const res = await update({ language: 'hi' }, cookies)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ firstName: 'Asha', language: 'hi' })
    // Another field alone leaves her language as it is.
    await update({ age: 30 }, cookies)
    expect((await t.app.inject({ url: '/api/profile', cookies })).json().data).toMatchObject({
      age: 30,
      language: 'hi',
    })
    expect((await update({ language: 'mr' }, cookies)).json().data.language).toBe('mr')
    expect((await update({ language: 'en' }, cookies)).json().data.language).toBe('en')
  })

  it('is kept from an op too', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const op = anOp('profile.update', { language: 'mr' })
    expect(await pushOps(t.app, [op], { cookies, clientId: randomUUID() })).toMatchObject([{ status: 'applied' }])
    expect((await t.app.inject({ url: '/api/profile', cookies })).json().data.language).toBe('mr')
  })

  it.each([['ta'], ['HI'], ['hi-IN'], [''], [7], [null]])(
    'refuses the code %j with 400 over REST and as an op, changing nothing',
    async (language) => {
      const message = 'Language must be one of: en, hi, mr'
      const cookies = await expectRefusedUpdate({ language }, message)
      const op = anOp('profile.update', { firstName: 'Ria', language })
      const results = await pushOps(t.app, [op], { cookies, clientId: randomUUID() })
      expect(results).toEqual([{ opId: op.opId, status: 'rejected', code: 'VALIDATION_ERROR', message }])
      const profile = (await t.app.inject({ url: '/api/profile', cookies })).json().data
      expect(profile).toMatchObject({ firstName: 'Asha' })
      expect(profile).not.toHaveProperty('language')
    },
  )
})

describe('names that only look like names', () => {
  it.each([
    [{ firstName: '\u200B\u200C\u200D' }, 'First name is required'],
    [{ lastName: '\uFEFF\u00AD\u2060' }, 'Last name is required'],
    [{ firstName: 'Ria\u202Eoar' }, 'First name must not contain characters that change the text direction'],
    [{ lastName: '\u2067Rao' }, 'Last name must not contain characters that change the text direction'],
    [{ firstName: 'Ria\u0000' }, 'First name must be one line, without control characters'],
    [{ lastName: 'Rao\r\nAdmin' }, 'Last name must be one line, without control characters'],
  ])('refuses %j over REST and as an op, changing nothing', async (body, message) => {
    const cookies = await expectRefusedUpdate(body, message)
    const op = anOp('profile.update', body)
    const results = await pushOps(t.app, [op], { cookies, clientId: randomUUID() })
    expect(results).toEqual([{ opId: op.opId, status: 'rejected', code: 'VALIDATION_ERROR', message }])
    const profile = (await t.app.inject({ url: '/api/profile', cookies })).json().data
    expect(profile).toMatchObject({ firstName: 'Asha', lastName: 'Rao' })
  })

  it('takes Devanagari and Marathi names with ZWJ/ZWNJ, stored in NFC without invisible characters around', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await update({ firstName: '\u200Bश्री\u2060', lastName: 'क्\u200Dष\u200Cत्रिय' }, cookies)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ firstName: 'श्री', lastName: 'क्\u200Dष\u200Cत्रिय' })
    expect((await update({ firstName: 'Zoe\u0308' }, cookies)).json().data.firstName).toBe('Zoë')
  })
})
