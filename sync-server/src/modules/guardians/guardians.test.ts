import { createHash } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { ErrorMessages, GUARDIANS_MAX, GuardianMessages } from '@wings/contract'
import { invitedView } from '@wings/contract/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { DEFAULT_PUSH_SERVICE_ORIGINS, loadConfig } from '../../config.ts'
import { type GuardianWorld, PUBLIC_URL, startGuardianWorld } from '../../testing/guardians.ts'
import { browserSubscription } from '../../testing/push-service.ts'
import { signedIn, validSignup } from '../../testing/test-app.ts'
import { GUARDIAN_KEYS_FILE } from './keys.ts'
import { isPushServiceEndpoint } from './push.ts'

let w: GuardianWorld
afterEach(async () => {
  await w?.close()
})

const DAY = 86_400_000
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const error = (status: number, message: string) => ({
  success: false,
  message,
  code: {
    400: 'VALIDATION_ERROR',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    410: 'GONE',
    429: 'RATE_LIMITED',
    503: 'SERVICE_UNAVAILABLE',
  }[status],
})
const get = (url: string, cookies = {}) => w.t.app.inject({ url, cookies })
const remove = (id: string, cookies = {}) => w.t.app.inject({ method: 'DELETE', url: `/api/guardians/${id}`, cookies })
/** Every row of the guardians' tables, to show that a refusal changed nothing. */
const rows = () =>
  JSON.stringify(
    ['guardians', 'guardian_links_ended', 'alerts', 'alert_outbox'].map((t) => w.query(`SELECT * FROM ${t}`)),
  )

describe('her guardians', { timeout: 20_000 }, () => {
  it('invites with a personal link of 256 random bits that the database holds only as a hash and sealed', async () => {
    w = await startGuardianWorld()
    const res = await w.post('/api/guardians', { name: '  Maa ' }, w.her)
    expect(res.statusCode).toBe(201)
    const answer = res.json()
    expect(answer).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Maa',
      state: 'invited',
      inviteUrl: expect.stringMatching(/^\/g\/[A-Za-z0-9_-]{43}$/),
    })
    const token = answer.inviteUrl.slice(3)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(rows()).not.toContain(token)
    expect(w.query('SELECT token_hash FROM guardians')).toEqual([{ token_hash: sha256(token) }])
    expect((await get('/api/guardians', w.her)).json()).toEqual({
      guardians: [
        {
          id: answer.id,
          name: 'Maa',
          state: 'invited',
          push: false,
          email: false,
          emailPending: false,
          shareStarted: false,
        },
      ],
    })
    // Only hers: another user sees none of them.
    const other = await signedIn(w.t.app, { email: 'meera@example.in', password: validSignup.password })
    expect((await get('/api/guardians', other)).json()).toEqual({ guardians: [] })
    expect((await w.post('/api/guardians', { name: 'Maa' })).statusCode).toBe(401)
  })

  it(`refuses more than ${GUARDIANS_MAX}, and more invitations than the limit`, async () => {
    w = await startGuardianWorld({
      config: {
        rateLimits: { ...loadConfig({}).rateLimits, guardianInvite: { max: GUARDIANS_MAX + 2, windowMs: DAY } },
      },
    })
    const made = []
    for (let i = 0; i < GUARDIANS_MAX; i += 1) made.push(await w.invite(`Friend ${i}`))
    const before = rows()
    const full = await w.post('/api/guardians', { name: 'One more' }, w.her)
    expect(full.statusCode).toBe(409)
    expect(full.json()).toEqual(error(409, GuardianMessages.tooMany))
    expect(rows()).toBe(before)
    for (const g of made.slice(0, 3)) await remove(g.id, w.her)
    await w.invite('Again 1')
    await w.invite('Again 2')
    const over = await w.post('/api/guardians', { name: 'Again 3' }, w.her)
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual(error(429, GuardianMessages.tooManyInvites))
  })

  it('removes one at once (subscription and address too), answers 404 for another’s, and its link 410', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    await w.subscribe(maa.token)
    await w.confirmEmail(maa.token, 'maa@example.in')
    const other = await signedIn(w.t.app, { email: 'meera@example.in', password: validSignup.password })
    const before = rows()
    for (const [id, cookies] of [
      [maa.id, other],
      ['0'.repeat(24), w.her],
    ] as const) {
      const res = await remove(id, cookies)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual(error(404, GuardianMessages.notFound))
    }
    expect(rows()).toBe(before)

    const res = await remove(maa.id, w.her)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: GuardianMessages.removed })
    const after = rows()
    expect(after).not.toContain('maa@example.in')
    expect(after).not.toContain(w.push.origin)
    expect(w.query('SELECT * FROM guardians')).toEqual([])
    const page = await get(`/api/guardian-invites/${maa.token}`)
    expect(page.statusCode).toBe(410)
    expect(page.json()).toEqual(error(410, GuardianMessages.inviteGone))
    expect(
      (await w.post(`/api/guardian-invites/${maa.token}/push`, { subscription: w.push.subscribe().json })).statusCode,
    ).toBe(410)
    expect((await remove(maa.id, w.her)).statusCode).toBe(404)
  })
})

