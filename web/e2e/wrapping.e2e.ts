import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { HERE, locatedAt, logInThroughUi, newContext, openPage, signIn } from './browser.ts'
import { PUBLIC_SCREENS } from './screens.ts'
import { findLayoutProblems, layoutProblems } from './wrapping.ts'

/** The narrowest phones in use, and the one the app is designed at. */
const WIDTHS = [320, 360]
const HEIGHT = 740
const LANGUAGES = ['en', 'hi', 'mr'] as const

interface Screen {
  /** How a failure names it. */
  name: string
  path: string
  /** What she does there before the check (in English: every screen starts in English). */
  open?: (page: Page) => Promise<void>
}

/** Switches the language as the header's switcher does: no reload, the catalogs fetched first. */
async function speak(page: Page, language: string): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) === language) return
  await page.evaluate((code) => {
    document.querySelector<HTMLElement>(`.nav .language__choice[lang="${code}"]`)?.click()
  }, language)
  await page.waitForFunction((code) => document.documentElement.lang === code, language)
  await page.waitForLoadState('networkidle')
}

const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/** Every screen in every language at every width: one page, resized and switched in place. */
async function walk(page: Page, screens: Screen[]): Promise<string[]> {
  const problems: string[] = []
  for (const screen of screens) {
    await page.setViewportSize({ width: WIDTHS.at(-1) ?? 360, height: HEIGHT })
    await page.goto(`${screen.path}${screen.path.includes('?') ? '&' : '?'}lang=en`)
    await page.getByRole('main').waitFor()
    await page.waitForLoadState('networkidle')
    await screen.open?.(page)
    for (const language of LANGUAGES) {
      await speak(page, language)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT })
        await settled(page)
        problems.push(...(await layoutProblems(page, `${screen.name} (${language}, ${width} px)`)))
      }
    }
  }
  return problems
}

const press = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name, exact: true }).first().click()
}

/** Sends a form without filling it in: every field shows its message. */
const sendEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click()
  await page.locator('.field__error, [role="alert"]').first().waitFor()
}

/** Emergency SOS pressed and sent: the sheet with all it shows (her position, or why it has none). */
const sendSos = async (page: Page) => {
  await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
  const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
  await sheet.getByRole('button', { name: 'Send SOS' }).click()
  await sheet.locator('[role="alert"], a[href^="https://wa.me/"]').first().waitFor()
  await page.waitForLoadState('networkidle')
}

const openChat = async (page: Page) => {
  await page.getByRole('button', { name: 'Open chat with Saathi' }).click()
  const panel = page.getByRole('dialog', { name: 'Saathi' })
  await page.getByRole('textbox', { name: 'Message Saathi' }).fill('Is the station road safe at night?')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await panel.locator('.chat__bubble').nth(1).waitFor()
  await page.waitForLoadState('networkidle')
}

async function planTrip(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Use my current location' }).uncheck()
  for (const [label, text, option] of [
    ['Start', 'grant road', /Grant Road/],
    ['Destination', 'byculla', /Byculla/],
  ] as const) {
    await page.getByRole('combobox', { name: label, exact: true }).fill(text)
    await page.getByRole('option', { name: option }).first().click()
  }
  await page.getByRole('radio', { name: 'Leaving at a time' }).check()
  await page.getByRole('button', { name: 'GET ROUTES' }).click()
  await page.getByRole('article', { name: 'Route 1', exact: true }).waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
}

const fail = (problems: string[]) => `${problems.length} layout problems:\n${problems.join('\n')}`

describe('the check itself, on a page made to fail', () => {
  it('names a word broken in two, clipped text, a control out of its box and sideways scroll, and nothing fine', async () => {
    const { context, page } = await openPage({ viewport: { width: 360, height: HEIGHT } })
    // The bug of issue 24 as it was: a terms' column as narrow as it can be, and words allowed to break anywhere.
    await page.setContent(`<main>
      <dl style="display: grid; grid-template-columns: min-content 1fr; overflow-wrap: anywhere; width: 200px">
        <dt class="term" style="width: 1.6rem">From</dt><dd>Grant Road station</dd>
      </dl>
      <button class="cut" style="width: 60px; white-space: nowrap; overflow: hidden">Save This Route</button>
      <div style="width: 100px"><a class="btn" style="display: block; width: 150px">Open in planner</a></div>
      <select style="width: 70px"><option>Choose a place you used before</option></select>
      <label style="display: block; margin-left: 300px; width: 200px; white-space: nowrap">Leaving at</label>
      <div style="overflow-x: auto; width: 200px">
        <table style="width: 500px"><caption>What each factor means and which way it moves the score</caption>
          <tr><td>1</td></tr></table>
      </div>
      <p>Fine: <a href="#x">a link in running text</a>, <button>a short button</button>.</p>
      <div style="width: 60px"><label>Check-in</label></div>
      <div style="overflow-x: auto; width: 200px; white-space: nowrap">
        <button>One</button><button style="margin-left: 250px">Two, past the strip's edge</button>
      </div>
    </main>`)
    const found = await page.evaluate(findLayoutProblems)
    expect(found.map(({ kind, element }) => `${kind}: ${element}`)).toEqual([
      'word broken: <dt.term> "From" in main',
      'text clipped: <button.cut> "Save This Route" in main',
      'out of its box: <a.btn> "Open in planner" in main',
      'text clipped: <select> "Choose a place you used before" in main',
      'out of the screen: <label> "Leaving at" in main',
      'out of its box: <label> "Leaving at" in main',
      'text clipped: <caption> "What each factor means and which way it moves the" in main',
      'page scrolls sideways: html',
    ])
    expect(found[0]?.detail).toBe('"From"')
    expect(found.at(-1)?.detail).toMatch(/^508 px wide on a 360 px screen; past the edge: .*<label> "Leaving at"/)
    // How a failure reads: the screen, the language and the width first.
    expect((await layoutProblems(page, '/routes (hi, 320 px)'))[0]).toBe(
      '/routes (hi, 320 px): word broken: <dt.term> "From" in main: "From"',
    )
    await context.close()
  })
})

