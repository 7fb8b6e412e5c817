import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, HERE, locatedAt, newContext, openPage, PHONE, waitForServiceWorker } from './browser.ts'

// HERE, then a walk of about 150 m up the road.
const LATER = { latitude: 18.96678, longitude: 72.81655 }

/** Presses Emergency SOS and answers the sheet's question with Send SOS; answers the sheet. */
async function pressSos(page: Page) {
  await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
  const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
  await sheet.getByRole('button', { name: 'Send SOS' }).click()
  return sheet
}

const hrefOf = async (page: Page, name: string) =>
  (await page.getByRole('dialog').getByRole('link', { name }).getAttribute('href')) ?? ''

describe('emergency SOS', () => {
  it('sends her position with a maps link and a live link, to her trusted contacts by SMS, and offers 112', async () => {
    const { context, page } = await openPage({ ...locatedAt(), viewport: PHONE })
    await page.goto('/safety')
    // Signed out: the contact is kept on this phone.
    await page.getByLabel('Name').fill('Amma')
    await page.getByLabel('Phone number').fill('+91 98765 43210')
    await page.getByRole('button', { name: 'Add contact' }).click()
    await page.getByText('+919876543210').waitFor()

    const sheet = await pressSos(page)
    await sheet.getByText('Your location: 18.96543, 72.81634', { exact: false }).waitFor()
    await expect.poll(() => hrefOf(page, 'Send on WhatsApp'), { timeout: 10_000 }).toContain('%2Fs%2F')
    const whatsapp = await hrefOf(page, 'Send on WhatsApp')
    const text = decodeURIComponent(whatsapp.slice('https://wa.me/?text='.length))
    expect(text).toContain('18.96543, 72.81634')
    expect(text).toContain('https://maps.google.com/?q=18.96543,72.81634')
    const live = /Follow my live location: (\S+)/.exec(text)?.[1] ?? ''
    expect(live).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/)
    expect(await hrefOf(page, 'Send SMS to trusted contacts')).toBe(
      `sms:+919876543210?body=${encodeURIComponent(text)}`,
    )
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await expectAccessible(page)

    // Whoever gets the message sees her on the live page, no account needed.
    const viewer = await (await newContext()).newPage()
    await viewer.goto(new URL(live).pathname)
    await viewer.getByText(/^Updated \d\d:\d\d/).waitFor({ timeout: 30_000 })
    await viewer.getByRole('region', { name: 'Last known position' }).waitFor()
    await expectAccessible(viewer)
    await viewer.context().close()
    await context.close()
  })

  it('offline and with no fix, still offers SMS and a call with the last known position and its age', async () => {
    const { context, page } = await openPage(locatedAt())
    await page.goto('/')
    await waitForServiceWorker(page)
    // A first SOS keeps her position on the phone (and starts a live link).
    const first = await pressSos(page)
    await first.getByText('Your location: 18.96543, 72.81634', { exact: false }).waitFor()
    await first.getByText(/^Live location shared until \d\d:\d\d\./).waitFor({ timeout: 20_000 })
    await first.getByRole('button', { name: 'Close' }).click()

    await context.clearPermissions()
    await context.setOffline(true)
    await page.reload()
    const sheet = await pressSos(page)
    await sheet.getByText(/^Last known position, (just now|\d+ minutes? ago): 18\.96543, 72\.81634/).waitFor()
    await sheet.getByRole('alert').getByText('Unable to retrieve location. Please enable location access.').waitFor()
    // The live link the first SOS started is still running: it goes in the message, offline too, saying truly that
    // it shows where she was, not where she is.
    await sheet.getByText(/^Not updated since \d\d:\d\d: your link shows where you were then\./).waitFor()
    await sheet.getByText('The link is in the message.', { exact: false }).waitFor()
    const sms = decodeURIComponent((await hrefOf(page, 'Send SMS')).slice('sms:?body='.length))
    expect(sms).toContain('18.96543, 72.81634 (last known position,')
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await context.close()
  })

  it('without geolocation permission and no position ever known, says so and still offers 112', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    const sheet = await pressSos(page)
    await sheet.getByRole('alert').getByText('Unable to retrieve location. Please enable location access.').waitFor()
    await sheet.getByText('Your location is not known.').waitFor()
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await context.close()
  })
})

