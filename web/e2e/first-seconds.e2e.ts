import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  baseURL,
  expectAccessible,
  expectNoHorizontalScroll,
  newContext,
  openPage,
  PHONE,
  waitForServiceWorker,
} from './browser.ts'

/** The app's entry script, as the built page names it. */
const MAIN_SCRIPT = /\/assets\/index-[\w-]+\.js$/

/** index.html's emergency block: what she has before (and without) the app's script. */
const block = (page: Page) => page.getByRole('region', { name: 'Emergency help' })

/** The block's links: what each dials or opens, and each is a whole touch target on the phone's screen. */
async function expectEmergencyBlock(page: Page, width = PHONE.width): Promise<void> {
  const links = block(page).getByRole('link')
  const found: [string | null, string | null][] = []
  for (const link of await links.all()) {
    found.push([await link.textContent(), await link.getAttribute('href')])
    const box = await link.boundingBox()
    if (!box) throw new Error('a link of the emergency block is not drawn')
    expect(box.height).toBeGreaterThanOrEqual(48)
    expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width).toBe(true)
  }
  // Its SOS sheet's link (when open) comes after these.
  expect(found.slice(0, 5)).toEqual([
    ['Call 112', 'tel:112'],
    ['Emergency SOS', '#sos'],
    ['181 Women Helpline', 'tel:181'],
    ['1091 Women helpline (police)', 'tel:1091'],
    ['All helplines', '/help'],
  ])
  // Call 112 comes first on the screen.
  expect((await block(page).getByRole('link', { name: 'Call 112' }).boundingBox())?.y).toBeLessThan(20)
}

/** On a page just loaded, the first Tab reaches Call 112. */
async function expectCallFirstForKeyboard(page: Page): Promise<void> {
  await page.keyboard.press('Tab')
  expect(await page.locator(':focus').getAttribute('href')).toBe('tel:112')
}

async function blockMainScript(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = []
  await context.route(MAIN_SCRIPT, (route) => {
    blocked.push(route.request().url())
    return route.abort('failed')
  })
  return blocked
}

