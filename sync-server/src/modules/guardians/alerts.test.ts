import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { type AlertPayload, GuardianMessages } from '@wings/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { type GuardianWorld, PUBLIC_URL, startGuardianWorld, TEST_TICK_MS, waitFor } from '../../testing/guardians.ts'
import { type BrowserSubscription, decryptPush, subscriptionId, verifyVapid } from '../../testing/push-service.ts'
import { anOp } from '../../testing/sync-ops.ts'

/*
 * Alerts end to end: the real server queues them in its outbox and sends them to a push service and an SMTP server on
 * 127.0.0.1; each push is decrypted with the subscription's keys as the guardian's browser would, and its VAPID
 * signature checked as the push service would.
 */

let w: GuardianWorld
afterEach(async () => {
  await w?.close()
})

const MINUTE = 60_000
const POSITION = { lat: 18.9402, lon: 72.8356, accuracy: 12 }

/** The pushes delivered to `subscription`, decrypted. */
function received(subscription: BrowserSubscription): AlertPayload[] {
  return w.push.delivered(subscriptionId(subscription)).map((r) => JSON.parse(decryptPush(r.body, subscription)))
}

const deliveredTo = (subscription: BrowserSubscription, count = 1, ms = 5_000) =>
  waitFor(() => w.push.delivered(subscriptionId(subscription)).length >= count, ms, `${count} push(es)`)

/** Her share, started signed in: its token and write key. */
async function herShare(body: object = { durationMinutes: 60 }) {
  const res = await w.post('/api/share', body, w.her)
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { token: string; writeKey: string }
}

/**
 * Waits until no alert is in the middle of a send (a claimed row's lease is 20 s ahead; a recorded retry at most 18 s),
 * so that the clock is moved after its outcome is written.
 */
const settled = () =>
  waitFor(
    () =>
      w.query("SELECT 1 FROM alert_outbox WHERE status = 'pending' AND next_attempt_at > ?", iso(19_000)).length === 0,
    3_000,
    'the sends under way',
  )
const iso = (fromNow: number) => new Date(w.clock.now().getTime() + fromNow).toISOString()

/** Lets a few scanner ticks pass: whatever was due has been sent by then. */
const afterTicks = () => sleep(4 * TEST_TICK_MS + 300)
/** Long enough for a tick to find what fell due, and send it. */
const A_TICK = 4 * TEST_TICK_MS + 1_000

