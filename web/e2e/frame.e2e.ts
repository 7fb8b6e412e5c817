import { describe, expect, it } from 'vitest'
import { expectNoHorizontalScroll, newContext, openPage, PHONE } from './browser.ts'

describe('the shared frame', () => {
  it('collapses the header into a working menu at 360 px', async () => {
    const { context, page } = await openPage({ viewport: PHONE, isMobile: true, hasTouch: true })
    await page.goto('/')
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.waitFor()
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expectNoHorizontalScroll(page)

    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Blog', 'Contact us', 'Want help?', 'Route Planner']) {
      expect(await nav.getByRole('link', { name }).isVisible(), name).toBe(true)
    }
    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')

    await menu.click()
    await nav.getByRole('link', { name: 'Contact us' }).click()
    await page.waitForURL('**/contact')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await page.getByRole('heading', { name: 'Reach out and connect' }).waitFor()
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('has the footer links, the support box and the copyright line', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    // The page's own copy of the footer comes first (first-paint.e2e.ts): this is about the app's.
    await page.locator('.site-header').waitFor()
    const footer = page.getByRole('contentinfo')
    for (const [name, href] of [
      ['About', '/about'],
      ['Blog', '/blog'],
      ['Contact Us', '/contact'],
      ['Help', '/help'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href)
    }
    // The support box arrives as she scrolls towards the footer.
    await footer.scrollIntoViewIfNeeded()
    await footer.getByRole('button', { name: 'Send' }).waitFor()
    expect(await footer.getByRole('button', { name: 'Send' }).count()).toBe(1)
    expect(await footer.textContent()).toMatch(/©\s*\d{4}\s*Wings/)
    await footer.getByRole('link', { name: 'Privacy', exact: true }).click()
    await page.waitForURL('**/privacy')
    await page
      .getByText(/anonymous/i)
      .first()
      .waitFor()
    await context.close()
  })

  it('opens Saathi from the floating chat button and fades it out', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    await page.getByRole('button', { name: 'Open chat with Saathi' }).click()
    const panel = page.getByRole('dialog', { name: 'Saathi' })
    await panel.waitFor()
    await panel.getByRole('button', { name: /close/i }).click()
    await panel.waitFor({ state: 'hidden', timeout: 2000 })
    await context.close()
  })

  it('quick exit leaves for a neutral page with the Escape key and the button, with no way back', async () => {
    const context = await newContext()
    await context.route(/^https:\/\/www\.google\.com\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><p>Weather</p>' }),
    )
    const page = await context.newPage()
    await page.goto('/help')
    await page.keyboard.press('Escape')
    await page.waitForURL(/google\.com/)
    expect(await page.title()).toBe('Weather')

    await page.goto('/contact')
    await page.getByRole('button', { name: 'Quick exit' }).click()
    await page.waitForURL(/google\.com/)
    await page.goBack()
    expect(page.url()).not.toContain('/contact')
    await context.close()
  })

  it('sends an SOS with the position through the messaging app from the SOS sheet, after its in-sheet question', async () => {
    const context = await newContext({ geolocation: { latitude: 18.96543, longitude: 72.81234 } })
    await context.grantPermissions(['geolocation'])
    await context.route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ contentType: 'text/html', body: 'WhatsApp' }))
    const page = await context.newPage()
    await page.goto('/')
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.accept()
    })
    await page.getByRole('button', { name: /Emergency SOS/ }).click()
    const sheet = page.getByRole('dialog', { name: 'Emergency SOS' })
    await sheet.getByText('Send an emergency SOS with your current location?').waitFor()
    await sheet.getByRole('button', { name: 'Send SOS' }).click()
    await sheet.getByText('Your location: 18.96543, 72.81234', { exact: false }).waitFor()
    const popup = page.waitForEvent('popup')
    await sheet.getByRole('link', { name: 'Send on WhatsApp' }).click()
    const opened = await popup
    const url = decodeURIComponent(opened.url())
    expect(url).toMatch(/^https:\/\/wa\.me\//)
    expect(url).toContain('18.96543')
    expect(url).toContain('72.81234')
    // The question is the sheet's own, never a native dialog.
    expect(dialogs).toEqual([])
    await context.close()
  })
})