describe('help before any script', () => {
  it('shows Call 112, 181, 1091 and the helplines when the app script fails to load, and keeps them', async () => {
    const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    const blocked = await blockMainScript(context)
    const page = await context.newPage()
    for (const path of ['/', '/sos', '/blog', '/help']) {
      await page.goto(path)
      await block(page).waitFor()
      // The route handler may record the aborted request a moment after the static block is drawn.
      await expect.poll(() => blocked.length, { message: path }).toBeGreaterThan(0)
      await expectEmergencyBlock(page)
      await expectCallFirstForKeyboard(page)
      await expectNoHorizontalScroll(page)
    }
    // Past the time the app would have taken over, it is still there.
    await page.waitForTimeout(2_000)
    await expectEmergencyBlock(page)
    await expectAccessible(page)
    // All helplines is a plain link: without the app it still reaches the helplines page's address.
    await block(page).getByRole('link', { name: 'All helplines' }).click()
    await page.waitForURL((url) => url.pathname === '/help')
    await context.close()
  })

  it('works with JavaScript turned off', async () => {
    const { context, page } = await openPage({ viewport: PHONE, javaScriptEnabled: false })
    await page.goto('/routeplanner')
    await expectEmergencyBlock(page)
    await expectCallFirstForKeyboard(page)
    await context.close()
  })

  it('opens its own SOS sheet without any script, and the app continues it with its full sheet', async () => {
    const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    await blockMainScript(context)
    const page = await context.newPage()
    await page.goto('/blog')
    const sheet = page.getByRole('region', { name: 'Emergency SOS' })
    expect(await sheet.isVisible()).toBe(false)
    await block(page).getByRole('link', { name: 'Emergency SOS' }).tap()
    await sheet.getByText('Call 112 now if you are in danger').waitFor()
    expect(await sheet.getByRole('link', { name: 'Text someone for help' }).getAttribute('href')).toMatch(/^sms:/)
    await expectEmergencyBlock(page)
    await expectAccessible(page)
    await context.close()

    // With the app's script, the press made before it started opens the app's sheet (Call 112 first).
    const withApp = await newContext({ viewport: PHONE })
    const appPage = await withApp.newPage()
    await appPage.goto('/blog#sos')
    const appSheet = appPage.getByRole('dialog', { name: 'Emergency SOS' })
    await appSheet.getByRole('link', { name: /Call 112/ }).waitFor()
    expect(new URL(appPage.url()).hash).toBe('')
    await withApp.close()
  })

  it("does not move when the app's stylesheet arrives after it", async () => {
    const context = await newContext({ viewport: PHONE })
    await blockMainScript(context)
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await context.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
      await held
      await route.continue()
    })
    const page = await context.newPage()
    // Not /: its page has its stylesheets inline (first-paint.e2e.ts).
    await page.goto('/blog', { waitUntil: 'commit' })
    // Drawn while the stylesheet is still on its way: it does not hold up the first paint.
    const call = block(page).getByRole('link', { name: 'Call 112' })
    await call.waitFor()
    // A frame is drawn (none is while a stylesheet in <head> is still loading).
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))), undefined, {
      timeout: 5_000,
    })
    const before = await block(page).evaluate((b) => JSON.stringify(b.getBoundingClientRect()))
    const styled = () => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim() !== ''
    expect(await page.evaluate(styled)).toBe(false)
    release()
    await page.waitForFunction(styled)
    expect(await block(page).evaluate((b) => JSON.stringify(b.getBoundingClientRect()))).toBe(before)
    await context.close()
  })

  it('is replaced by the app once it runs: one Emergency SOS, no second Call 112, no layout shift', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number }
      w.shifts = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.shifts += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/')
    // The page draws the home page's words before the app (first-paint.e2e.ts): wait for the app's own SOS.
    await page.getByRole('button', { name: 'Emergency SOS' }).waitFor()
    await page.getByRole('heading', { name: 'They built cages, she grew wings...' }).waitFor()
    expect(await block(page).count()).toBe(0)
    expect(await page.locator('.eb').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Call 112' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Emergency SOS' }).count()).toBe(1)
    // The app is drawn with its stylesheet (it waits for it), never unstyled.
    expect(await page.locator('.site-header').evaluate((h) => getComputedStyle(h).position)).toBe('sticky')
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.02)
    await context.close()
  })

  it('is in the offline copy of the app, and Call 112 is one tap from SOS in airplane mode', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/')
    await waitForServiceWorker(page)
    // The precache keeps it under a revision parameter.
    const offlineCopy = await page.evaluate(
      async () => (await caches.match('/index.html', { ignoreSearch: true }))?.text() ?? '',
    )
    expect(offlineCopy).toContain('<a class="eb-112" href="tel:112">Call 112</a>')
    await context.setOffline(true)
    await page.goto('/sos')
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    expect(await sheet.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await context.close()
  })

  it('a screen whose code fails to load says so, keeps Emergency SOS and Call 112, and loads on "Try again"', async () => {
    const context = await newContext({ viewport: PHONE })
    let failing = true
    await context.route(/\/assets\/help-[\w-]+\.js$/, (route) => (failing ? route.abort('failed') : route.continue()))
    const page = await context.newPage()
    await page.goto('/help')
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor()
    expect(await page.getByRole('main').getByRole('alert').textContent()).toContain(
      'most likely because the connection dropped',
    )
    expect(await page.getByRole('main').getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Emergency SOS' }).click()
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    expect(await sheet.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await sheet.getByRole('button', { name: 'Close' }).click()
    failing = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('heading', { name: 'EMERGENCY/HELPLINE NUMBERS' }).waitFor()
    await context.close()
  })
})

