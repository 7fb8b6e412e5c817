import type { AlertPayload } from '@wings/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  baseURL,
  dataDir,
  expectAccessible,
  expectNoHorizontalScroll,
  locatedAt,
  logInThroughUi,
  newContext,
  openPage,
  PHONE,
  signIn,
} from './browser.ts'
import { decryptPush, setUpPushService, subscriptionId, verifyVapid } from './push-service.ts'
import { sql } from './server.ts'

const pushService = setUpPushService()

/**
 * Runs in the guardian's page before Wings does: a push manager whose subscription names the test's push service and
 * carries keys the test holds (headless chromium has no push service of its own). Everything else is the browser's.
 */
function fakePushManager({ endpoint, p256dh, auth }: { endpoint: string; p256dh: string; auth: string }) {
  let current: object | null = null
  const bytes = (base64url: string) =>
    Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey
    const applicationServerKey =
      typeof key === 'string'
        ? bytes(key)
        : ArrayBuffer.isView(key)
          ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength).slice().buffer
          : (key ?? null)
    const made = {
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: options?.userVisibleOnly === true, applicationServerKey },
      getKey: (name: string) => bytes(name === 'auth' ? auth : p256dh),
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        current = null
        return true
      },
    }
    current = made
    return made as unknown as PushSubscription
  }
  PushManager.prototype.getSubscription = async () => current as PushSubscription | null
}

