import { HELPLINES } from '@wings/contract'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})

describe('helplines', () => {
  it('shows all 14 numbers with call links and copies one', async () => {
    const context = await newContext(browser)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('link', { name: 'Want help?' }).first().click()
    await page.waitForURL('**/help')
    await page.getByRole('heading', { name: 'EMERGENCY/HELPLINE NUMBERS' }).waitFor()

    for (const { name, number } of HELPLINES) {
      await page.getByText(name, { exact: true }).first().waitFor()
      expect(await page.locator(`a[href="tel:${number}"]`).count()).toBeGreaterThan(0)
    }
    expect(await page.getByRole('button', { name: /^Copy/ }).count()).toBe(HELPLINES.length)

    const womenHelpline = page.getByRole('button', { name: /^Copy/ }).first()
    await womenHelpline.click()
    await page.getByRole('button', { name: /Copied!/ }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('1091')

    await page.evaluate(() => navigator.clipboard.writeText('something else'))
    await page.getByRole('button', { name: /Copied!/ }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('something else')

    await page.waitForFunction(() => !document.body.textContent?.includes('Copied!'), undefined, { timeout: 4000 })
    await context.close()
  })
})
