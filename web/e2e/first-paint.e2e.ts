import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, newContext, PHONE } from './browser.ts'

// The home page drawn by the HTML alone on a first visit (web/scripts/first-paint.mjs): its words are on screen
// before the app's script has arrived, under the emergency block, and the app then takes their place.

const TAGLINE = 'They built cages, she grew wings...'
const MAIN_SCRIPT = /\/assets\/index-[\w-]+\.js$/

/**
 * Runs in the page from its first byte: on every frame, whether the home page's tagline is in view, and whether the
 * app has drawn its header. `frames` lists the changes: 'copy' (the page's words), 'app', 'none'.
 */
const WATCH = `(() => {
  const seen = []
  window.__frames = seen
  const tick = () => {
    const h1 = [...document.querySelectorAll('h1')].find((h) => h.getBoundingClientRect().height > 0 && getComputedStyle(h).display !== 'none')
    const now = !h1 ? 'none' : document.querySelector('.site-header') && !document.querySelector('.app--first-paint') ? 'app' : 'copy'
    if (seen[seen.length - 1] !== now) seen.push(now)
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

async function holdMainScript(context: BrowserContext): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await context.route(MAIN_SCRIPT, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The frames' changes from the first that had anything of the page drawn (the first frames may come before it). */
const frames = async (page: Page) => {
  const seen = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)
  return seen[0] === 'none' && seen.length > 1 ? seen.slice(1) : seen
}

describe('the first paint of the home page', () => {
  it('shows the home page under the emergency block before the app, and the app takes its place without a gap', async () => {
    const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    const release = await holdMainScript(context)
    const page = await context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await page.addInitScript(WATCH)
    await page.goto('/')

    // Before the app: the block first, then the home page's words, styled (the stylesheets are inline).
    const block = page.getByRole('region', { name: 'Emergency help' })
    const tagline = page.getByRole('heading', { name: TAGLINE })
    await tagline.waitFor()
    expect((await block.getByRole('link', { name: 'Call 112' }).boundingBox())?.y).toBeLessThan(20)
    const blockBottom = await block.evaluate((b) => b.getBoundingClientRect().bottom)
    const heading = await tagline.boundingBox()
    expect(heading && heading.y >= blockBottom && heading.y + heading.height <= PHONE.height).toBe(true)
    expect(await tagline.evaluate((h) => getComputedStyle(h).color)).toBe('rgb(255, 255, 255)')
    // Nothing that needs the app: no second SOS, no buttons that do nothing; links work.
    expect(await page.getByRole('button').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Emergency SOS' }).count()).toBe(1)
    expect(await page.getByRole('link', { name: 'JOIN NOW' }).getAttribute('href')).toBe('/login')
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)

    // The app runs: its header and the same home page, in one step (never a frame without the page's words).
    release()
    await page.getByRole('button', { name: 'Emergency SOS' }).waitFor()
    await tagline.waitFor()
    expect(await page.locator('.app--first-paint, .eb').count()).toBe(0)
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1)
    await page.waitForTimeout(300)
    expect(await frames(page)).toEqual(['copy', 'app'])
    // No error or warning: the page's inline style and scripts are allowed by the CSP, nothing fails.
    expect(problems).toEqual([])
    await context.close()
  })

  it("opens the block's own SOS sheet in place before the app, with Call 112 still on screen", async () => {
    const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    await holdMainScript(context)
    const page = await context.newPage()
    await page.goto('/')
    const block = page.getByRole('region', { name: 'Emergency help' })
    await block.getByRole('link', { name: 'Emergency SOS' }).tap()
    const sheet = page.getByRole('region', { name: 'Emergency SOS' })
    await sheet.getByText('Call 112 now if you are in danger').waitFor()
    expect(await page.evaluate(() => scrollY)).toBe(0)
    const sheetBox = await sheet.boundingBox()
    expect(sheetBox && sheetBox.y + sheetBox.height <= PHONE.height).toBe(true)
    expect((await block.getByRole('link', { name: 'Call 112' }).boundingBox())?.y).toBeLessThan(20)
    await context.close()
  })

  for (const width of [320, 360]) {
    it(`fits ${width} px, with the app's script slow to come`, async () => {
      const context = await newContext({ viewport: { width, height: 640 } })
      await holdMainScript(context)
      const page = await context.newPage()
      await page.goto('/')
      await page.getByRole('heading', { name: TAGLINE }).waitFor()
      await expectNoHorizontalScroll(page)
      await context.close()
    })
  }

  it('never shows the English words to a Hindi reader: the block alone until the app draws Hindi', async () => {
    const context = await newContext({ viewport: PHONE, locale: 'hi-IN' })
    const release = await holdMainScript(context)
    const page = await context.newPage()
    await page.addInitScript(WATCH)
    await page.goto('/')
    await page.getByRole('region', { name: 'Emergency help' }).waitFor()
    expect(await page.getByRole('heading', { name: TAGLINE }).isVisible()).toBe(false)
    expect(await page.evaluate(() => document.documentElement.className)).toBe('first-paint first-paint--off')
    release()
    await page.getByRole('heading', { name: 'उन्होंने पिंजरे बनाए, उसने पंख उगा लिए...' }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames)).toEqual(['none', 'app'])
    await context.close()
  })

  it('follows her kept choice over the browser, and ?lang= over both', async () => {
    const context = await newContext({ viewport: PHONE, locale: 'en-IN' })
    await holdMainScript(context)
    const page = await context.newPage()
    await page.goto('/?lang=mr')
    await page.getByRole('region', { name: 'Emergency help' }).waitFor()
    expect(await page.getByRole('heading', { name: TAGLINE }).isVisible()).toBe(false)
    await page.evaluate(() => localStorage.setItem('wings.language', 'hi'))
    await page.goto('/')
    await page.getByRole('region', { name: 'Emergency help' }).waitFor()
    expect(await page.getByRole('heading', { name: TAGLINE }).isVisible()).toBe(false)
    await page.goto('/?lang=en')
    expect(await page.getByRole('heading', { name: TAGLINE }).isVisible()).toBe(true)
    await context.close()
  })

  it('is English with JavaScript turned off, with the emergency block first', async () => {
    const context = await newContext({ viewport: PHONE, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/')
    expect(await page.getByRole('heading', { name: TAGLINE }).isVisible()).toBe(true)
    await page.keyboard.press('Tab')
    expect(await page.locator(':focus').getAttribute('href')).toBe('tel:112')
    await context.close()
  })

  it('keeps her where she scrolled the page to before the app took its place', async () => {
    const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    const release = await holdMainScript(context)
    const page = await context.newPage()
    await page.goto('/')
    await page.locator('.app--first-paint footer').waitFor()
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, 600)
      return window.scrollY
    })
    expect(scrolled).toBe(600)
    release()
    await page.waitForFunction(
      () => !document.querySelector('.app--first-paint') && document.querySelector('.site-header'),
    )
    await page.waitForFunction(() => window.scrollY > 0)
    expect(await page.evaluate(() => window.scrollY)).toBe(600)
    await context.close()
  })
})