describe('the invitation page', { timeout: 20_000 }, () => {
  it('says who invited them (her first name only) and where they stand', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    const page = await get(`/api/guardian-invites/${maa.token}`)
    expect(page.statusCode).toBe(200)
    expect(page.json()).toEqual(invitedView())
    await w.subscribe(maa.token)
    expect((await w.post(`/api/guardian-invites/${maa.token}/preferences`, { shareStarted: true })).statusCode).toBe(
      200,
    )
    expect((await get(`/api/guardian-invites/${maa.token}`)).json()).toMatchObject({
      state: 'active',
      push: true,
      shareStarted: true,
    })
    expect((await get('/api/guardians', w.her)).json().guardians).toEqual([
      expect.objectContaining({ state: 'active', push: true, shareStarted: true }),
    ])
  })

  it('answers 400 for a malformed token, 404 for an unknown one, 410 once an invitation nobody took is a week old', async () => {
    w = await startGuardianWorld()
    const bad = await get('/api/guardian-invites/not-a-token')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual(error(400, GuardianMessages.invite))
    const unknown = await get(`/api/guardian-invites/${'A'.repeat(43)}`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual(error(404, GuardianMessages.inviteUnknown))

    const untaken = await w.invite('Maa')
    const taken = await w.invite('Riya')
    await w.subscribe(taken.token)
    w.clock.advance(7 * DAY + 60_000)
    expect((await get(`/api/guardian-invites/${untaken.token}`)).statusCode).toBe(410)
    expect(
      (await w.post(`/api/guardian-invites/${untaken.token}/push`, { subscription: w.push.subscribe().json }))
        .statusCode,
    ).toBe(410)
    // Accepted once, a link keeps working (a new phone, a lost subscription).
    expect((await get(`/api/guardian-invites/${taken.token}`)).statusCode).toBe(200)
    expect(
      (await w.post(`/api/guardian-invites/${taken.token}/push`, { subscription: w.push.subscribe().json })).statusCode,
    ).toBe(200)
  })

  it('stops at once: no more alerts, subscription and address forgotten, and can start again', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    await w.subscribe(maa.token)
    await w.confirmEmail(maa.token, 'maa@example.in')
    const res = await w.post(`/api/guardian-invites/${maa.token}/stop`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, message: GuardianMessages.stopped })
    expect(rows()).not.toContain('maa@example.in')
    expect(rows()).not.toContain(w.push.origin)
    expect((await get(`/api/guardian-invites/${maa.token}`)).json()).toMatchObject({
      state: 'stopped',
      push: false,
      email: false,
    })
    expect((await get('/api/guardians', w.her)).json().guardians[0]).toMatchObject({ state: 'stopped' })
    // Stopping twice is fine (a second tap).
    expect((await w.post(`/api/guardian-invites/${maa.token}/stop`)).statusCode).toBe(200)
    await w.subscribe(maa.token)
    expect((await get(`/api/guardian-invites/${maa.token}`)).json()).toMatchObject({ state: 'active' })
  })
})