/** The notifications the page's service worker shows now. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    }))
  })

describe('guardians', () => {
  it('her SOS reaches her guardian’s device (invite, notifications on, encrypted push, notification), also from offline', async () => {
    // Her phone: signed in, on Safety tools.
    const her = await newContext({ ...locatedAt(), viewport: PHONE })
    const user = await signIn(her)
    const page = await her.newPage()
    await logInThroughUi(page, user)
    await page.goto('/safety')
    const panel = page.getByRole('region', { name: 'Guardians' })
    await panel.getByText('No guardians yet.').waitFor()
    await panel.getByLabel('Name').fill('Riya')
    await panel.getByRole('button', { name: 'Invite as guardian' }).click()
    await panel.getByRole('heading', { name: 'Invitation for Riya is ready' }).waitFor()
    const link = await panel.getByLabel('Invitation link').inputValue()
    expect(link).toMatch(new RegExp(`^${baseURL}/g/[A-Za-z0-9_-]{43}$`))
    const whatsapp = (await panel.getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')) ?? ''
    const message = decodeURIComponent(whatsapp.slice('https://wa.me/?text='.length))
    expect(message).toContain(`${user.firstName} has asked you to be one of her guardians on Wings.`)
    expect(message).toContain(link)
    expect(message).not.toContain(user.lastName)
    await panel.getByText('Invited: not accepted yet').waitFor()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // Riya's phone: another browser, no account; the push manager is the test's, the rest is chromium's.
    const subscription = pushService().subscribe()
    const pushId = subscriptionId(subscription)
    const riya = await newContext({ viewport: PHONE })
    await riya.grantPermissions(['notifications'])
    await riya.addInitScript(fakePushManager, { endpoint: subscription.json.endpoint, ...subscription.json.keys })
    const guardian = await riya.newPage()
    await guardian.goto(new URL(link).pathname)
    await guardian.getByText(`${user.firstName} has asked you to be one of her guardians on Wings.`).waitFor()
    await guardian
      .getByRole('region', { name: 'What you will receive' })
      .getByText('Missed check-in', { exact: true })
      .waitFor()
    await expectAccessible(guardian)
    await expectNoHorizontalScroll(guardian)
    await guardian.getByRole('button', { name: 'Turn on notifications on this device' }).focus()
    await guardian.keyboard.press('Enter')
    await guardian.getByText('Notifications are on for this device.').waitFor({ timeout: 20_000 })
    await guardian.getByText('Notifications are on.').waitFor()

    // Her list says so.
    await page.reload()
    await panel.getByText('Notifications on').waitFor()

    // She presses SOS: the alert goes as an op through her outbox, and the server pushes it to Riya's device.
    await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.getByRole('button', { name: 'Send SOS' }).click()
    await sheet.getByText('1 guardian alerted.').waitFor({ timeout: 30_000 })
    expect(sql(dataDir, "SELECT type FROM applied_ops WHERE type = 'sos.alert' AND user_id = ?", [user.id])).toEqual([
      { type: 'sos.alert' },
    ])

    const pushed = await pushService().next(pushId)
    expect(pushed.headers['content-encoding']).toBe('aes128gcm')
    const { publicKey } = (await (await her.request.get('/api/push/public-key')).json()) as { publicKey: string }
    expect(() => verifyVapid(pushed, publicKey, pushService().origin)).not.toThrow()
    const plaintext = decryptPush(pushed.body, subscription)
    const alert = JSON.parse(plaintext) as AlertPayload
    expect(alert.kind).toBe('sos')
    expect(alert.title).toContain(user.firstName)
    expect(`${alert.title} ${alert.body}`).not.toContain(user.lastName)
    // The notification opens the live viewer of the share her SOS started.
    expect(new URL(alert.url, baseURL).pathname).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/)

    // The push service hands the message to Riya's browser: its service worker shows the notification.
    const cdp = await riya.newCDPSession(guardian)
    const registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
      registrations.push(...event.registrations)
    })
    const workerErrors: string[] = []
    cdp.on('ServiceWorker.workerErrorReported', (event) => {
      workerErrors.push(event.errorMessage.errorMessage)
    })
    await cdp.send('ServiceWorker.enable')
    await expect
      .poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)?.registrationId)
      .toBeTruthy()
    const registrationId = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)?.registrationId
    expect(await shownNotifications(guardian)).toEqual([])
    // A push service hands a message on again until the browser takes it: so does the test, as a worker woken on a
    // busy machine may miss the first one. However often it arrives, one notification shows (one tag).
    let shown: Awaited<ReturnType<typeof shownNotifications>> = []
    for (let attempt = 0; attempt < 3 && shown.length === 0; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL,
        registrationId: registrationId ?? '',
        data: plaintext,
      })
      const until = Date.now() + 10_000
      shown = await shownNotifications(guardian)
      while (shown.length === 0 && Date.now() < until) {
        await guardian.waitForTimeout(250)
        shown = await shownNotifications(guardian)
      }
    }
    expect(shown, `service worker errors: ${workerErrors.join('; ')}`).toEqual([
      { title: alert.title, body: alert.body, tag: alert.tag, data: { url: alert.url } },
    ])

    // An SOS pressed offline waits in her outbox and alerts Riya once she is back online, exactly once.
    await sheet.getByRole('button', { name: 'Close' }).click()
    await her.setOffline(true)
    await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
    await sheet.getByRole('button', { name: 'Send SOS' }).click()
    await sheet.getByText('Your guardians will be alerted when you are back online.').waitFor({ timeout: 20_000 })
    expect(pushService().requests.filter((r) => r.id === pushId)).toHaveLength(1)
    await her.setOffline(false)
    const later = JSON.parse(decryptPush((await pushService().next(pushId)).body, subscription)) as AlertPayload
    expect(later.kind).toBe('sos')
    await expect
      .poll(() => sql(dataDir, "SELECT op_id FROM applied_ops WHERE type = 'sos.alert' AND user_id = ?", [user.id]))
      .toHaveLength(2)
    await page.waitForTimeout(2_000)
    expect(pushService().requests.filter((r) => r.id === pushId)).toHaveLength(2)

    // The stop link in every alert asks first; keeping alerts changes nothing, and the question leaves the address.
    await guardian.goto(`${new URL(link).pathname}?stop=1`)
    const stop = guardian.getByRole('dialog', { name: 'Stop all alerts?' })
    await stop.getByRole('button', { name: 'Keep alerts' }).click()
    await expect.poll(() => new URL(guardian.url()).search).toBe('')
    await guardian.getByText('Notifications are on.').waitFor()

    // She removes Riya: the link ends at once.
    await sheet.getByRole('button', { name: 'Close' }).click()
    await panel.getByRole('button', { name: 'Remove Riya' }).click()
    await page
      .getByRole('dialog', { name: 'Remove Riya as a guardian?' })
      .getByRole('button', { name: 'Remove' })
      .click()
    await panel.getByText('No guardians yet.').waitFor()
    await guardian.reload()
    await guardian.getByText(/This invitation has ended/).waitFor()
    await expectAccessible(guardian)

    await riya.close()
    await her.close()
  })

  it('signed out, Safety tools explains that guardians need an account', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/safety')
    const panel = page.getByRole('region', { name: 'Guardians' })
    await panel.getByText(/Guardians need an account/).waitFor()
    expect(await panel.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login?redirect=%2Fsafety')
    await context.close()
  })
})
