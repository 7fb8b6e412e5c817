import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { nativeDialogs, openPage, toasts, uniqueEmail } from './browser.ts'

async function fillContact(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Kavya Menon')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Your query').fill('Can I schedule a demo for our college?')
}

describe('contact form', () => {
  it('sends a message and clears the form', async () => {
    const { context, page } = await openPage()
    await page.goto('/contact')
    await page.getByRole('heading', { name: 'Reach out and connect' }).waitFor()
    const native = nativeDialogs(page)
    await fillContact(page, uniqueEmail('contact'))
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await toasts(page).getByText('Message sent successfully!').waitFor()
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('')
    expect(await page.getByLabel('Your query').inputValue()).toBe('')
    expect(native).toEqual([])
    await context.close()
  })

  it('keeps the values and says so when the server refuses the message', async () => {
    const { context, page } = await openPage()
    await page.goto('/contact')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    // The server refuses each op of the push, as it does over its contact limit.
    await page.route('**/api/sync/push', async (route) => {
      await held
      const { ops } = route.request().postDataJSON() as { ops: Array<{ opId: string }> }
      await route.fulfill({
        json: {
          success: true,
          results: ops.map(({ opId }) => ({
            opId,
            status: 'rejected',
            code: 'RATE_LIMITED',
            message: 'Too many messages. Please try again later.',
          })),
        },
      })
    })
    const native = nativeDialogs(page)
    await fillContact(page, 'kavya@example.in')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const sending = page.getByRole('button', { name: 'Sending...' })
    await sending.waitFor()
    expect(await sending.isDisabled()).toBe(true)
    release()
    // Said beside Send, where she tries again, and announced (role=alert).
    const form = page.getByRole('form', { name: 'Contact us' })
    await form.getByRole('alert').getByText('Failed to send message. Please try again.').waitFor()
    expect(native).toEqual([])
    expect(await page.getByLabel('Full name').inputValue()).toBe('Kavya Menon')
    expect(await page.getByLabel('Email').inputValue()).toBe('kavya@example.in')
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor()
    await context.close()
  })
})
