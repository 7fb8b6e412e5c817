import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  baseURL,
  dataDir,
  expectAccessible,
  expectNoHorizontalScroll,
  locatedAt,
  logInThroughUi,
  openPage,
  PHONE,
  signIn,
  waitForServiceWorker,
} from './browser.ts'
import { setUpPushService } from './push-service.ts'
import { sql } from './server.ts'

const pushService = setUpPushService()

// The Royal Opera House is about 1 km south of HERE (Grant Road station).
const OPERA_HOUSE = { latitude: 18.9560477, longitude: 72.8155711 }

const NOBODY = 'Nobody will be alerted if you miss this check-in.'
const panel = (page: Page) => page.getByRole('region', { name: 'Check-in timer' })
const watchers = (page: Page) => panel(page).getByRole('region', { name: 'Who will be alerted' })
const sendLink = (page: Page) => panel(page).getByRole('region', { name: 'Send your live link' })
const hrefOf = async (page: Page, name: string) =>
  (await sendLink(page).getByRole('link', { name }).getAttribute('href')) ?? ''

const phone = () => openPage({ ...locatedAt(), viewport: PHONE })

async function addContact(page: Page, name: string, typed: string, shown: string): Promise<void> {
  await page.goto('/safety')
  const form = page.getByRole('form', { name: 'Add a trusted contact' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Phone number').fill(typed)
  await form.getByRole('button', { name: 'Add contact' }).click()
  await page.getByText(shown, { exact: true }).waitFor()
}

/** The share the panel started: its token, from the live link in the SMS. */
async function sharedToken(page: Page, contact: string): Promise<string> {
  const sms = await hrefOf(page, `SMS to ${contact}`)
  const match = /\/s\/([A-Za-z0-9_-]{43})/.exec(decodeURIComponent(sms))
  expect(match, sms).not.toBeNull()
  return match?.[1] ?? ''
}

/** The taps and keystrokes she makes from here on. */
async function countInput(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { inputs: number }
    w.inputs = 0
    for (const type of ['click', 'keydown']) document.addEventListener(type, () => void w.inputs++, true)
  })
  return () => page.evaluate(() => (window as unknown as { inputs: number }).inputs)
}