describe('notifications on this device', { timeout: 20_000 }, () => {
  it('accepts a subscription on a push service only, and changes nothing otherwise', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    const keys = browserSubscription('https://fcm.googleapis.com/fcm/send/x').json.keys
    const before = rows()
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:8080/api/sos',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evil.example/?https://fcm.googleapis.com/',
      'https://fcm.googleapis.com@evil.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'https://notify.windows.com/w/x',
      'https://a.notify.windows.com:8443/w/x',
      'http://fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await w.post(`/api/guardian-invites/${maa.token}/push`, { subscription: { endpoint, keys } })
      expect(res.statusCode, endpoint).toBe(400)
      expect(res.json()).toEqual(error(400, GuardianMessages.pushService))
    }
    for (const subscription of [
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, auth: 'A'.repeat(26) } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.p256dh } },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys, extra: 1 },
    ]) {
      const res = await w.post(`/api/guardian-invites/${maa.token}/push`, { subscription })
      expect(res.statusCode, JSON.stringify(subscription)).toBe(400)
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' })
    }
    expect(rows()).toBe(before)
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://web.push.apple.com/QGx',
    ]) {
      const res = await w.post(`/api/guardian-invites/${maa.token}/push`, { subscription: { endpoint, keys } })
      expect(res.statusCode, endpoint).toBe(200)
      expect(res.json()).toEqual({ success: true, message: GuardianMessages.pushOn })
    }
  })

  it('matches origins exactly, and a wildcard to subdomains only', () => {
    const origins = [...DEFAULT_PUSH_SERVICE_ORIGINS]
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', origins)).toBe(true)
    expect(isPushServiceEndpoint('https://a.b.notify.windows.com/w', origins)).toBe(true)
    expect(isPushServiceEndpoint('https://xnotify.windows.com/w', origins)).toBe(false)
    expect(isPushServiceEndpoint('https://.notify.windows.com/w', origins)).toBe(false)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:443/x', origins)).toBe(true)
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:444/x', origins)).toBe(false)
    expect(isPushServiceEndpoint('javascript:alert(1)', origins)).toBe(false)
  })

  it('publishes the VAPID key made at first start, kept in DATA_DIR with mode 0600 and the same after a restart', async () => {
    w = await startGuardianWorld()
    const res = await get('/api/push/public-key')
    expect(res.statusCode).toBe(200)
    const { publicKey } = res.json()
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    const file = join(w.t.config.dataDir, GUARDIAN_KEYS_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const again = await buildApp({ ...w.t.config })
    try {
      expect((await again.inject({ url: '/api/push/public-key' })).json()).toEqual({ publicKey })
    } finally {
      await again.close()
    }
  })
})

