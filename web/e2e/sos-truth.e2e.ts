/**
 * Issue 30, points 1 to 3, on a 360 px phone: Call 112 is never behind the question, every sharing screen says only
 * what is true (kept in step with the server), and an SOS started offline shares by itself once the network is back.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, HERE, locatedAt, openPage, PHONE, waitForServiceWorker } from './browser.ts'

/** Every way a screen could claim her location is shared. */
const SHARED_CLAIM = /Sharing location|Live location shared|shared until|Sharing your live location|Last sent/
const NOT_SHARED_OFFLINE = 'Not shared: no connection. It starts when you are back online.'

const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Emergency SOS' })
const banner = (page: Page) => page.getByRole('status', { name: 'Live location sharing' })
const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' })
const liveLine = (page: Page) => sheetOf(page).getByRole('status', { name: 'Live location' })
const hrefOf = async (page: Page, name: string) =>
  (await sheetOf(page).getByRole('link', { name }).getAttribute('href')) ?? ''
const tokenIn = (href: string) => /%2Fs%2F([A-Za-z0-9_-]{43})/.exec(href)?.[1] ?? ''

const phone = (options: { located?: boolean } = {}) =>
  openPage({ viewport: PHONE, ...(options.located ? locatedAt() : {}) })

/** The requests that would read or send her position, or start sharing it. */
function watchSends(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (/^\/api\/(share|sos|sync\/push)/.test(pathname)) sent.push(`${request.method()} ${pathname}`)
  })
  return sent
}

async function openSos(page: Page) {
  await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
  const sheet = sheetOf(page)
  await sheet.waitFor()
  return sheet
}

async function sendSos(page: Page) {
  const sheet = await openSos(page)
  await sheet.getByRole('button', { name: 'Send SOS' }).click()
  return sheet
}

/** No screen part claims she is sharing: the sheet (if open), the banner, and the share panel. */
async function expectNoSharedClaim(page: Page): Promise<void> {
  // biome-ignore lint/performance/useDomNodeTextContent: what the screen shows, not the text of closed dialogs
  expect(await page.locator('body').innerText()).not.toMatch(SHARED_CLAIM)
}

describe('Call 112 is never behind anything', () => {
  it('opens the sheet at once with Call 112 first; declining sends nothing and keeps 112 and the helplines', async () => {
    const { context, page } = await phone({ located: true })
    const sends = watchSends(page)
    // Counts every read of her position.
    await page.addInitScript(() => {
      const geo = navigator.geolocation
      const w = window as unknown as { positionReads: number }
      w.positionReads = 0
      for (const name of ['getCurrentPosition', 'watchPosition'] as const) {
        const original = geo[name].bind(geo) as (...args: unknown[]) => number
        Object.defineProperty(geo, name, {
          value: (...args: unknown[]) => {
            w.positionReads++
            return original(...args)
          },
        })
      }
    })
    let nativeDialogs = 0
    page.on('dialog', (dialog) => {
      nativeDialogs++
      void dialog.dismiss()
    })
    await page.goto('/')
    await page.getByRole('button', { name: 'Emergency SOS' }).first().waitFor()
    // The sheet is open, Call 112 in it, before the frame after the tap is painted.
    const openedInFrame = await page.evaluate(async () => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.includes('SOS'))
      button?.click()
      await new Promise((resolve) => requestAnimationFrame(resolve))
      return document.querySelector('dialog[open] a[href="tel:112"]') !== null
    })
    expect(openedInFrame).toBe(true)
    const sheet = sheetOf(page)
    expect(nativeDialogs).toBe(0)
    await sheet.getByText('Send an emergency SOS with your current location?').waitFor()
    // Send SOS has the focus, as a prompt's OK would; Call 112 comes first, one Shift+Tab before it, then the
    // question's two answers, then the helplines and Safety tools.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
    expect(await focused()).toBe('Send SOS')
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('Call 112')
    const order = []
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      order.push(await focused())
    }
    expect(order).toEqual(['Send SOS', "Don't send", 'Helplines', 'Safety tools'])
    await expectAccessible(page)
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe("Don't send")

    // Space on "Don't send": the question goes, nothing else does.
    await page.keyboard.press('Space')
    await sheet.getByText('Nothing was sent: your location was not read or shared, and nobody was alerted.').waitFor()
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await sheet.getByRole('link', { name: 'Call 112' }).waitFor({ state: 'visible' })
    expect(await sheet.getByRole('link', { name: 'Helplines' }).getAttribute('href')).toBe('/help')
    expect(await sheet.getByRole('link', { name: 'Safety tools' }).getAttribute('href')).toBe('/safety')
    const sms = decodeURIComponent((await hrefOf(page, 'Send SMS')).slice('sms:?body='.length))
    expect(sms).toBe('I need help! This is an emergency. Please reach me as soon as possible.')
    await expectAccessible(page)
    await page.waitForTimeout(1_000)
    expect(sends).toEqual([])
    expect(await page.evaluate(() => (window as unknown as { positionReads: number }).positionReads)).toBe(0)
    expect(nativeDialogs).toBe(0)
    await context.close()
  })
})

