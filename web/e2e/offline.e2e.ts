import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  aUser,
  dataDir,
  logInThroughUi,
  newContext,
  signedInPage,
  type TestUser,
  toasts,
  uniqueEmail,
  waitForServiceWorker,
} from './browser.ts'
import { removeData, sql, startServer } from './server.ts'

const status = (page: Page) => page.getByLabel('Sync status')

async function expectStatus(page: Page, text: string | RegExp, timeout = 30_000): Promise<void> {
  await expect
    .poll(async () => (await status(page).textContent())?.trim(), { timeout, interval: 250 })
    .toMatch(typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text)
}

/** A signed-in person whose phone has the app installed (service worker in control). */
async function signedInPhone(context: BrowserContext, user: TestUser): Promise<Page> {
  const page = await signedInPage(context, user)
  await waitForServiceWorker(page)
  return page
}

async function updateFirstName(page: Page, firstName: string): Promise<void> {
  await page.goto('/profile')
  await page.getByLabel('First name').fill(firstName)
  await page.getByRole('button', { name: 'Save Profile' }).click()
  await page.getByRole('button', { name: 'Saved!' }).waitFor()
}

async function sendContactOffline(page: Page, email: string): Promise<void> {
  await page.goto('/contact')
  await page.getByLabel('Full name').fill('Offline Person')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Your query').fill('Sent with no network')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await toasts(page).getByText('You are offline. Your message will be sent when you are back online.').waitFor()
}

const contactRows = (dir: string, email: string) =>
  sql<{ n: number }>(dir, 'SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?', [email])[0]?.n
const firstNameOf = (dir: string, email: string) =>
  sql<{ first_name: string }>(dir, 'SELECT first_name FROM users WHERE email = ?', [email])[0]?.first_name

describe('airplane mode', () => {
  it('keeps offline writes across a reload and delivers each exactly once when back online', async () => {
    const user = aUser({ firstName: 'Anjali' })
    const contactEmail = uniqueEmail('offline-contact')
    const context = await newContext()
    const page = await signedInPhone(context, user)
    await expectStatus(page, 'All changes saved')

    await context.setOffline(true)
    await expectStatus(page, 'Offline')
    await updateFirstName(page, 'Anjali R')
    await expectStatus(page, 'Offline · 1 change waiting')
    await sendContactOffline(page, contactEmail)
    await expectStatus(page, 'Offline · 2 changes waiting')

    await page.reload()
    await expectStatus(page, 'Offline · 2 changes waiting')
    await page.goto('/profile')
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Anjali R')
    await page.goto('/help')
    await page.getByText('Women Helpline', { exact: true }).waitFor()
    expect(firstNameOf(dataDir, user.email)).toBe('Anjali')
    expect(contactRows(dataDir, contactEmail)).toBe(0)

    await context.setOffline(false)
    await expectStatus(page, 'All changes saved')
    expect(firstNameOf(dataDir, user.email)).toBe('Anjali R')
    expect(contactRows(dataDir, contactEmail)).toBe(1)

    // Every later trigger (a reload, going on- and offline) finds nothing more to send.
    await page.reload()
    await context.setOffline(true)
    await context.setOffline(false)
    await expectStatus(page, 'All changes saved')
    expect(contactRows(dataDir, contactEmail)).toBe(1)
    await context.close()
  })
})

describe('faults during sync', () => {
  it('a server killed after applying a push but before answering gets no duplicate from the retry', async () => {
    const server = await startServer()
    try {
      const user = aUser()
      const contactEmail = uniqueEmail('crash-contact')
      const context = await newContext({ baseURL: server.baseURL })
      const page = await signedInPhone(context, user)
      await context.setOffline(true)
      await updateFirstName(page, 'Crash Test')
      await sendContactOffline(page, contactEmail)

      let pushes = 0
      await context.route('**/api/sync/push', async (route) => {
        pushes += 1
        if (pushes > 1) return route.continue()
        await route.fetch() // the server applies the batch...
        await server.stop('SIGKILL') // ...and dies before the phone hears back.
        await route.abort('connectionreset')
      })
      await context.setOffline(false)
      await expect.poll(() => pushes, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)
      expect(contactRows(server.dataDir, contactEmail)).toBe(1)

      const restarted = await startServer({ port: server.port, dataDir: server.dataDir })
      await expectStatus(page, 'All changes saved', 60_000)
      expect(pushes).toBeGreaterThanOrEqual(2)
      expect(contactRows(server.dataDir, contactEmail)).toBe(1)
      expect(firstNameOf(server.dataDir, user.email)).toBe('Crash Test')
      expect(sql(server.dataDir, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }])
      await context.close()
      await restarted.stop()
    } finally {
      await server.stop()
      removeData(server.dataDir)
    }
  })

  it('a session that expires while changes wait pauses the queue until she logs in again', async () => {
    const user = aUser({ firstName: 'Sana' })
    const context = await newContext()
    const page = await signedInPhone(context, user)
    await context.setOffline(true)
    await updateFirstName(page, 'Sana K')
    await expectStatus(page, 'Offline · 1 change waiting')

    // The server forgets every session of hers (expiry); the phone still holds its cookie and the change.
    sql(dataDir, 'DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)', [user.email])
    await context.setOffline(false)
    await expectStatus(page, '1 change waiting: log in to send them')
    expect(firstNameOf(dataDir, user.email)).toBe('Sana')

    await page.reload()
    await expectStatus(page, '1 change waiting: log in to send them')
    await logInThroughUi(page, user)
    await expectStatus(page, 'All changes saved')
    expect(firstNameOf(dataDir, user.email)).toBe('Sana K')
    await context.close()
  })
})
