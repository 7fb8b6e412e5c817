import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { App } from '../app.ts'
import { runImportRegion } from '../cli/import-region.ts'
import { GUEST_COOKIE } from '../modules/chat/guest-cookie.ts'
import type { Mailer, MailMessage } from '../modules/guardians/mail.ts'
import { type Account, CASINO, EVIDENCE_CHUNK, type Fixture, minutesFromNow, PALACE, story } from './endpoints.ts'
import type { Cookies } from './sync-ops.ts'
import { createTestApp, signedIn, type TestApp, unlimitedRateLimits, validSignup } from './test-app.ts'

/*
 * The app and the state the endpoint table's requests are built from (testing/endpoints.ts): a test app with a map
 * region, and a fixture of two users and the owner's things, made through the API itself so that every row has
 * something real to act on.
 */

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }

/** The e-mails each test app sent, newest last (its mailer keeps them instead of sending). */
const mailboxes = new WeakMap<App, MailMessage[]>()

/** A mailer that keeps what it is given instead of sending it. */
export function keptMailer(): Mailer & { kept: MailMessage[] } {
  const kept: MailMessage[] = []
  return {
    kept,
    send: async (message) => {
      kept.push(message)
      return 'sent'
    },
    close: () => {},
  }
}

/**
 * A test app with the Monaco extract imported (region routes answer 503 without a region) and no rate limits.
 * `prepare` runs before the app loads its routes, e.g. to add an onRoute hook.
 */