describe('only true words', () => {
  it('with location denied, no screen says it is shared: the sheet, the banner, /safety', async () => {
    const { context, page } = await phone()
    await page.goto('/')
    const sheet = await sendSos(page)
    const alert = sheet.getByRole('alert')
    await alert.getByText('Unable to retrieve location. Please enable location access.', { exact: false }).waitFor()
    expect(await alert.textContent()).toContain('Site settings')
    await liveLine(page)
      .getByText(/^No live link: Wings cannot use your location/)
      .waitFor({ timeout: 15_000 })
    await expectNoSharedClaim(page)
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await expectAccessible(page)
    await sheet.getByRole('button', { name: 'Close' }).click()

    for (const path of ['/', '/safety', '/help']) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForTimeout(500)
      expect(await banner(page).textContent()).toBe('')
      await expectNoSharedClaim(page)
    }
    await context.close()
  })

  it.each([
    ['timed out', 3, 'Your phone took too long to find your position. Move near a window or outdoors'],
    ['unavailable', 2, "Turn on location (GPS) in your phone's settings"],
  ] as const)(
    'a position %s says which, and what to do; the link says it waits for her position',
    async (_, code, words) => {
      const { context, page } = await phone()
      await page.addInitScript((errorCode) => {
        const fail = (_ok: unknown, error?: (e: { code: number; message: string }) => void) => {
          setTimeout(() => error?.({ code: errorCode, message: 'test' }), 10)
          return 1
        }
        Object.defineProperty(navigator.geolocation, 'getCurrentPosition', { value: fail })
        Object.defineProperty(navigator.geolocation, 'watchPosition', { value: fail })
      }, code)
      await page.goto('/')
      const sheet = await sendSos(page)
      await sheet.getByRole('alert').getByText(words, { exact: false }).waitFor()
      expect(await sheet.getByRole('alert').textContent()).not.toContain('Please enable location access')
      await liveLine(page)
        .getByText(/Not shared|Waiting for your position/)
        .waitFor({ timeout: 15_000 })
      await expectNoSharedClaim(page)
      await banner(page)
        .getByText(
          /^(Live link on: waiting for your position|Not shared: position not found yet|Not shared: location \(GPS\) is off)$/,
        )
        .waitFor()
      expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
      await context.close()
    },
  )

  it('a browser with no geolocation says so, makes no link, and still calls 112', async () => {
    const { context, page } = await phone()
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'geolocation', { configurable: true, get: () => undefined })
    })
    await page.goto('/')
    const sheet = await sendSos(page)
    await sheet.getByRole('alert').getByText('Geolocation is not supported by your browser.').waitFor()
    await liveLine(page)
      .getByText(/^No live link/)
      .waitFor({ timeout: 15_000 })
    await expectNoSharedClaim(page)
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await context.close()
  })

  it.each([503, 429])(
    'a %i to the share shows it is not shared yet, with 112; it starts once the server takes it',
    async (status) => {
      const { context, page } = await phone({ located: true })
      let refuse = true
      await page.route('**/api/share', (route) =>
        refuse && route.request().method() === 'POST'
          ? route.fulfill({
              status,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, message: 'Not now', code: 'UNAVAILABLE' }),
            })
          : route.continue(),
      )
      await page.goto('/')
      const sheet = await sendSos(page)
      await liveLine(page)
        .getByText(
          status >= 500
            ? "Not shared yet: Wings cannot start your live link right now (a problem on Wings' side, not yours)."
            : 'Not shared yet: Wings cannot start your live link right now.',
          { exact: false },
        )
        .waitFor({ timeout: 15_000 })
      expect(await liveLine(page).textContent()).toContain('call 112 or send an SMS')
      // What the answer means, never its bare status.
      expect(await liveLine(page).textContent()).not.toContain(String(status))
      await banner(page).getByText('Not shared yet: Wings is busy. Trying again').waitFor()
      await expectNoSharedClaim(page)
      expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
      await expectAccessible(page)

      refuse = false
      await liveLine(page)
        .getByText(/^Live location shared until \d\d:\d\d\./)
        .waitFor({ timeout: 20_000 })
      await banner(page)
        .getByText(/^Sharing location until \d\d:\d\d$/)
        .waitFor()
      await sheet.getByRole('button', { name: 'Close' }).click()
      await context.close()
    },
  )

  it.each([
    [429, 'Not shared: Wings refused it', 'too many updates'],
    [503, 'Not shared: Wings is not answering', "(a problem on Wings' side, not yours)"],
  ] as const)(
    'positions answered %i show as refused, with 112, and the sync line does not say saved',
    async (status, line, why) => {
      const { context, page } = await phone({ located: true })
      await page.route('**/api/share/*/position', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          headers: status === 429 ? { 'Retry-After': '30' } : {},
          body: JSON.stringify({ success: false, message: 'Too many updates', code: 'RATE_LIMITED' }),
        }),
      )
      await page.goto('/safety')
      await syncStatus(page).getByText('All changes saved').waitFor()
      await page.getByRole('button', { name: 'Share my live location' }).click()
      await banner(page).getByText(line).waitFor({ timeout: 20_000 })
      const panel = page.getByRole('region', { name: 'Share my live location' })
      // What the answer means, never its bare status.
      await panel.getByRole('alert').getByText(why, { exact: false }).waitFor()
      expect(await panel.getByRole('alert').textContent()).not.toContain(String(status))
      expect(await panel.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
      await syncStatus(page).getByText('Live location not sent').waitFor()
      expect(await syncStatus(page).textContent()).not.toContain('All changes saved')
      await expectNoSharedClaim(page)
      await expectAccessible(page)
      await context.close()
    },
  )
})