describe('SOS', { timeout: 30_000 }, () => {
  it('alerts every active guardian at once, by push and e-mail, with her message, position and live link', async () => {
    // No tick in the test's time: only the SOS itself can set the sending off.
    w = await startGuardianWorld({ alerts: { tickMs: 60_000 } })
    const [riya, maa, invited, stopped] = [
      await w.invite('Riya'),
      await w.invite('Maa'),
      await w.invite('Didi'),
      await w.invite('Papa'),
    ]
    const riyaPush = await w.subscribe(riya.token)
    await w.confirmEmail(maa.token, 'maa@example.in')
    const stoppedPush = await w.subscribe(stopped.token)
    expect((await w.post(`/api/guardian-invites/${stopped.token}/stop`)).statusCode).toBe(200)
    const share = await herShare()

    const sent = Date.now()
    const res = await w.post(
      '/api/sos',
      { ...POSITION, shareToken: share.token, message: 'Near the station, call me' },
      w.her,
    )
    expect(res.statusCode, res.body).toBe(202)
    expect(res.json()).toEqual({ success: true, message: GuardianMessages.sosQueued, guardians: 2 })

    // At once: not at the next tick.
    await deliveredTo(riyaPush, 1, 2_000)
    const [request] = w.push.delivered(subscriptionId(riyaPush))
    expect((request?.at ?? Infinity) - sent).toBeLessThan(2_000)
    const [alert] = received(riyaPush)
    expect(alert).toEqual({
      kind: 'sos',
      title: 'SOS from Asha',
      body: expect.stringContaining('Near the station, call me'),
      url: `/s/${share.token}`,
      tag: expect.stringMatching(/^sos-[0-9a-f]{24}$/),
    })
    expect(alert?.body).toContain('call 112')
    expect(alert?.body).not.toContain('Rao')
    // As a push service checks it: signed with the key the server publishes, for this push service.
    const { publicKey } = (await w.t.app.inject({ url: '/api/push/public-key' })).json()
    if (!request) throw new Error('no request')
    expect(verifyVapid(request, publicKey, w.push.origin)).toMatchObject({ aud: w.push.origin })
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high', ttl: '86400' })
    expect(request.headers.topic).toMatch(/^[0-9a-f]{24}$/)

    await waitFor(() => w.smtp.to('maa@example.in').length === 2, 5_000, 'the SOS e-mail')
    const mail = w.smtp.to('maa@example.in')[1]
    expect(mail?.subject).toBe('SOS from Asha')
    expect(mail?.text).toContain('Near the station, call me')
    expect(mail?.text).toContain(`Live location: ${PUBLIC_URL}/s/${share.token}`)
    expect(mail?.text).toContain('Last known position: 18.94020, 72.83560 (within about 12 m)')
    expect(mail?.text).toContain('call 112')
    expect(mail?.text).toContain(`To stop these alerts: ${PUBLIC_URL}/g/${maa.token}?stop=1`)
    expect(mail?.text).not.toContain('Rao')

    await afterTicks()
    expect(received(riyaPush)).toHaveLength(1)
    expect(w.smtp.to('maa@example.in')).toHaveLength(2)
    expect(w.push.delivered(subscriptionId(stoppedPush))).toEqual([])
    expect(
      w
        .query('SELECT guardian_id FROM alert_outbox')
        .map((r) => r.guardian_id)
        .sort(),
    ).toEqual([riya.id, maa.id].sort())
    expect(invited.id).toMatch(/^[0-9a-f]{24}$/)
  })

  it('keeps no message, position or token readable in the database, and forgets them once sent', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token, [500])
    const share = await herShare()
    await w.post('/api/sos', { ...POSITION, shareToken: share.token, message: 'Secret words' }, w.her)
    await waitFor(() => w.push.requests.length === 1, 2_000, 'the first attempt')
    const dump = () =>
      JSON.stringify(['alerts', 'alert_outbox', 'guardians', 'shares'].map((t) => w.query(`SELECT * FROM ${t}`)))
    for (const secret of ['Secret words', share.token, riya.token, '18.9402']) expect(dump()).not.toContain(secret)
    expect(w.query('SELECT data_sealed FROM alerts')[0]?.data_sealed).toEqual(expect.any(String))

    await settled()
    w.clock.advance(MINUTE)
    await deliveredTo(push)
    await waitFor(() => w.query("SELECT 1 FROM alert_outbox WHERE status = 'sent'").length === 1)
    expect(w.query('SELECT data_sealed FROM alerts')).toEqual([{ data_sealed: null }])
  })

  it('is sent once from a sync op, however often the op is pushed again, with the age of its position', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token)
    // Pressed offline ten minutes ago; pushed when she is back online, and again (a lost answer).
    const op = anOp('sos.alert', POSITION)
    op.createdAt = new Date(w.clock.now().getTime() - 10 * MINUTE).toISOString()
    const clientId = randomUUID()
    const push1 = await w.post('/api/sync/push', { clientId, ops: [op] }, w.her)
    expect(push1.json().results).toEqual([{ opId: op.opId, status: 'applied' }])
    const push2 = await w.post('/api/sync/push', { clientId, ops: [op] }, w.her)
    expect(push2.json().results).toEqual([{ opId: op.opId, status: 'duplicate' }])
    await deliveredTo(push)
    await afterTicks()
    const alerts = received(push)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.body).toContain('from 10 minutes ago')
    // Without a running share of hers, the notification opens the guardian's page.
    expect(alerts[0]?.url).toBe(`/g/${riya.token}`)
  })

  it('needs her session, even as an op, and refuses one over the alert limit', async () => {
    const rateLimits = { ...loadConfig({}).rateLimits, guardianAlert: { max: 1, windowMs: MINUTE } }
    w = await startGuardianWorld({ config: { rateLimits } })
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token)
    expect((await w.post('/api/sos', POSITION)).statusCode).toBe(401)
    expect(
      (await w.post('/api/sync/push', { clientId: randomUUID(), ops: [anOp('sos.alert', POSITION)] })).statusCode,
    ).toBe(401)
    expect((await w.post('/api/sos', POSITION, w.her)).statusCode).toBe(202)
    const over = await w.post('/api/sos', POSITION, w.her)
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ message: GuardianMessages.tooManyAlerts, code: 'RATE_LIMITED' })
    await afterTicks()
    expect(received(push)).toHaveLength(1)
  })

  it('gives no live link for a share that is not hers or has ended', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token)
    const anonymous = (await w.post('/api/share', { durationMinutes: 15 })).json()
    const ended = await herShare()
    await w.post(`/api/share/${ended.token}/stop`, { writeKey: ended.writeKey })
    await w.post('/api/sos', { ...POSITION, shareToken: anonymous.token }, w.her)
    await w.post('/api/sos', { ...POSITION, shareToken: ended.token }, w.her)
    await deliveredTo(push, 2)
    expect(received(push).map((a) => a.url)).toEqual([`/g/${riya.token}`, `/g/${riya.token}`])
  })
})