describe('every label and button at 320 and 360 px, in English, Hindi and Marathi', () => {
  it('breaks no word, clips no text and never scrolls sideways on the screens she sees before signing in', async () => {
    const { context, page } = await openPage()
    const screens: Screen[] = [
      ...PUBLIC_SCREENS.map((path) => ({ name: path, path })),
      { name: 'the menu open', path: '/', open: press('Menu') },
      { name: 'the SOS sheet sent, no location', path: '/', open: sendSos },
      { name: 'Saathi open', path: '/', open: openChat },
      { name: 'the report form sent empty', path: '/report', open: sendEmpty('Send report') },
      { name: 'the estimator sent empty', path: '/routescorer', open: sendEmpty('Calculate Safety Score') },
      { name: 'the login form sent empty', path: '/login', open: sendEmpty('Login') },
    ]
    const problems = await walk(page, screens)
    expect(problems, fail(problems)).toEqual([])
    await context.close()
  }, 240_000)

  it('breaks no word, clips no text and never scrolls sideways on her own screens, signed in', async () => {
    const context = await newContext({ ...locatedAt(HERE) })
    const user = await signIn(context)
    const post = async <T>(path: string, data: object): Promise<T> => {
      const res = await context.request.post(path, { data })
      expect(res.status(), path).toBe(201)
      return (await res.json()) as T
    }
    const { story } = await post<{ story: { _id: string } }>('/api/user/stories/create', {
      title: 'A calm evening walk past the Grant Road market',
      content: 'Lit streets all the way home.\nShops open late.',
    })
    const { draft } = await post<{ draft: { _id: string } }>('/api/user/stories/savedraft', {
      title: 'Bus stop at night',
      content: 'Half written.',
    })
    const { token } = await post<{ token: string }>('/api/share', { durationMinutes: 15 })
    const { inviteUrl } = await post<{ inviteUrl: string }>('/api/guardians', { name: 'Riya' })
    const page = await context.newPage()
    await logInThroughUi(page, user)

    const screens: Screen[] = [
      {
        name: 'the planner with results',
        path: '/routeplanner',
        open: async (p) => {
          await planTrip(p)
          await p.getByRole('button', { name: 'Save This Route' }).click()
          await p.getByText('Route saved', { exact: false }).first().waitFor()
        },
      },
      {
        name: 'her saved routes',
        path: '/routes',
        open: (p) => p.locator('.saved-route__places dt').first().waitFor(),
      },
      { name: 'the estimator with places she used', path: '/routescorer' },
      {
        name: 'safety with a trusted contact',
        path: '/safety',
        open: async (p) => {
          const form = p.getByRole('form', { name: 'Add a trusted contact' })
          await form.getByLabel('Name').fill('Amma')
          await form.getByLabel('Phone number').fill('+91 98765 43210')
          await form.getByRole('button', { name: 'Add contact' }).click()
          await p.getByText('+919876543210').waitFor()
        },
      },
      {
        name: 'the SOS sheet sent, located, with a contact',
        path: '/',
        open: async (p) => {
          await sendSos(p)
          await p.getByRole('combobox', { name: 'WhatsApp to' }).waitFor()
        },
      },
      { name: 'the menu open, signed in', path: '/', open: press('Menu') },
      {
        name: 'nearest help, located, with the way shown',
        path: '/nearby',
        open: async (p) => {
          await p.getByRole('button', { name: 'Show the way' }).first().click()
          await p.locator('.nearby-way path.map-line').first().waitFor()
        },
      },
      { name: 'her profile', path: '/profile' },
      { name: 'her posts', path: '/user/posts' },
      { name: 'her drafts', path: '/user/drafts' },
      { name: 'a new post', path: '/posts/new' },
      { name: 'a story', path: `/blog/stories/${story._id}` },
      { name: 'editing a story', path: `/stories/${story._id}/edit` },
      { name: 'her saved stories', path: `/blog/${user.id}/saved` },
      { name: 'a saved story', path: `/user/saved/${story._id}` },
      { name: 'a draft', path: `/user/draft/${draft._id}` },
      { name: 'the live location viewer', path: `/s/${token}` },
      { name: 'a guardian invitation', path: inviteUrl },
    ]
    const problems = await walk(page, screens)
    expect(problems, fail(problems)).toEqual([])
    await context.close()
  }, 300_000)
})