describe('it keeps trying for her', () => {
  it('an SOS pressed in airplane mode starts sharing by itself within 5 s of the connection returning', async () => {
    const { context, page } = await phone({ located: true })
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.reload()
    const sheet = await sendSos(page)
    await sheet.getByText('Your location: 18.96543, 72.81634', { exact: false }).waitFor()
    await liveLine(page).getByText(NOT_SHARED_OFFLINE, { exact: false }).waitFor({ timeout: 15_000 })
    await banner(page).getByText(NOT_SHARED_OFFLINE).waitFor()
    // SMS needs no data: it has her position now, and 112 works.
    const sms = decodeURIComponent((await hrefOf(page, 'Send SMS')).slice('sms:?body='.length))
    expect(sms).toContain('18.96543, 72.81634')
    expect(sms).not.toContain('Follow my live location')
    expect(await hrefOf(page, 'Call 112')).toBe('tel:112')
    await expectNoSharedClaim(page)
    await expectAccessible(page)
    // Still offline a while later (the browser may say it is online): nothing is claimed.
    await page.waitForTimeout(3_000)
    await liveLine(page).getByText(NOT_SHARED_OFFLINE, { exact: false }).waitFor()

    const back = Date.now()
    await context.setOffline(false)
    await expect
      .poll(async () => tokenIn(await hrefOf(page, 'Send SMS')), { timeout: 5_000, interval: 100 })
      .not.toBe('')
    const token = tokenIn(await hrefOf(page, 'Send SMS'))
    await expect
      .poll(
        async () => ((await (await context.request.get(`/api/share/${token}`)).json()) as { lat?: number }).lat ?? null,
        { timeout: 5_000, interval: 200 },
      )
      .toBe(HERE.latitude)
    const elapsed = Date.now() - back
    expect(elapsed).toBeLessThanOrEqual(5_000)
    await liveLine(page)
      .getByText(/^Live location shared until \d\d:\d\d\. The link is in the message\.$/)
      .waitFor({ timeout: 10_000 })
    // No second question was asked: the sheet never went back to it.
    expect(await sheet.getByRole('button', { name: 'Send SOS' }).count()).toBe(0)
    await context.close()
  })
})