describe('a missed check-in', { timeout: 30_000 }, () => {
  it('alerts her guardians with her last position, its age and the live link, with her phone gone', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const maa = await w.invite('Maa')
    const push = await w.subscribe(riya.token)
    await w.confirmEmail(maa.token, 'maa@example.in')
    const deadline = new Date(w.clock.now().getTime() + 20 * MINUTE).toISOString()
    const share = await herShare({ durationMinutes: 60, checkIn: { deadline, destination: 'Home' } })
    w.clock.advance(5 * MINUTE)
    await w.post(`/api/share/${share.token}/position`, { writeKey: share.writeKey, ...POSITION })
    // Her phone is switched off: nothing more comes from it.

    w.clock.advance(14 * MINUTE)
    await afterTicks()
    expect(w.push.requests).toEqual([])
    w.clock.advance(2 * MINUTE)
    await deliveredTo(push, 1, A_TICK)
    const [alert] = received(push)
    expect(alert).toEqual({
      kind: 'checkin-missed',
      title: 'Asha missed her check-in',
      body: expect.stringContaining('Her last known position is from 16 minutes ago.'),
      url: `/s/${share.token}`,
      tag: expect.stringMatching(/^checkin-[0-9a-f]{24}$/),
    })
    expect(alert?.body).toContain('at Home 1 minute ago')
    expect(alert?.body).toContain('call 112')

    await waitFor(() => w.smtp.to('maa@example.in').length === 2, 5_000, 'the e-mail')
    const mail = w.smtp.to('maa@example.in')[1]
    expect(mail?.subject).toBe('Asha missed her check-in')
    expect(mail?.text).toContain(`Live location: ${PUBLIC_URL}/s/${share.token}`)
    expect(mail?.text).toContain('Last known position: 18.94020, 72.83560')
    expect(mail?.text).toContain(`${PUBLIC_URL}/g/${maa.token}?stop=1`)

    // Once: later scans find it alerted.
    await afterTicks()
    expect(received(push)).toHaveLength(1)
    expect(w.smtp.to('maa@example.in')).toHaveLength(2)
  })

  it('sends a follow-up when she taps "I\'m safe" after it, to those who were told; before the deadline, nothing', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token)
    const deadline = () => new Date(w.clock.now().getTime() + 10 * MINUTE).toISOString()
    const onTime = await herShare({ durationMinutes: 60, checkIn: { deadline: deadline() } })
    const late = await herShare({ durationMinutes: 60, checkIn: { deadline: deadline() } })
    w.clock.advance(9 * MINUTE)
    expect((await w.post(`/api/share/${onTime.token}/safe`, { writeKey: onTime.writeKey })).statusCode).toBe(200)
    w.clock.advance(2 * MINUTE)
    await deliveredTo(push, 1, A_TICK)
    // A guardian who comes after the miss is not told it is over.
    const later = await w.invite('Didi')
    const laterPush = await w.subscribe(later.token)
    expect((await w.post(`/api/share/${late.token}/safe`, { writeKey: late.writeKey })).statusCode).toBe(200)
    await deliveredTo(push, 2)
    await afterTicks()
    const alerts = received(push)
    expect(alerts.map((a) => a.kind)).toEqual(['checkin-missed', 'checkin-safe'])
    expect(alerts[1]).toMatchObject({ title: 'Asha is safe', tag: alerts[0]?.tag })
    expect(alerts[0]?.url).toBe(`/s/${late.token}`)
    expect(received(laterPush)).toEqual([])
  })

  it('says nothing of a share started signed out: it is not tied to anyone', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    await w.subscribe(riya.token)
    const deadline = new Date(w.clock.now().getTime() + 10 * MINUTE).toISOString()
    const res = await w.post('/api/share', { durationMinutes: 60, checkIn: { deadline } })
    expect(res.statusCode).toBe(201)
    expect(w.query('SELECT user_id, token_sealed FROM shares')).toEqual([{ user_id: null, token_sealed: null }])
    w.clock.advance(11 * MINUTE)
    await afterTicks()
    expect(w.push.requests).toEqual([])
  })

  it('tells no position and no link once she has stopped the share, and is sent all the same', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token, [503])
    const deadline = new Date(w.clock.now().getTime() + 10 * MINUTE).toISOString()
    const share = await herShare({ durationMinutes: 60, checkIn: { deadline } })
    await w.post(`/api/share/${share.token}/position`, { writeKey: share.writeKey, ...POSITION })
    w.clock.advance(11 * MINUTE)
    await waitFor(() => w.push.requests.length === 1, A_TICK, 'the first attempt')
    await w.post(`/api/share/${share.token}/stop`, { writeKey: share.writeKey })
    await settled()
    w.clock.advance(MINUTE)
    await deliveredTo(push)
    const [alert] = received(push)
    expect(alert).toMatchObject({ kind: 'checkin-missed', url: `/g/${riya.token}` })
    expect(alert?.body).toContain('Her live location is no longer shared.')
    expect(alert?.body).not.toContain('position')
  })
})

