import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  aUser,
  expectAccessible,
  expectNoHorizontalScroll,
  logInThroughUi,
  newContext,
  PHONE,
  signIn,
} from './browser.ts'

/** An HTTP error status written out: she must never be shown one. */
const BARE_STATUS = /\b[45]\d\d\b/

/** The text of the alert (a form's note or an error toast) that says `start`, once it shows. */
async function alertText(within: Page | Locator, start: string): Promise<string> {
  const alert = within.getByRole('alert').filter({ hasText: start }).first()
  await alert.waitFor({ timeout: 15_000 })
  return (await alert.textContent()) ?? ''
}

describe('errors she sees: what happened and what she can do', () => {
  it('offline: a login says there is no connection and to try again when back online', async () => {
    const context = await newContext({ viewport: PHONE })
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill('meera@example.in')
    await page.getByLabel('Password', { exact: true }).fill('Safe!Wings2026')
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    const text = await alertText(page, 'Login failed')
    expect(text).toContain('Login failed. There is no connection. Try again when you are back online.')
    expect(text).not.toMatch(BARE_STATUS)
    // What she typed is still there for the next try.
    expect(await page.getByLabel('Email').inputValue()).toBe('meera@example.in')
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('an ended session: says so, keeps what she typed, and links to log in and come back', async () => {
    const context = await newContext({ viewport: PHONE })
    const user = await signIn(context, aUser())
    const page = await context.newPage()
    await logInThroughUi(page, user)
    await page.goto('/safety')
    const panel = page.getByRole('region', { name: 'Guardians' })
    await panel.getByText('No guardians yet.').waitFor()
    // The session ends (expired, or ended on another device): the browser no longer has its cookie.
    await context.clearCookies()
    await panel.getByLabel('Name').fill('Riya')
    await panel.getByRole('button', { name: 'Invite as guardian' }).click()
    const text = await alertText(panel, 'The invitation could not be made.')
    expect(text).toContain(
      'The invitation could not be made. Your session has ended. Log in again, then try once more.',
    )
    expect(text).not.toMatch(BARE_STATUS)
    expect(await panel.getByLabel('Name').inputValue()).toBe('Riya')
    const login = panel.getByRole('alert').getByRole('link', { name: 'Log in' })
    expect(await login.getAttribute('href')).toBe('/login?redirect=%2Fsafety')
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('too many logins: says to wait, for as long as the server asked, never its status', async () => {
    const context = await newContext({ viewport: PHONE })
    const user = aUser()
    // The server allows 10 tries in 15 minutes from one address for one e-mail.
    for (let i = 0; i < 10; i++) {
      const answer = await context.request.post('/api/login', { data: { email: user.email, password: 'Wrong!pass1' } })
      expect(answer.status()).toBe(401)
    }
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    const text = await alertText(page, 'Too many login attempts.')
    expect(text).toMatch(
      /^Too many login attempts\. Please try again later\. You can try again in \d+ (minutes|seconds|minute|second)\./,
    )
    expect(text).not.toMatch(BARE_STATUS)
    await expectNoHorizontalScroll(page)
    await context.close()
  })
})
