import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  DESKTOP,
  expectAccessible,
  expectNoHorizontalScroll,
  logInThroughUi,
  newContext,
  PHONE,
  signIn,
} from './browser.ts'
import { PUBLIC_SCREENS } from './screens.ts'

const SIGNED_IN_SCREENS = ['/profile', '/routes', '/posts/new', '/user/drafts', '/user/posts']

/** The screens made with the ids of a story, a draft, a live location share and a guardian she created in the test. */
const screensWithIds = (ids: { user: string; story: string; draft: string; share: string; guardian: string }) => [
  `/blog/stories/${ids.story}`,
  `/stories/${ids.story}/edit`,
  `/blog/${ids.user}/saved`,
  `/user/saved/${ids.story}`,
  `/user/draft/${ids.draft}`,
  `/s/${ids.share}`,
  `/g/${ids.guardian}`,
]

/** Every screen the router has, from its route files (as TanStack Router's file routing names them). */
function routeFilePaths(): string[] {
  const dir = fileURLToPath(new URL('../src/routes/', import.meta.url))
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx') && !file.startsWith('__'))
    .map((file) => `/${file.replace(/\.tsx$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/')
}

describe('the list of screens checked below', () => {
  it('has every screen of the app, so a new one is checked for accessibility too', () => {
    const ids = { user: '$userId', story: '$id', draft: '$id', share: '$token', guardian: '$token' }
    const listed = [...PUBLIC_SCREENS, ...SIGNED_IN_SCREENS, ...screensWithIds(ids)]
    const named = (path: string) => path.replace(/\$[A-Za-z]+/g, ':param')
    expect(new Set(listed.map(named))).toEqual(new Set(routeFilePaths().map(named)))
  })
})

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('every screen of the foundation on a %s', (_name, viewport) => {
  // About 2 s a screen on these shared 2-core machines, and the list grows with the app.
  it('has no serious or critical axe violation and no horizontal scroll', async () => {
    const context = await newContext({ viewport })
    const user = await signIn(context)
    const created = await context.request.post('/api/user/stories/create', {
      data: { title: 'A calm evening walk', content: 'Lit streets all the way home.\nShops open late.' },
    })
    expect(created.status()).toBe(201)
    const { story } = (await created.json()) as { story: { _id: string } }
    const drafted = await context.request.post('/api/user/stories/savedraft', {
      data: { title: 'Bus stop at night', content: 'Half written.' },
    })
    expect(drafted.status()).toBe(201)
    const { draft } = (await drafted.json()) as { draft: { _id: string } }
    const shared = await context.request.post('/api/share', { data: { durationMinutes: 15 } })
    expect(shared.status()).toBe(201)
    const { token } = (await shared.json()) as { token: string }
    const invited = await context.request.post('/api/guardians', { data: { name: 'Riya' } })
    expect(invited.status()).toBe(201)
    const { inviteUrl } = (await invited.json()) as { inviteUrl: string }
    const storyScreens = screensWithIds({
      user: user.id,
      story: story._id,
      draft: draft._id,
      share: token,
      guardian: inviteUrl.slice('/g/'.length),
    })
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
  }, 120_000)
})
