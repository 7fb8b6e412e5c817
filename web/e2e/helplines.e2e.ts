import { HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { newContext } from './browser.ts'

describe('helplines', () => {
  it('shows 112 and every helpline with call links, what each is for and where, and copies one', async () => {
    const context = await newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    await page.goto('/')
    await page.getByRole('link', { name: 'Want help?' }).first().click()
    await page.waitForURL('**/help')
    await page.getByRole('heading', { name: 'EMERGENCY/HELPLINE NUMBERS' }).waitFor()

    await page.getByRole('link', { name: 'Call 112' }).waitFor()
    for (const { name, number, purpose } of HELPLINES.slice(1)) {
      await page.getByText(name, { exact: true }).first().waitFor()
      await page.getByText(purpose, { exact: true }).first().waitFor()
      expect(await page.locator(`a[href="tel:${number}"]`).count()).toBeGreaterThan(0)
    }
    expect(await page.locator('a[href="tel:131"]').count()).toBe(0)
    expect(await page.getByRole('button', { name: /^Copy/ }).count()).toBe(HELPLINES.length - 1)

    const womenHelpline = page.getByRole('button', { name: 'Copy Women Helpline 181' })
    await womenHelpline.click()
    await page.getByRole('button', { name: /Copied!/ }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('181')

    await page.evaluate(() => navigator.clipboard.writeText('something else'))
    await page.getByRole('button', { name: /Copied!/ }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('something else')

    await page.waitForFunction(() => !document.body.textContent?.includes('Copied!'), undefined, { timeout: 4000 })
    await context.close()
  })
})