describe('alerts by e-mail', { timeout: 20_000 }, () => {
  it('mails a confirmation link, and takes the address once it is opened (once, within 24 hours)', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    const res = await w.post(`/api/guardian-invites/${maa.token}/email`, { email: 'Maa@Example.in' })
    expect(res.statusCode).toBe(202)
    expect(res.json()).toEqual({ success: true, message: GuardianMessages.emailSent })
    const [mail] = w.smtp.to('maa@example.in')
    expect(mail?.text).toMatch(new RegExp(`${PUBLIC_URL}/g/${maa.token}\\?confirm=[A-Za-z0-9_-]{43}`))
    expect(mail?.text).toContain(`${PUBLIC_URL}/g/${maa.token}?stop=1`)
    expect(mail?.text).toContain('Asha')
    expect(mail?.text).not.toContain('Rao')
    const code = /confirm=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? ''
    expect((await get(`/api/guardian-invites/${maa.token}`)).json()).toMatchObject({
      state: 'invited',
      email: false,
      emailPending: true,
    })
    expect(rows()).not.toContain(code)

    const riya = await w.invite('Riya')
    const before = rows()
    for (const wrong of ['B'.repeat(43), riya.token]) {
      const refused = await w.post(`/api/guardian-invites/${maa.token}/email/confirm`, { code: wrong })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toEqual(error(400, GuardianMessages.codeWrong))
    }
    expect(rows()).toBe(before)
    const malformed = await w.post(`/api/guardian-invites/${maa.token}/email/confirm`, { code: 'short' })
    expect(malformed.json()).toEqual(error(400, GuardianMessages.code))

    const ok = await w.post(`/api/guardian-invites/${maa.token}/email/confirm`, { code })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ success: true, message: GuardianMessages.emailConfirmed })
    expect((await get(`/api/guardian-invites/${maa.token}`)).json()).toMatchObject({
      state: 'active',
      email: true,
      emailPending: false,
    })
    const reused = await w.post(`/api/guardian-invites/${maa.token}/email/confirm`, { code })
    expect(reused.json()).toEqual(error(400, GuardianMessages.codeWrong))

    // A code a day old no longer works.
    const papa = await w.invite('Papa')
    await w.post(`/api/guardian-invites/${papa.token}/email`, { email: 'papa@example.in' })
    const late = /confirm=([A-Za-z0-9_-]{43})/.exec(w.smtp.to('papa@example.in')[0]?.text ?? '')?.[1] ?? ''
    w.clock.advance(DAY + 60_000)
    expect((await w.post(`/api/guardian-invites/${papa.token}/email/confirm`, { code: late })).json()).toEqual(
      error(400, GuardianMessages.codeWrong),
    )
  })

  it('refuses what is not an e-mail, and an address the SMTP server refuses; 503 while it cannot be reached', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    const before = rows()
    for (const email of [
      'maa',
      'maa@',
      'maa @example.in',
      'maa@example',
      `${'m'.repeat(250)}@example.in`,
      'a\r\nBcc: x@example.in',
    ]) {
      const res = await w.post(`/api/guardian-invites/${maa.token}/email`, { email })
      expect(res.statusCode, email).toBe(400)
      expect(res.json()).toEqual(error(400, 'Invalid email format'))
    }
    w.smtp.refuseNext(550)
    const refused = await w.post(`/api/guardian-invites/${maa.token}/email`, { email: 'nobody@example.in' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual(error(400, GuardianMessages.emailFailed))
    w.smtp.refuseNext(451)
    const later = await w.post(`/api/guardian-invites/${maa.token}/email`, { email: 'maa@example.in' })
    expect(later.statusCode).toBe(503)
    expect(later.json()).toEqual(error(503, GuardianMessages.emailFailed))
    expect(rows()).toBe(before)
  })

  it('limits confirmation e-mails per guardian, so that a link cannot flood an address', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    for (let i = 0; i < 5; i += 1)
      expect((await w.post(`/api/guardian-invites/${maa.token}/email`, { email: 'x@example.in' })).statusCode).toBe(202)
    const over = await w.post(`/api/guardian-invites/${maa.token}/email`, { email: 'x@example.in' })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual(error(429, ErrorMessages.tooManyRequests))
    expect(w.smtp.to('x@example.in')).toHaveLength(5)
  })

  it('is not offered without SMTP_URL', async () => {
    w = await startGuardianWorld({ smtp: false })
    const maa = await w.invite('Maa')
    expect((await get(`/api/guardian-invites/${maa.token}`)).json()).toMatchObject({ emailAvailable: false })
    const res = await w.post(`/api/guardian-invites/${maa.token}/email`, { email: 'maa@example.in' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual(error(503, GuardianMessages.emailUnavailable))
    expect(w.smtp.mails).toEqual([])
  })
})
