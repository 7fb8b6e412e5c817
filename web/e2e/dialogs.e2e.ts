/**
 * Issue 24, point 2, on a 360 px phone: no native alert, confirm or prompt anywhere; the app's toasts are announced
 * (news politely, errors as alerts) and never take the focus; an error stays until she closes it; the SOS question is
 * a dialog as fast as a prompt: Send SOS focused on opening, Enter or Space sends, Tab stays inside, Escape cancels
 * (without Quick exit) and gives the focus back to the SOS button.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, nativeDialogs, openPage, PHONE, toasts } from './browser.ts'

const sheetOf = (page: Page) => page.getByRole('dialog', { name: 'Emergency SOS' })
/** The focused element's name as a person hears it: its text, else its label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''
  })
const sosButton = (page: Page) => page.getByRole('button', { name: 'Emergency SOS' }).first()

describe('the SOS question, as fast as a prompt', () => {
  it('opens with Send SOS focused; Call 112 first; Tab stays inside; Escape cancels and gives the focus back', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    const native = nativeDialogs(page)
    await page.goto('/')
    await sosButton(page).focus()
    // Pressed from the keyboard: the sheet is open, its Send SOS focused, in the frame after the key.
    const atOnce = await page.evaluate(async () => {
      const button = document.activeElement as HTMLButtonElement
      button.click()
      await new Promise((resolve) => requestAnimationFrame(resolve))
      const dialog = document.querySelector('dialog[open]')
      return {
        first: dialog?.querySelector('a[href], button')?.textContent,
        focused: document.activeElement?.textContent,
        inside: dialog?.contains(document.activeElement) ?? false,
        callTall: (dialog?.querySelector('a[href^="tel:112"]')?.getBoundingClientRect().height ?? 0) >= 56,
      }
    })
    // Call 112 is the sheet's biggest target (at least 56 px; the other actions have 48 px).
    expect(atOnce).toEqual({ first: 'Call 112', focused: 'Send SOS', inside: true, callTall: true })
    const sheet = sheetOf(page)
    // The question is read with the button that answers it.
    const send = sheet.getByRole('button', { name: 'Send SOS' })
    const question = await send.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${question}"]`).textContent()).toBe(
      'Send an emergency SOS with your current location?',
    )
    await expectAccessible(page)

    // Call 112 is one Shift+Tab away; from it, Shift+Tab goes round to the sheet's last button, and Tab back.
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('Call 112')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).toBe('Close')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('Call 112')
    // However far she tabs, the focus stays in the sheet.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.querySelector('dialog[open]')?.contains(document.activeElement))).toBe(
        true,
      )
    }

    // Escape: the sheet closes, Wings stays (Quick exit also listens to Escape), the focus is on SOS again.
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await sosButton(page).evaluate((el) => el === document.activeElement)).toBe(true)
    expect(native).toEqual([])
    await context.close()
  })

  it.each([
    ['Enter', 'Enter'],
    ['Space', 'Space'],
  ])('%s on the SOS button, then %s again, sends the SOS', async (_, key) => {
    const { context, page } = await openPage({ viewport: PHONE })
    const native = nativeDialogs(page)
    await page.goto('/')
    await sosButton(page).focus()
    await page.keyboard.press(key)
    await page.keyboard.press(key)
    const sheet = sheetOf(page)
    // Answered: the question is gone and the line that says where she is has the focus.
    await expect.poll(() => sheet.getByRole('button', { name: 'Send SOS' }).count()).toBe(0)
    await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? '')).toContain('sos-sheet__where')
    expect(native).toEqual([])
    await context.close()
  })
})

describe('toasts and inline messages instead of alert()', () => {
  it('news is a polite toast that does not take the focus; an error is an alert that stays until closed', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    const native = nativeDialogs(page)
    await page.goto('/contact')
    await page.getByLabel('Full name').fill('Kavya Menon')
    await page.getByLabel('Email').fill('kavya@example.in')
    await page.getByLabel('Your query').fill('Can I schedule a demo for our college?')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const news = toasts(page).getByText('Message sent successfully!')
    await news.waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('.toasts') ?? null)).toBeNull()
    // Seen for the spec's 2 s, then out of sight (its words stay a while for a screen reader).
    await expect.poll(() => news.evaluate((el) => el.className), { timeout: 5_000 }).toBe('visually-hidden')

    // The footer's support box with a wrong address: an error toast, in the alert region, with a way to close it.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await page.getByLabel('Your e-mail address for support').fill('not-an-address')
    await page.getByRole('button', { name: 'Send support request' }).click()
    const error = toasts(page, 'error')
    await error.getByText('Invalid email format').waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('.toasts') ?? null)).toBeNull()
    await expectAccessible(page)
    // Longer than any news toast is kept, even out of sight.
    await page.waitForTimeout(8_000)
    expect(await error.getByText('Invalid email format').isVisible()).toBe(true)
    // Its close button is reachable and big enough for a finger.
    const close = error.getByRole('button', { name: 'Close' })
    const box = await close.boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)
    await close.click()
    expect(await error.textContent()).toBe('')
    expect(native).toEqual([])
    await context.close()
  })

  it('a location the estimator cannot read is said beside the box, with what to do, not in an alert', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    const native = nativeDialogs(page)
    await page.goto('/routescorer')
    // Ticked, then unticked again by the failure.
    await page.getByRole('checkbox', { name: 'Detect my location' }).click()
    const said = page.getByRole('main').getByRole('alert')
    await said.getByText(/^Error fetching location: /).waitFor()
    expect(await said.textContent()).toContain('Type the source latitude and longitude yourself')
    expect(await page.getByRole('checkbox', { name: 'Detect my location' }).isChecked()).toBe(false)
    await expectAccessible(page)
    expect(native).toEqual([])
    await context.close()
  })
})
