import { createHash, randomBytes } from 'node:crypto'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GUEST_COOKIE } from './modules/chat/guest-cookie.ts'
import { SESSION_COOKIE } from './plugins/session.ts'
import { ENDPOINTS, type Endpoint, type Fixture, injectOptions, routeKey } from './testing/endpoints.ts'
import { createFixture, createRegionTestApp } from './testing/fixture.ts'
import { FUZZ_RUNS, junkText } from './testing/fuzz.ts'
import { changedRows, createRowSnapshots, expectErrorBody, type RowSnapshots } from './testing/row-snapshots.ts'
import { signedIn, type TestApp, validSignup } from './testing/test-app.ts'

let t: TestApp
let snapshots: RowSnapshots
let f: Fixture
/** A session token that was valid until its user logged out. */
let loggedOut: string

beforeAll(async () => {
  t = await createRegionTestApp()
  await t.app.ready()
  f = await createFixture(t.app)
  const cookies = await signedIn(t.app, { email: `gone-${f.unique}@example.in`, password: validSignup.password })
  await t.app.inject({ method: 'POST', url: '/api/logout', cookies })
  loggedOut = cookies[SESSION_COOKIE] ?? ''
  snapshots = createRowSnapshots(t.dbFile)
})
afterAll(async () => {
  snapshots.close()
  await t.close()
})

const ownerToken = () => f.owner.cookies[SESSION_COOKIE] ?? ''
const flipFirst = (token: string) => `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`

/** Session cookie values that must not sign anyone in: each makes the owner's request a stranger's. */
const BAD_SESSIONS: [string, () => string][] = [
  ['garbage', () => 'garbage'],
  ['empty', () => ''],
  ['one character short', () => ownerToken().slice(1)],
  ['one character long', () => `${ownerToken()}A`],
  ['not base64url', () => '!'.repeat(43)],
  ['hex: the SHA-256 the database keeps', () => createHash('sha256').update(ownerToken()).digest('hex')],
  ['unicode', () => 'é'.repeat(43)],
  ['emoji and right-to-left text', () => '🙂\u202E'.repeat(11)],
  ['NUL characters', () => '\u0000'.repeat(43)],
  ['very long', () => 'A'.repeat(16_000)],
  ['a broken %-escape', () => '%E0%A4%A'],
  ['signed-cookie form', () => `s:${ownerToken()}.c2lnbmF0dXJl`],
  ['well formed but never issued', () => randomBytes(32).toString('base64url')],
  ['hers with one character changed', () => flipFirst(ownerToken())],
  ['logged out', () => loggedOut],
]

/** A Cookie header as Node hands it on: raw bytes read as latin1, so non-ASCII arrives as a browser would send it. */
const cookieHeader = (name: string, value: string) => `${name}=${Buffer.from(value, 'utf8').toString('latin1')}`

/** The row's owner request with the session cookie replaced by `value`. */
function withSession(endpoint: Endpoint, value: string, fixture = f): InjectOptions {
  const headers = { cookie: cookieHeader(SESSION_COOKIE, value) }
  return { ...injectOptions(endpoint, fixture, 'owner'), cookies: {}, headers }
}

/** Sends `request`, expecting `status` as the API's error JSON, no changed row and no session cookie handed out. */
async function expectRefused(request: InjectOptions, status: number, what: string) {
  const before = snapshots.take()
  const res = await t.app.inject(request)
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status)
  expectErrorBody(res)
  expect(changedRows(before, snapshots.take()), what).toEqual([])
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE)
  expect(session?.value ?? '', what).toBe('')
}

const needsSession = ENDPOINTS.filter((e) => e.access === 'signed-in' || e.access === 'owner-only')
const needsGuestCookie = ENDPOINTS.filter((e) => e.access === 'guest-cookie')

describe('malformed session cookies', () => {
  it.each(BAD_SESSIONS)('%s: 401 from every endpoint that needs a session', async (kind, value) => {
    for (const endpoint of needsSession) {
      await expectRefused(withSession(endpoint, value()), 401, `${routeKey(endpoint)} with ${kind}`)
    }
  })

  it("her own token, sent the same way, lets her in: the 401s are the cookie values' doing", async () => {
    for (const endpoint of needsSession) {
      const own = await createFixture(t.app)
      const res = await t.app.inject(withSession(endpoint, own.owner.cookies[SESSION_COOKIE] ?? '', own))
      expect(res.statusCode, `${routeKey(endpoint)}: ${res.body}`).toBe(endpoint.expect.owner)
    }
  })

  it('any other string: 401, never a 5xx', async () => {
    const cases = fc.tuple(fc.constantFrom(...needsSession), junkText)
    await fc.assert(
      fc.asyncProperty(cases, async ([endpoint, value]) => {
        // A value that is a live session would be right to let in; a random one never is.
        fc.pre(value !== ownerToken() && value !== (f.other.cookies[SESSION_COOKIE] ?? ''))
        await expectRefused(withSession(endpoint, value), 401, routeKey(endpoint))
      }),
      { numRuns: FUZZ_RUNS * 2 },
    )
  })
})

describe('malformed guest cookies', () => {
  it.each(BAD_SESSIONS)('%s: 403 from a guest conversation', async (kind, value) => {
    for (const endpoint of needsGuestCookie) {
      const request = { ...injectOptions(endpoint, f, 'owner'), cookies: {} }
      const headers = { cookie: cookieHeader(GUEST_COOKIE, value()) }
      await expectRefused({ ...request, headers }, 403, `${routeKey(endpoint)} with ${kind}`)
    }
  })
})
