import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, openPage, PHONE, waitForServiceWorker } from './browser.ts'

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '')

async function expectTarget(button: Locator, name: string): Promise<void> {
  const box = await button.boundingBox()
  expect(box?.width, name).toBeGreaterThanOrEqual(48)
  expect(box?.height, name).toBeGreaterThanOrEqual(48)
}

describe('fake call', () => {
  it('offline at 360 px: rings after the chosen delay and not before, full screen; Answer counts, End and Escape close', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    // A fake clock, paused once the screen is checked: 10 s and 1 min pass only when the test says so. axe waits on
    // timers of its own, so it runs only while the clock flows.
    await page.clock.install()
    await page.goto('/')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    // From the home screen's tools.
    await page.getByRole('link', { name: 'Get a fake call' }).click()
    await page.getByRole('heading', { name: 'Fake call', level: 1 }).waitFor()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await page.clock.pauseAt(Date.now() + 5_000)

    await page.getByLabel('Caller name').fill('Maa')
    await page.getByRole('button', { name: 'Call me in 10 s' }).click()
    // React shows a freshly loaded part after a short timer of its own: half a second of the call's ten.
    await page.clock.runFor(500)
    await page.getByText('Maa calls in 0:10').waitFor()
    // She goes on using Wings: the call comes wherever she is.
    await page.getByRole('link', { name: 'Wings home' }).click()
    await page.getByRole('heading', { name: 'Our Features' }).waitFor()

    // 9.5 s in: the countdown (re-read every half second) says 0:01, and nothing rings yet.
    await page.clock.runFor(9_000)
    await page.getByText('Maa calls in 0:01').waitFor()
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await page.clock.runFor(1_000)
    const call = page.getByRole('alertdialog', { name: 'Maa' })
    await call.waitFor()
    await call.getByText('Incoming call · Mobile').waitFor()
    expect(await call.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height })
    await expectTarget(call.getByRole('button', { name: 'Answer' }), 'Answer')
    await expectTarget(call.getByRole('button', { name: 'Decline' }), 'Decline')
    expect(await focusedText(page)).toBe('Answer')

    // Enter answers (Answer has the focus); the timer runs from the clock.
    await page.keyboard.press('Enter')
    const timer = call.getByRole('timer', { name: 'Call length' })
    await expect.poll(() => timer.textContent()).toBe('00:00')
    await page.clock.runFor(65_000)
    await expect.poll(() => timer.textContent()).toBe('01:05')
    expect(await focusedText(page)).toBe('End call')
    await call.getByRole('button', { name: 'End call' }).click()
    await call.waitFor({ state: 'detached' })

    // From the SOS sheet's tools, 1 min; Escape declines and does not leave Wings (Quick exit).
    await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
    await page.getByRole('dialog', { name: 'Emergency SOS' }).getByRole('link', { name: 'Fake call' }).click()
    await page.getByRole('button', { name: 'Call me in 1 min' }).click()
    await page.getByText('Maa calls in 1:00').waitFor()
    await page.clock.runFor(59_000)
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await page.clock.runFor(1_500)
    await call.waitFor()
    await page.keyboard.press('Escape')
    await call.waitFor({ state: 'detached' })
    expect(new URL(page.url()).pathname).toBe('/fake-call')

    // Decline, and Cancel while it waits.
    await page.getByRole('button', { name: 'Call me in 10 s' }).click()
    await page.clock.runFor(10_500)
    await page.clock.resume()
    await expectAccessible(page)
    await call.getByRole('button', { name: 'Decline' }).click()
    await call.waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Call me in 10 s' }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.clock.runFor(30_000)
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await context.close()
  })
})
