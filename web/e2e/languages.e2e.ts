import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, locatedAt, openPage, PHONE } from './browser.ts'
import { expectSpoken, message } from './languages.ts'
import { PUBLIC_SCREENS } from './screens.ts'

type Spoken = 'hi' | 'mr'
const BROWSER_LOCALE: Record<Spoken, string> = { hi: 'hi-IN', mr: 'mr-IN' }

describe.each(['hi', 'mr'] as const)('Wings in %s on a 360 px phone', (language: Spoken) => {
  /** A message as the screen shows it: markup tags (<0>…</0>) leave only their text. */
  const say = (namespace: string, key: string) => message(namespace, key, language).replace(/<\/?\d+>/g, '')

  it('walks home -> SOS -> helplines -> planner in her language, axe clean, no horizontal scroll', async () => {
    const { context, page } = await openPage({ viewport: PHONE, locale: BROWSER_LOCALE[language], ...locatedAt() })
    const checkScreen = async () => {
      await expectSpoken(page, language)
      await expectAccessible(page)
      await expectNoHorizontalScroll(page)
    }

    // Home, from the browser's language on a first visit.
    await page.goto('/')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(say('home', 'tagline'))
    await checkScreen()

    // SOS: the sheet opens with Call 112 first, its number unchanged.
    await page
      .getByRole('button', { name: say('sos', 'button') })
      .first()
      .click()
    const sheet = page.getByRole('dialog')
    await sheet.waitFor()
    const call = sheet.getByRole('link', {
      name: new RegExp(say('sos-sheet', 'call112').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    })
    expect(await call.first().getAttribute('href')).toBe('tel:112')
    await checkScreen()
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })

    // Helplines, from the home page's link: names in her language, numbers as they are.
    await page
      .getByRole('link', { name: message('home', 'helpNow', language).replace(/.*<0>(.*)<\/0>.*/, '$1') })
      .click()
    await page.waitForURL('**/help')
    await page.getByRole('heading', { level: 1, name: say('helplines', 'title') }).waitFor()
    expect(await page.getByRole('main').textContent()).toContain('112')
    await checkScreen()

    // The planner, from the menu.
    await page.getByRole('button', { name: say('app', 'menu') }).click()
    await page.getByRole('link', { name: say('app', 'navRoutePlanner') }).click()
    await page.waitForURL('**/routeplanner')
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    await checkScreen()
    await context.close()
  }, 90_000)
})

describe.each(['hi', 'mr'] as const)('every public screen in %s at 360 px', (language: Spoken) => {
  it('speaks her language and fits: no English sentence, no key, nothing wider than the phone', async () => {
    const { context, page } = await openPage({ viewport: PHONE, locale: BROWSER_LOCALE[language] })
    for (const path of PUBLIC_SCREENS) {
      await page.goto(path)
      await page.getByRole('main').waitFor()
      await page.waitForLoadState('networkidle')
      await expectSpoken(page, language)
      await expectNoHorizontalScroll(page)
    }
    await context.close()
  }, 120_000)
})

describe('choosing a language', () => {
  it('switches every screen at once from the header, keeps the choice and sets <html lang>', async () => {
    const { context, page } = await openPage({ viewport: PHONE, locale: 'en-IN' })
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: 'They built cages, she grew wings...' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    // No reload: a mark left on the page survives the switch.
    await page.evaluate(() => {
      ;(window as unknown as { stayed: boolean }).stayed = true
    })
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('button', { name: 'मराठी' }).click()
    await page.getByRole('heading', { level: 1, name: message('home', 'tagline', 'mr') }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    await expectSpoken(page, 'mr')

    // Kept on the device: Marathi after a reload, whatever the browser says.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: message('home', 'tagline', 'mr') }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mr')

    // The switcher names each language in its own script, shows hers pressed, and can go back.
    await page.getByRole('button', { name: message('app', 'menu', 'mr') }).click()
    const switcher = page.locator('.nav .language__choice')
    expect(await switcher.allTextContents()).toEqual(['English', 'हिन्दी', 'मराठी'])
    expect(await page.getByRole('button', { name: 'मराठी' }).getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('button', { name: 'English' }).click()
    await page.getByRole('heading', { level: 1, name: 'They built cages, she grew wings...' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    await context.close()
  }, 60_000)

  it('takes ?lang= from the address, and shows English for a code it does not know', async () => {
    const { context, page } = await openPage({ viewport: PHONE, locale: 'hi-IN' })
    await page.goto('/?lang=mr')
    await page.getByRole('heading', { level: 1, name: message('home', 'tagline', 'mr') }).waitFor()
    await page.goto('/?lang=xx')
    await page.getByRole('heading', { level: 1, name: 'They built cages, she grew wings...' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    // An unknown code kept in storage: English too, never a broken screen.
    await page.evaluate(() => localStorage.setItem('wings.language', 'xx-YY'))
    await page.goto('/')
    await page.getByRole('heading', { level: 1, name: 'They built cages, she grew wings...' }).waitFor()
    await context.close()
  }, 60_000)
})
