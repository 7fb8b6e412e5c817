import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  aUser,
  expectAccessible,
  expectNoHorizontalScroll,
  locatedAt,
  logInThroughUi,
  newContext,
  openPage,
  PHONE,
  signedInPage,
  type TestUser,
} from './browser.ts'

const SCREENS = ['/', '/help', '/blog', '/routeplanner', '/report', '/contact', '/safety', '/about', '/nowhere']

const banner = (page: Page) => page.getByRole('status', { name: 'Live location sharing' })
const stopInBanner = (page: Page) => page.getByRole('button', { name: 'Stop sharing your live location' })
const shareStatus = async (context: BrowserContext, token: string) =>
  (await context.request.get(`/api/share/${token}`)).status()

const phone = () => openPage({ ...locatedAt(), viewport: PHONE })

/** Starts a share on /safety; answers its token. */
async function startSharing(page: Page, duration = '1 hour'): Promise<string> {
  await page.goto('/safety')
  await page.getByRole('radio', { name: duration }).check()
  await page.getByRole('button', { name: 'Share my live location' }).click()
  const link = await page.getByRole('textbox', { name: 'Your live location link' }).inputValue()
  // Shared only once the server has taken her position.
  await page.getByText(/^Last sent \d\d:\d\d/).waitFor({ timeout: 20_000 })
  return link.split('/s/')[1] ?? ''
}

async function addContact(page: Page, name: string, typed: string): Promise<void> {
  await page.goto('/safety')
  const form = page.getByRole('form', { name: 'Add a trusted contact' })
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Phone number').fill(typed)
  await form.getByRole('button', { name: 'Add contact' }).click()
  await page.getByText('+919876543210', { exact: true }).waitFor()
}

/** The SOS button is in view and nothing covers it: a tap at its centre reaches it. */
async function expectSosReachable(page: Page): Promise<void> {
  const sos = page.getByRole('button', { name: 'Emergency SOS' })
  const box = await sos.boundingBox()
  expect(box).not.toBeNull()
  if (!box) return
  expect(box.y).toBeGreaterThanOrEqual(0)
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  )
  expect(hit).toBe('Emergency SOS')
}

/** Opens the menu (at 360 px the account links are in it) and presses Logout. */
async function pressLogout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Logout' }).click()
}

async function signedInPhone(user: TestUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext({ ...locatedAt(), viewport: PHONE })
  return { context, page: await signedInPage(context, user) }
}

/** Waits until her account on the server has these contacts' numbers. */
async function expectAccountContacts(context: BrowserContext, phones: string[]): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          (await (await context.request.get('/api/contacts/trusted')).json()) as { contacts?: { phone: string }[] }
        ).contacts?.map((c) => c.phone) ?? [],
      { timeout: 20_000 },
    )
    .toEqual(phones)
}

describe('her live share, visible on every screen', () => {
  it('a banner with the end time and Stop shows on every screen at 360 px, without covering SOS, and Stop ends it', async () => {
    const { context, page } = await phone()
    await page.goto('/')
    expect(await banner(page).textContent()).toBe('')
    const token = await startSharing(page)

    for (const path of SCREENS) {
      // Every goto loads the app afresh: the banner comes from what the phone keeps, as after a reload.
      await page.goto(path)
      await banner(page)
        .getByText(/^Sharing location until \d\d:\d\d$/)
        .waitFor()
      await stopInBanner(page).waitFor()
      await expectSosReachable(page)
      await expectNoHorizontalScroll(page)
    }
    await page.goto(`/s/${token}`)
    await banner(page)
      .getByText(/^Sharing location until/)
      .waitFor()

    // It stays in view on a long screen.
    await page.goto('/help')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.evaluate(() => window.scrollTo(0, 3000))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    const box = await banner(page).boundingBox()
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0)
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height)
    await expectSosReachable(page)
    await expectAccessible(page)

    // One press with the keyboard, nothing asked.
    let asked = false
    page.on('dialog', (dialog) => {
      asked = true
      void dialog.dismiss()
    })
    await stopInBanner(page).focus()
    await page.keyboard.press('Enter')
    await banner(page).getByText('Sharing stopped.').waitFor()
    expect(asked).toBe(false)
    await expect.poll(() => shareStatus(context, token), { timeout: 10_000 }).toBe(410)
    await page.goto('/blog')
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await banner(page).textContent()).toBe('')
    await context.close()
  })
})