describe('"she started sharing"', { timeout: 30_000 }, () => {
  it('goes only to the guardians who asked for it, and not for an SOS share', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const maa = await w.invite('Maa')
    const riyaPush = await w.subscribe(riya.token)
    const maaPush = await w.subscribe(maa.token)
    expect((await w.post(`/api/guardian-invites/${riya.token}/preferences`, { shareStarted: true })).statusCode).toBe(
      200,
    )
    const share = await herShare()
    await deliveredTo(riyaPush)
    await herShare({ durationMinutes: 60, sos: true })
    await afterTicks()
    expect(received(riyaPush)).toEqual([
      {
        kind: 'share-started',
        title: 'Asha is sharing her live location',
        body: expect.stringContaining('started sharing'),
        url: `/s/${share.token}`,
        tag: expect.stringMatching(/^share-/),
      },
    ])
    expect(received(maaPush)).toEqual([])
  })
})

describe('delivery', { timeout: 30_000 }, () => {
  it('removes a subscription its push service answers 410 (or 404) for, and posts to it no more', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const maa = await w.invite('Maa')
    const riyaPush = await w.subscribe(riya.token, [410])
    await w.subscribe(maa.token, [404])
    await w.post('/api/sos', POSITION, w.her)
    await waitFor(() => w.query('SELECT 1 FROM guardians WHERE push_endpoint IS NULL').length === 2)
    const list = (await w.t.app.inject({ url: '/api/guardians', cookies: w.her })).json().guardians
    expect(list.map((g: { push: boolean; state: string }) => [g.push, g.state])).toEqual([
      [false, 'invited'],
      [false, 'invited'],
    ])
    expect(w.query('SELECT status FROM alert_outbox')).toEqual([{ status: 'failed' }, { status: 'failed' }])
    const requests = w.push.requests.length
    await w.post('/api/sos', POSITION, w.her)
    w.clock.advance(MINUTE)
    await afterTicks()
    expect(w.push.requests).toHaveLength(requests)
    expect(received(riyaPush)).toEqual([])
  })

  it('tries again, with backoff, a push service that answers 500 or hangs, and delivers once', async () => {
    w = await startGuardianWorld()
    const riya = await w.invite('Riya')
    const push = await w.subscribe(riya.token, [500, 'hang', 201])
    await w.post('/api/sos', POSITION, w.her)
    await waitFor(() => w.push.requests.length === 1, 2_000, 'the first attempt')
    // Not before its backoff (5 s, give or take 20%).
    await afterTicks()
    expect(w.push.requests).toHaveLength(1)
    await settled()
    w.clock.advance(7_000)
    await waitFor(() => w.push.requests.length === 2, A_TICK, 'the second attempt')
    // The hang is cut off by the send timeout (500 ms here) and tried again after 15 s, or the lease's 20 s.
    await settled()
    expect(w.query('SELECT status, push_result FROM alert_outbox')).toEqual([{ status: 'pending', push_result: null }])
    w.clock.advance(25_000)
    await deliveredTo(push, 1, A_TICK)
    await afterTicks()
    expect(received(push)).toHaveLength(1)
    expect(w.query('SELECT status, attempts, push_result FROM alert_outbox')).toEqual([
      { status: 'sent', attempts: 3, push_result: 'sent' },
    ])
  })

  it('tries an e-mail again when the SMTP server says later (4xx), and gives it up when it refuses (5xx)', async () => {
    w = await startGuardianWorld()
    const maa = await w.invite('Maa')
    const papa = await w.invite('Papa')
    await w.confirmEmail(maa.token, 'maa@example.in')
    await w.confirmEmail(papa.token, 'papa@example.in')
    w.smtp.refuseNext(451)
    await w.post('/api/sos', POSITION, w.her)
    await waitFor(() => w.smtp.mails.length === 3, 5_000, 'one alert e-mail')
    await settled()
    expect(w.query("SELECT 1 FROM alert_outbox WHERE status = 'pending' AND attempts = 1")).toHaveLength(1)
    w.clock.advance(MINUTE)
    await waitFor(() => w.smtp.mails.length === 4, A_TICK, 'the other, tried again')
    await waitFor(
      () => w.query("SELECT 1 FROM alert_outbox WHERE status = 'sent' AND email_result = 'sent'").length === 2,
    )

    w.smtp.refuseNext(550, 2)
    await w.post('/api/sos', POSITION, w.her)
    await waitFor(() => w.query("SELECT 1 FROM alert_outbox WHERE status = 'failed'").length === 2)
    w.clock.advance(MINUTE)
    await afterTicks()
    expect(w.smtp.mails).toHaveLength(4)
  })

  it('sends nothing more to a guardian she removed or who stopped, and gives up after 6 hours', async () => {
    w = await startGuardianWorld()
    const [removed, stopped, kept] = [await w.invite('Riya'), await w.invite('Maa'), await w.invite('Didi')]
    await w.subscribe(removed.token, [500])
    await w.subscribe(stopped.token, [500])
    const keptPush = await w.subscribe(kept.token, Array(100).fill(500))
    await w.post('/api/sos', POSITION, w.her)
    await waitFor(() => w.push.requests.length === 3, 2_000, 'the first attempts')
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: `/api/guardians/${removed.id}`, cookies: w.her })).statusCode,
    ).toBe(200)
    expect((await w.post(`/api/guardian-invites/${stopped.token}/stop`)).statusCode).toBe(200)
    expect(w.query('SELECT guardian_id FROM alert_outbox')).toEqual([{ guardian_id: kept.id }])
    await settled()
    w.clock.advance(MINUTE)
    await waitFor(() => w.push.requests.length === 4, A_TICK, 'the kept guardian’s retry')
    expect(w.push.requests[3]?.id).toBe(subscriptionId(keptPush))

    await settled()
    w.clock.advance(6 * 60 * MINUTE)
    await waitFor(() => w.query("SELECT 1 FROM alert_outbox WHERE status = 'failed'").length === 1)
    const requests = w.push.requests.length
    w.clock.advance(60 * MINUTE)
    await afterTicks()
    expect(w.push.requests).toHaveLength(requests)
  })
})

