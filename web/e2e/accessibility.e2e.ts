import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  launchBrowser,
  logInThroughUi,
  newContext,
  PHONE,
  signIn,
} from './browser.ts'

const PUBLIC_SCREENS = [
  '/',
  '/login',
  '/signup',
  '/help',
  '/contact',
  '/about',
  '/terms',
  '/privacy',
  '/blog',
  '/routescorer',
  '/routecalculation',
  '/report',
  '/routeplanner',
  '/safety',
]
const SIGNED_IN_SCREENS = ['/profile', '/routes', '/posts/new', '/user/drafts', '/user/posts']

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
    const user = await signIn(context)
    const created = await context.request.post('/api/user/stories/create', {
      data: { title: 'A calm evening walk', content: 'Lit streets all the way home.\nShops open late.' },
    })
    expect(created.status()).toBe(201)
    const { story } = (await created.json()) as { story: { _id: string } }
    const storyScreens = [`/blog/stories/${story._id}`, `/stories/${story._id}/edit`, `/blog/${user.id}/saved`]
    const page = await context.newPage()
    // The app keeps the signed-in user on the device: sign in as she does, so signed-in screens show as hers.
    await logInThroughUi(page, user)
    for (const path of [...PUBLIC_SCREENS, ...SIGNED_IN_SCREENS, ...storyScreens]) {
      await page.goto(path)
      await page.getByRole('main').waitFor()
      expect(new URL(page.url()).pathname, `${path} stays open to her`).toBe(path)
      await page.waitForLoadState('networkidle')
      await expectAccessible(page)
      await expectNoHorizontalScroll(page)
    }
    await context.close()
  })
})
