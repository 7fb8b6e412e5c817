import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  newContext,
  PHONE,
  signIn,
} from './browser.ts'

const PUBLIC_SCREENS = ['/', '/login', '/signup', '/help', '/contact', '/about', '/terms', '/privacy']
const SIGNED_IN_SCREENS = ['/profile']

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('every screen of the foundation on a %s', (_name, viewport) => {
  it('has no serious or critical axe violation and no horizontal scroll', async () => {
    const context = await newContext(browser, { viewport })
    await signIn(context)
    const page = await context.newPage()
    for (const path of [...PUBLIC_SCREENS, ...SIGNED_IN_SCREENS]) {
      await page.goto(path)
      await page.getByRole('main').waitFor()
      await page.waitForLoadState('networkidle')
      await expectAccessible(page)
      await expectNoHorizontalScroll(page)
    }
    await context.close()
  })
})