describe('live location', () => {
  it('the viewer follows her as she moves, and the link answers 410 once she stops', async () => {
    const { context, page } = await openPage(locatedAt())
    await page.goto('/safety')
    await page.getByRole('radio', { name: '15 min' }).check()
    await page.getByRole('button', { name: 'Share my live location' }).click()
    const link = await page.getByRole('textbox', { name: 'Your live location link' }).inputValue()
    const token = link.split('/s/')[1] ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await page.getByText(/^Last sent \d\d:\d\d/).waitFor({ timeout: 20_000 })

    const api = context.request
    const first = (await (await api.get(`/api/share/${token}`)).json()) as { lat: number; lon: number }
    expect(first).toMatchObject({ lat: HERE.latitude, lon: HERE.longitude, active: true })
    // Only the phone that started it may write to it.
    const forged = await api.post(`/api/share/${token}/position`, {
      data: { writeKey: 'x'.repeat(43), lat: 0, lon: 0, accuracy: 5 },
    })
    expect(forged.status()).toBe(403)

    const viewerContext = await newContext()
    const viewer = await viewerContext.newPage()
    await viewer.goto(`/s/${token}`)
    await viewer.getByText(/^Updated \d\d:\d\d/).waitFor({ timeout: 20_000 })

    // She walks on: the phone sends the move (over 25 m) and the viewer page shows it by itself.
    await context.setGeolocation(LATER)
    await expect
      .poll(async () => ((await (await api.get(`/api/share/${token}`)).json()) as { lat: number }).lat, {
        timeout: 30_000,
      })
      .toBe(LATER.latitude)
    await viewer.getByText(`Position: ${LATER.latitude.toFixed(5)}, ${LATER.longitude.toFixed(5)}`).waitFor({
      timeout: 30_000,
    })

    await page.getByRole('button', { name: 'Stop sharing', exact: true }).click()
    await page.getByText('Sharing stopped.', { exact: false }).waitFor()
    await expect.poll(async () => (await api.get(`/api/share/${token}`)).status(), { timeout: 10_000 }).toBe(410)
    await viewer.getByText('This location share has ended.').waitFor({ timeout: 30_000 })
    await viewerContext.close()
    await context.close()
  })

  it('a check-in that passes without "I\'m safe" shows as missed on the viewer page', async () => {
    const { context, page } = await openPage(locatedAt())
    await page.goto('/safety')
    await page.getByRole('spinbutton', { name: 'In (minutes)' }).fill('1')
    await page.getByRole('textbox', { name: 'Destination (optional)' }).fill('Home')
    await page.getByRole('button', { name: 'Start check-in' }).click()
    await page.getByText(/^Check in by \d\d:\d\d/).waitFor()
    const link = await page.getByRole('textbox', { name: 'Your live location link' }).inputValue()

    const viewerContext = await newContext()
    const viewer = await viewerContext.newPage()
    // The viewer's clock runs 2 minutes ahead: the deadline has passed for it, with no 'I'm safe'.
    await viewer.clock.install({ time: Date.now() + 2 * 60_000 })
    await viewer.goto(new URL(link).pathname)
    const missed = viewer.getByRole('alert').filter({ hasText: /^Missed check-in at \d\d:\d\d/ })
    await missed.waitFor({ timeout: 20_000 })
    await missed.getByText('Destination: Home').waitFor()
    await viewerContext.close()
    await context.close()
  })

  it('when her check-in passes without "I\'m safe", the phone opens the SOS with the message filled in', async () => {
    const { context, page } = await openPage(locatedAt())
    await page.clock.install()
    await page.goto('/safety')
    await page.getByRole('spinbutton', { name: 'In (minutes)' }).fill('1')
    await page.getByRole('button', { name: 'Start check-in' }).click()
    await page.getByText(/^Check in by \d\d:\d\d/).waitFor()
    await page.clock.fastForward('02:00')
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.waitFor({ timeout: 15_000 })
    await expect
      .poll(async () => decodeURIComponent((await hrefOf(page, 'Send SMS')).slice('sms:?body='.length)))
      .toMatch(/^I didn't check in by \d\d:\d\d\. I may need help\./)
    await context.close()
  })
})