describe('faster to reach', () => {
  it('/sos opens the SOS sheet over the home page, and is no longer "Page not found"', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/sos')
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.waitFor()
    expect(await sheet.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0)
    await sheet.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('heading', { name: 'They built cages, she grew wings...' }).waitFor()
    await context.close()
  })

  it('the Call 112 shortcut (/sos?call=112) opens the sheet and the dialler, once', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    // The browser asks to open tel:112 (a real phone hands it to the dialler; this one has none and stays).
    const dialled: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith('tel:')) dialled.push(request.url())
    })
    await page.goto('/sos?call=112')
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.waitFor()
    expect(await sheet.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await expect.poll(() => dialled).toEqual(['tel:112'])
    // The address no longer asks to dial: a reload opens the sheet, not the dialler.
    await page.waitForURL((url) => url.pathname === '/sos' && url.search === '')
    await page.reload()
    await sheet.waitFor()
    await page.waitForTimeout(500)
    expect(dialled).toEqual(['tel:112'])
    await context.close()
  })

  it('/check-in shows the check-in timer first, without the rest of Safety tools', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/check-in')
    await page.getByRole('heading', { name: 'Check-in', level: 1 }).waitFor()
    const panel = page.getByRole('region', { name: 'Check-in timer' })
    await panel.waitFor()
    expect((await panel.boundingBox())?.y).toBeLessThan(PHONE.height / 2)
    expect(await page.getByRole('region', { name: /trusted contacts/i }).count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0)
    await page.getByRole('link', { name: 'All safety tools' }).click()
    await page.waitForURL((url) => url.pathname === '/safety')
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('the manifest has the SOS, Call 112, Check-in and Helplines shortcuts, with icons, to pages that exist', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/')
    const cdp = await context.newCDPSession(page)
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[] }
    expect(errors).toEqual([])
    const manifest = (await (await page.request.get(`${baseURL}/manifest.webmanifest`)).json()) as {
      shortcuts: { name: string; short_name: string; url: string; icons: { src: string; sizes: string }[] }[]
    }
    expect(manifest.shortcuts.map(({ short_name, url }) => [short_name, url])).toEqual([
      ['SOS', '/sos'],
      ['Call 112', '/sos?call=112'],
      ['Check-in', '/check-in'],
      ['Helplines', '/help'],
    ])
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.name.length).toBeGreaterThan(0)
      expect(shortcut.icons.length).toBeGreaterThan(0)
      for (const icon of shortcut.icons) {
        const response = await page.request.get(`${baseURL}${icon.src}`)
        expect(response.status(), icon.src).toBe(200)
        expect(response.headers()['content-type']).toContain('image/png')
        const png = await response.body()
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes)
        expect(icon.sizes).toBe('96x96')
      }
      await page.goto(shortcut.url)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      expect(await page.getByRole('heading', { name: 'Page not found' }).count(), shortcut.url).toBe(0)
    }
    await context.close()
  })

  it.each([320, 360, 1280])(
    'SOS and Quick exit are 48 px tall, 16 px apart, unlike in shape, on one line at %i px',
    async (width) => {
      const { context, page } = await openPage({ viewport: { width, height: 740 } })
      await page.goto('/')
      const sos = page.getByRole('button', { name: 'Emergency SOS' })
      const exit = page.getByRole('button', { name: 'Quick exit' })
      await sos.waitFor()
      const [a, b] = [await exit.boundingBox(), await sos.boundingBox()]
      if (!a || !b) throw new Error('no box')
      // One line each: exactly the target height, not taller from wrapped words.
      expect([a.height, b.height]).toEqual([48, 48])
      expect(a.y).toBe(b.y)
      expect(b.x - (a.x + a.width)).toBeGreaterThanOrEqual(16)
      expect(b.x + b.width).toBeLessThanOrEqual(width)
      const look = (el: Element) => {
        const s = getComputedStyle(el)
        return { radius: Number.parseFloat(s.borderTopLeftRadius), background: s.backgroundColor }
      }
      const [exitLook, sosLook] = [await exit.evaluate(look), await sos.evaluate(look)]
      expect(sosLook.radius).toBeGreaterThanOrEqual(24)
      expect(exitLook.radius).toBeLessThanOrEqual(8)
      expect(sosLook.background).toBe('rgb(179, 38, 30)')
      expect(exitLook.background).toBe('rgb(255, 255, 255)')
      // Nothing clipped: each shows all of its label.
      for (const button of [sos, exit])
        expect(
          await button.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
        ).toBe(true)
      await expectNoHorizontalScroll(page)
      await context.close()
    },
  )

  it('"Safety tools" in the menu reaches /safety with the keyboard alone', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/')
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.waitFor()
    const focused = (name: string) =>
      page.evaluate(
        (n) =>
          document.activeElement?.textContent?.trim() === n || document.activeElement?.getAttribute('aria-label') === n,
        name,
      )
    for (let i = 0; i < 10 && !(await focused('Menu')); i++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    for (let i = 0; i < 10 && !(await focused('Safety tools')); i++) await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/safety')
    await page.getByRole('heading', { name: 'Safety tools', level: 1 }).waitFor()
    await context.close()
  })
})