describe('in the guardian’s language', { timeout: 30_000 }, () => {
  /** Notifications on for `token`, from a page that sends `headers`. */
  async function subscribeWith(token: string, headers: Record<string, string>) {
    const subscription = w.push.subscribe([])
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/guardian-invites/${token}/push`,
      payload: { subscription: subscription.json },
      headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    return subscription
  }

  it('writes in the guardian’s own language, else in hers (Hindi), else English', async () => {
    w = await startGuardianWorld({ alerts: { tickMs: 60_000 } })
    const res = await w.t.app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      payload: { language: 'hi' },
      cookies: w.her,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [riya, maa, didi, papa, tai] = [
      await w.invite('Riya'),
      await w.invite('Maa'),
      await w.invite('Didi'),
      await w.invite('Papa'),
      await w.invite('Tai'),
    ]
    // Riya's page says nothing, Maa's browser is in English: Hindi, hers.
    const riyaPush = await w.subscribe(riya.token)
    await w.confirmEmail(maa.token, 'maa@example.in')
    const didiPush = await subscribeWith(didi.token, { 'x-wings-language': 'mr' })
    const papaPush = await subscribeWith(papa.token, { 'x-wings-language': 'en', 'accept-language': 'hi-IN' })
    const taiPush = await subscribeWith(tai.token, { 'accept-language': 'mr-IN,mr;q=0.9,en;q=0.8' })
    expect(w.query('SELECT name, language FROM guardians ORDER BY name')).toEqual([
      { name: 'Didi', language: 'mr' },
      { name: 'Maa', language: null },
      { name: 'Papa', language: 'en' },
      { name: 'Riya', language: null },
      { name: 'Tai', language: 'mr' },
    ])
    // Her confirmation e-mail was already in Hindi.
    const confirmation = w.smtp.to('maa@example.in')[0]
    expect(confirmation?.subject).toBe('Asha के अलर्ट पाने के लिए अपना ई-मेल कन्फ़र्म करें')
    expect(confirmation?.text).toContain('यह पता कन्फ़र्म करने के लिए 24 घंटे के अंदर यह लिंक खोलें:')

    const share = await herShare()
    const sos = await w.post('/api/sos', { ...POSITION, shareToken: share.token, message: 'स्टेशन के पास हूँ' }, w.her)
    expect(sos.statusCode, sos.body).toBe(202)
    for (const push of [riyaPush, didiPush, papaPush, taiPush]) await deliveredTo(push, 1, 2_000)

    expect(received(riyaPush)[0]).toMatchObject({
      kind: 'sos',
      title: 'Asha की ओर से SOS',
      body: 'Asha ने SOS दबाया है और लिखा है: “स्टेशन के पास हूँ”। उनकी आखिरी लोकेशन एक मिनट से भी कम समय पहले की है। वह कहाँ हैं, यह देखने के लिए टैप करें। उन्हें कॉल करें। बात न हो पाए तो 112 पर कॉल करें।',
      url: `/s/${share.token}`,
    })
    for (const didiOrTai of [didiPush, taiPush])
      expect(received(didiOrTai)[0]).toMatchObject({
        title: 'Asha यांच्याकडून SOS',
        body: expect.stringContaining('संपर्क झाला नाही तर 112 ला कॉल करा.'),
      })
    expect(received(papaPush)[0]).toMatchObject({
      title: 'SOS from Asha',
      body: expect.stringContaining('If you cannot reach her, call 112.'),
    })

    await waitFor(() => w.smtp.to('maa@example.in').length === 2, 5_000, 'the SOS e-mail')
    const mail = w.smtp.to('maa@example.in')[1]
    expect(mail?.subject).toBe('Asha की ओर से SOS')
    expect(mail?.text).toContain('Asha ने SOS दबाया है और लिखा है: “स्टेशन के पास हूँ”।\n')
    expect(mail?.text).toContain('वह कहाँ हैं, यह देखने के लिए नीचे दिया लिंक खोलें।')
    expect(mail?.text).toContain(`लाइव लोकेशन: ${PUBLIC_URL}/s/${share.token}`)
    expect(mail?.text).toContain('आखिरी लोकेशन: 18.94020, 72.83560 (लगभग 12 मीटर के अंदर)')
    expect(mail?.text).toContain(
      `--\nआपको यह इसलिए मिला है क्योंकि Asha ने Wings में आपको अपना गार्डियन चुना है।\nये अलर्ट बंद करने के लिए: ${PUBLIC_URL}/g/${maa.token}?stop=1`,
    )
    expect(mail?.text).not.toMatch(/\b(Her|Call|Live location|Last known)\b/)
  })
})