describe('logging out while sharing', () => {
  it('asks; "Stop sharing now" ends the share and "Keep them on this phone" leaves her contacts for the SOS', async () => {
    const user = aUser()
    const { context, page } = await signedInPhone(user)
    // As people type a number in India: stored, here and in her account, as E.164.
    await addContact(page, 'Amma', '098765-43210')
    await expectAccountContacts(context, ['+919876543210'])
    const token = await startSharing(page)

    await pressLogout(page)
    const dialog = page.getByRole('dialog', { name: 'Log out' })
    await dialog.waitFor()
    await dialog.getByRole('group', { name: /^Your live location share runs until \d\d:\d\d\.$/ }).waitFor()
    await dialog.getByRole('group', { name: 'Your trusted contacts on this phone: Amma.' }).waitFor()
    await expectAccessible(page)
    await dialog.getByRole('radio', { name: 'Stop sharing now' }).check()
    await dialog.getByRole('radio', { name: 'Keep them on this phone' }).check()
    await dialog.getByRole('button', { name: 'Log out' }).click()
    await page.getByText('Logged out successfully!').waitFor()

    await expect.poll(() => shareStatus(context, token), { timeout: 10_000 }).toBe(410)
    expect(await banner(page).textContent()).toBe('')
    await page.goto('/safety')
    await page.getByRole('link', { name: 'Log in' }).first().waitFor()
    await page.getByText('+919876543210', { exact: true }).waitFor()
    // Signed out, the SOS still texts her.
    await page.getByRole('button', { name: 'Emergency SOS' }).click()
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.getByRole('link', { name: 'Send SMS to trusted contacts' }).waitFor()
    expect(await sheet.getByRole('link', { name: 'Send SMS to trusted contacts' }).getAttribute('href')).toMatch(
      /^sms:\+919876543210\?body=/,
    )
    await sheet.getByRole('button', { name: 'Close' }).click()

    // When she logs in again, they are hers again (not "on this phone only").
    await logInThroughUi(page, user)
    await page.goto('/safety')
    await page.getByText('+919876543210', { exact: true }).waitFor()
    await expect.poll(() => page.getByText('On this phone only').count(), { timeout: 20_000 }).toBe(0)
    await context.close()
  })

  it('by default the share goes on and her contacts leave this phone; the next person to sign in sees none of them', async () => {
    const asha = aUser({ firstName: 'Asha' })
    const { context, page } = await signedInPhone(asha)
    await addContact(page, 'Amma', '+91 98765 43210')
    await expectAccountContacts(context, ['+919876543210'])
    const token = await startSharing(page, '15 min')

    await pressLogout(page)
    const dialog = page.getByRole('dialog', { name: 'Log out' })
    expect(await dialog.getByRole('radio', { name: /^Keep sharing until \d\d:\d\d$/ }).isChecked()).toBe(true)
    expect(await dialog.getByRole('radio', { name: 'Remove them from this phone' }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Log out' }).click()
    await page.getByText('Logged out successfully!').waitFor()

    expect(await shareStatus(context, token)).toBe(200)
    await banner(page)
      .getByText(/^Sharing location until/)
      .waitFor()
    await page.goto('/safety')
    await page.getByText('No trusted contacts yet.').waitFor()
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('wings')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const count = open.result.transaction('trustedContacts').objectStore('trustedContacts').count()
            count.onsuccess = () => resolve(count.result)
          }
        }),
    )
    expect(stored).toBe(0)

    const meera = aUser({ firstName: 'Meera' })
    expect((await context.request.post('/api/signup', { data: meera })).status()).toBe(201)
    await logInThroughUi(page, meera)
    await page.goto('/safety')
    await page.getByText('No trusted contacts yet.').waitFor()
    await context.close()
  })
})

describe('the messaging-app link to one chosen contact', () => {
  it('from the SOS sheet and the share panel, wa.me/<E.164 without +> with the text; SMS still goes to all', async () => {
    const { context, page } = await phone()
    await addContact(page, 'Amma', '98765 43210')
    await page.getByRole('form', { name: 'Add a trusted contact' }).getByLabel('Name').fill('Priya')
    await page.getByRole('form', { name: 'Add a trusted contact' }).getByLabel('Phone number').fill('+44 20 7946 0958')
    await page.getByRole('button', { name: 'Add contact' }).click()
    await page.getByText('+442079460958', { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Emergency SOS' }).click()
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.getByRole('button', { name: 'Send SOS' }).click()
    await sheet.getByText('Your location: 18.96543', { exact: false }).waitFor()
    await sheet.getByText('The link is in the message.', { exact: false }).waitFor({ timeout: 10_000 })
    await sheet.getByRole('combobox', { name: 'WhatsApp to' }).selectOption({ label: 'Amma (+919876543210)' })
    const whatsapp = (await sheet.getByRole('link', { name: 'Send on WhatsApp to Amma' }).getAttribute('href')) ?? ''
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/)
    const text = decodeURIComponent(whatsapp.slice('https://wa.me/919876543210?text='.length))
    expect(text).toContain('18.96543, 72.81634')
    expect(text).toMatch(/Follow my live location: \S+\/s\/[A-Za-z0-9_-]{43}$/)
    expect(await sheet.getByRole('link', { name: 'Send SMS to trusted contacts' }).getAttribute('href')).toBe(
      `sms:+919876543210,+442079460958?body=${encodeURIComponent(text)}`,
    )
    await expectAccessible(page)
    await sheet.getByRole('button', { name: 'Close' }).click()

    // The share the SOS started, on the share panel.
    await page.goto('/safety')
    const link = await page.getByRole('textbox', { name: 'Your live location link' }).inputValue()
    await page.getByRole('combobox', { name: 'WhatsApp to' }).selectOption({ label: 'Priya (+442079460958)' })
    const panel = (await page.getByRole('link', { name: 'Send on WhatsApp to Priya' }).getAttribute('href')) ?? ''
    expect(panel).toMatch(/^https:\/\/wa\.me\/442079460958\?text=/)
    expect(decodeURIComponent(panel.split('?text=')[1] ?? '')).toMatch(
      new RegExp(
        `^Follow my live location on Wings until \\d\\d:\\d\\d: ${link.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`,
      ),
    )
    await context.close()
  })
})