describe('check-in', () => {
  it('starts in one tap from /check-in, says nobody is alerted, and sends the live link by SMS or WhatsApp, addressed', async () => {
    const { context, page } = await phone()
    // Signed out: the contact stays on this phone.
    await addContact(page, 'Amma', '+91 98765 43210', '+919876543210')

    await page.goto('/check-in')
    await watchers(page).getByText(NOBODY).waitFor()
    await watchers(page)
      .getByText(/You are not signed in: sign in and add guardians/)
      .waitFor()
    expect(await watchers(page).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fcheck-in',
    )
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // The presets are big enough to hit with a thumb.
    for (const name of ['15 min', '30 min', '1 h', 'When I arrive at …']) {
      const box = await panel(page).getByRole('button', { name }).boundingBox()
      expect(box?.height, name).toBeGreaterThanOrEqual(48)
    }

    const inputs = await countInput(page)
    const before = Date.now()
    await panel(page).getByRole('button', { name: '15 min' }).click()
    const due = panel(page).getByText(/^Check in by \d\d:\d\d$/)
    await due.waitFor()
    expect(await inputs()).toBe(1)
    // The focus moves to what replaced the button she pressed.
    await expect.poll(() => due.evaluate((el) => el === document.activeElement)).toBe(true)

    // The server has the share and its deadline, 15 minutes from the tap.
    await sendLink(page).getByRole('link', { name: 'SMS to Amma' }).waitFor()
    const token = await sharedToken(page, 'Amma')
    const view = (await (await context.request.get(`/api/share/${token}`)).json()) as {
      checkIn: { deadline: string; missed: boolean }
    }
    const deadline = Date.parse(view.checkIn.deadline)
    expect(deadline - before).toBeGreaterThanOrEqual(15 * 60_000 - 2_000)
    expect(deadline - before).toBeLessThanOrEqual(15 * 60_000 + 10_000)
    expect(view.checkIn.missed).toBe(false)

    // SMS and WhatsApp, each addressed to Amma, with the live link in the text.
    const link = `${baseURL}/s/${token}`
    const sms = await hrefOf(page, 'SMS to Amma')
    expect(sms.startsWith('sms:+919876543210?body=')).toBe(true)
    expect(decodeURIComponent(sms.slice('sms:+919876543210?body='.length))).toMatch(
      new RegExp(`^I should check in by \\d\\d:\\d\\d\\. Follow my live location on Wings.*: ${link}$`),
    )
    const whatsapp = await hrefOf(page, 'WhatsApp to Amma')
    expect(whatsapp.startsWith('https://wa.me/919876543210?text=')).toBe(true)
    expect(decodeURIComponent(whatsapp)).toContain(link)
    // Still nobody, while it runs.
    await watchers(page).getByText(NOBODY).waitFor()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('names her guardian who turned notifications on, before and while it runs; her share is hers on the server', async () => {
    const { context, page } = await phone()
    const user = await signIn(context)
    await logInThroughUi(page, user)

    // Riya accepts the invitation and turns notifications on (her push subscription is on the test's push service).
    const invite = await context.request.post('/api/guardians', { data: { name: 'Riya' } })
    expect(invite.status()).toBe(201)
    const { inviteUrl } = (await invite.json()) as { inviteUrl: string }
    const { endpoint, keys } = pushService().subscribe().json
    const guardianToken = inviteUrl.slice('/g/'.length)
    const accepted = await context.request.post(`/api/guardian-invites/${guardianToken}/push`, {
      data: { subscription: { endpoint, keys } },
    })
    expect(accepted.status()).toBe(200)
    // And Didi, invited, has not accepted yet.
    expect((await context.request.post('/api/guardians', { data: { name: 'Didi' } })).status()).toBe(201)

    await page.goto('/check-in')
    const riya = watchers(page).getByRole('listitem').filter({ hasText: 'Riya' })
    await riya.waitFor()
    expect(await riya.textContent()).toBe('Riya (Notifications on)')
    await watchers(page)
      .getByText(/^If you miss this check-in, Wings alerts your guardian/)
      .waitFor()
    await watchers(page).getByText('Didi will not be alerted (invited: not accepted yet).').waitFor()
    expect(await watchers(page).getByText(NOBODY).count()).toBe(0)
    await expectAccessible(page)

    await panel(page).getByRole('button', { name: '30 min' }).click()
    await panel(page)
      .getByText(/^Check in by \d\d:\d\d$/)
      .waitFor()
    await riya.waitFor()
    // The claim is true: the share belongs to her account, so the server alerts Riya if she misses it.
    await expect
      .poll(() => sql(dataDir, 'SELECT check_in_deadline FROM shares WHERE user_id = ?', [user.id]))
      .toHaveLength(1)
    // No trusted contacts: the messaging apps ask whom to send the link to.
    expect(await hrefOf(page, 'Send by SMS')).toMatch(/^sms:\?body=.*%2Fs%2F/)
    await context.close()
  })

  it('with no guardians, signed in, it says nobody will be alerted and links to add one', async () => {
    const { context, page } = await phone()
    const user = await signIn(context)
    await logInThroughUi(page, user)
    await page.goto('/check-in')
    await watchers(page).getByText(NOBODY).waitFor()
    await watchers(page)
      .getByText(/^You have no guardians with alerts on\./)
      .waitFor()
    expect(await watchers(page).getByRole('link', { name: 'Add a guardian' }).getAttribute('href')).toBe('/safety')
    await context.close()
  })

  it('"When I arrive at ..." ends by itself when she gets there', async () => {
    const { context, page } = await phone()
    await page.goto('/check-in')
    await panel(page).getByRole('button', { name: 'When I arrive at …' }).click()
    const box = panel(page).getByRole('combobox', { name: 'When I arrive at' })
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true)
    await expectAccessible(page)
    await box.fill('opera house')
    await panel(page)
      .getByRole('option', { name: /^Royal Opera House/ })
      .first()
      .click()
    const routed = page.waitForResponse((r) => r.url().endsWith('/api/route/find'))
    await panel(page).getByRole('button', { name: 'Check in when I arrive' }).click()
    expect((await routed).status()).toBe(200)
    await panel(page)
      .getByText(/^Check-in set for \d\d:\d\d: about \d+ min on foot, with \d+ min to spare\. It ends by itself/)
      .waitFor()
    await panel(page).getByText('Destination: Royal Opera House').waitFor()
    await panel(page)
      .getByText('It ends by itself when you are within 100 m of Royal Opera House.', { exact: true })
      .waitFor()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // She walks there: her phone reports the new position, and the check-in ends.
    await context.setGeolocation(OPERA_HOUSE)
    await panel(page)
      .getByText(/^Arrived at \d\d:\d\d: you reached Royal Opera House and your check-in ended by itself\.$/)
      .waitFor({ timeout: 30_000 })
    const safeAt = () =>
      sql<{ safe_at: string | null }>(dataDir, 'SELECT safe_at FROM shares ORDER BY created_at DESC LIMIT 1')[0]
        ?.safe_at
    await expect.poll(safeAt, { timeout: 10_000 }).toBeTruthy()
    await context.close()
  })

  it('offline: the SMS link still works, and who is watching says it could not be checked', async () => {
    const { context, page } = await phone()
    const user = await signIn(context)
    await logInThroughUi(page, user)
    await addContact(page, 'Amma', '98765 43210', '+919876543210')
    await page.goto('/check-in')
    await waitForServiceWorker(page)
    await panel(page).getByRole('button', { name: '1 h' }).click()
    await sendLink(page).getByRole('link', { name: 'SMS to Amma' }).waitFor()
    const sms = await hrefOf(page, 'SMS to Amma')

    await context.setOffline(true)
    await page.reload()
    await watchers(page).getByText('Could not check who will be alerted: you are offline.').waitFor({ timeout: 20_000 })
    await watchers(page).getByRole('button', { name: 'Check again' }).waitFor()
    expect(await hrefOf(page, 'SMS to Amma')).toBe(sms)
    await context.close()
  })
})