export async function createRegionTestApp(prepare: (app: FastifyInstance) => void = () => {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-endpoints-'))
  if (runImportRegion([join(DATA, 'monaco.osm.pbf')], { DATA_DIR: dataDir }, silent) !== 0) {
    throw new Error('could not import the Monaco extract')
  }
  // Guardians' e-mails are kept, and the alert timers are off: the tests compare every row before and after a request,
  // and nothing may write in the background.
  const mailer = keptMailer()
  const t = await createTestApp(
    { dataDir, rateLimits: unlimitedRateLimits() },
    { alerts: { timers: false, mailer }, onCreate: prepare },
  )
  mailboxes.set(t.app, mailer.kept)
  return {
    ...t,
    async close() {
      await t.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The answer's JSON when it has `status`, else an error naming the step. */
function expectOk(step: string, res: LightMyRequestResponse, status: number): Record<string, unknown> {
  if (res.statusCode !== status) throw new Error(`fixture: ${step} answered ${res.statusCode} ${res.body}`)
  return res.json()
}

/** The `_id` of `answer[key]`, or of the answer itself without a key. */
function idOf(answer: Record<string, unknown>, key: string): string {
  const item = answer[key] as { _id?: unknown } | undefined
  if (typeof item?._id !== 'string') throw new Error(`fixture: no ${key}._id in ${JSON.stringify(answer)}`)
  return item._id
}

let accounts = 0

async function newAccount(app: App, name: string): Promise<Account> {
  accounts += 1
  const email = `${name}-${accounts}-${randomBytes(4).toString('hex')}@example.in`
  const cookies = await signedIn(app, { email, password: validSignup.password })
  const profile = expectOk('profile', await app.inject({ url: '/api/profile', cookies }), 200)
  return { email, password: validSignup.password, id: idOf(profile, 'data'), cookies }
}

async function newShare(app: App): Promise<{ token: string; writeKey: string }> {
  const body = { durationMinutes: 60, checkIn: { deadline: minutesFromNow(30) } }
  const share = expectOk('share', await app.inject({ method: 'POST', url: '/api/share', payload: body }), 201)
  return { token: String(share.token), writeKey: String(share.writeKey) }
}

/** A guest conversation started by a browser without cookies: its id and the browser's wings_guest cookie. */
async function newGuest(app: App): Promise<{ id: string; cookies: Cookies }> {
  const id = randomBytes(12).toString('hex')
  const res = await app.inject({ url: `/api/${id}/chat/conversation/get` })
  expectOk('guest conversation', res, 200)
  const cookie = res.cookies.find((c) => c.name === GUEST_COOKIE)
  if (!cookie) throw new Error('fixture: no guest cookie')
  return { id, cookies: { [GUEST_COOKIE]: cookie.value } }
}

/** The owner's invited guardian, and the confirmation code of the e-mail it gave. */
async function newGuardian(app: App, owner: Account) {
  const invited = await app.inject({
    method: 'POST',
    url: '/api/guardians',
    cookies: owner.cookies,
    payload: { name: 'Maa' },
  })
  const answer = expectOk('guardian', invited, 201)
  const token = String(answer.inviteUrl).replace('/g/', '')
  const mail = await app.inject({
    method: 'POST',
    url: `/api/guardian-invites/${token}/email`,
    payload: { email: `maa-${randomBytes(4).toString('hex')}@example.in` },
  })
  expectOk('guardian e-mail', mail, 202)
  const code = /[?&]confirm=([A-Za-z0-9_-]{43})/.exec(mailboxes.get(app)?.at(-1)?.text ?? '')?.[1]
  if (!code) throw new Error('fixture: no confirmation e-mail')
  return { id: String(answer.id), token, code }
}

/** The owner's finished evidence recording of one chunk (EVIDENCE_CHUNK), by its id. */
async function newRecording(app: App, owner: Account): Promise<string> {
  const id = randomUUID()
  const url = `/api/evidence/${id}`
  const cookies = owner.cookies
  const start = {
    mimeType: 'audio/webm;codecs=opus',
    startedAt: minutesFromNow(-5),
    place: { lat: CASINO[0], lon: CASINO[1] },
  }
  expectOk('recording', await app.inject({ method: 'PUT', url, cookies, payload: start }), 201)
  const chunk = await app.inject({
    method: 'PUT',
    url: `${url}/chunks/0`,
    cookies,
    headers: { 'content-type': 'application/octet-stream' },
    payload: EVIDENCE_CHUNK,
  })
  expectOk('recording chunk', chunk, 200)
  const finish = await app.inject({
    method: 'POST',
    url: `${url}/finish`,
    cookies,
    payload: { chunks: 1, durationMs: 5000 },
  })
  expectOk('recording finish', finish, 200)
  return id
}

const geometries = new WeakMap<App, string>()

/** A found route's geometry (once per app: route finding takes a while). */
async function routeGeometry(app: App): Promise<string> {
  const known = geometries.get(app)
  if (known) return known
  const payload = { source: CASINO, destination: PALACE, mode: 'foot' }
  const found = expectOk('route/find', await app.inject({ method: 'POST', url: '/api/route/find', payload }), 200)
  const geometry = (found.routes as { geometry: string }[])[0]?.geometry
  if (!geometry) throw new Error('fixture: no route found')
  geometries.set(app, geometry)
  return geometry
}

/**
 * Two new users, the owner's story, draft, saved route, trusted contact, share and guardian, and a guest conversation.
 */
export async function createFixture(app: App): Promise<Fixture> {
  const owner = await newAccount(app, 'owner')
  const other = await newAccount(app, 'other')
  const post = async (step: string, url: string, payload: object, status = 201) =>
    expectOk(step, await app.inject({ method: 'POST', url, payload, cookies: owner.cookies }), status)
  const storyAnswer = await post('story', '/api/user/stories/create', story)
  const draftAnswer = await post('draft', '/api/user/stories/savedraft', story)
  const routeAnswer = await post('saved route', '/api/route/save', {
    userId: owner.id,
    currentLocation: CASINO,
    destinationLocation: PALACE,
    currentLocationName: 'Casino',
    destinationLocationName: 'Prince’s Palace',
  })
  const contactAnswer = await post('trusted contact', '/api/contacts/trusted', {
    name: 'Maa',
    phone: '+91 98765 43210',
  })
  const [share, otherShare] = [await newShare(app), await newShare(app)]
  const [guest, otherGuest] = [await newGuest(app), await newGuest(app)]
  const guardian = await newGuardian(app, owner)
  const recording = await newRecording(app, owner)
  return {
    owner,
    other,
    unique: randomBytes(6).toString('hex'),
    storyId: idOf(storyAnswer, 'story'),
    draftId: idOf(draftAnswer, 'draft'),
    savedRouteId: idOf(routeAnswer, 'route'),
    trustedContactId: idOf(contactAnswer, 'contact'),
    shareToken: share.token,
    writeKeys: { owner: share.writeKey, other: otherShare.writeKey, signedOut: randomBytes(32).toString('base64url') },
    guestConversationId: guest.id,
    guestCookies: { owner: guest.cookies, other: otherGuest.cookies, signedOut: {} },
    routeGeometry: await routeGeometry(app),
    guardianId: guardian.id,
    guardianToken: guardian.token,
    emailCode: guardian.code,
    recordingId: recording,
  }
}
