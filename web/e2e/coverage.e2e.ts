import type { RegionInfo } from '@wings/contract'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, newContext, openPage, PHONE } from './browser.ts'

// The default region is south Mumbai (Grant Road to Byculla). Churchgate station is 2.3 km south of its edge, and
// the region's own data names it (the Western line's terminus): the server knows it is outside.
const OUTSIDE = 'Churchgate'
const COVERAGE = 'Wings has no map data for this area yet'
const LEGEND = 'Wings has map data inside this line'

/** Types into a place field and waits for its status line (the field's second description). */
async function searchStatus(page: Page, label: string, text: string): Promise<string> {
  const box = page.getByRole('combobox', { name: label, exact: true })
  await box.fill(text)
  const statusId = ((await box.getAttribute('aria-describedby')) ?? '').split(' ')[1] ?? ''
  const status = page.locator(`[id="${statusId}"]`)
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/\S/)
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).not.toBe('Searching...')
  return (await status.textContent()) ?? ''
}

/** Scrolls the maps in `scope` into view until one is drawn with the outline; answers that map. */
async function mapWithOutline(scope: Locator): Promise<Locator> {
  const drawn = scope.locator('.leaflet-container').filter({ has: scope.page().locator('path.coverage-outline') })
  await expect
    .poll(
      async () => {
        for (const view of await scope.locator('.map-view').all())
          await view.scrollIntoViewIfNeeded({ timeout: 2000 }).catch(() => undefined)
        return drawn.count()
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0)
  return drawn.first()
}

describe('honest coverage at 360 px', () => {
  it('the region answers its outline: Grant Road inside, Churchgate outside', async () => {
    const context = await newContext()
    const region = (await (await context.request.get('/api/region')).json()) as RegionInfo
    expect(region.outline?.coordinates.length).toBeGreaterThan(0)
    const res = await context.request.get(`/api/geocode/search?q=${OUTSIDE}`)
    expect(res.status()).toBe(422)
    expect(await res.json()).toEqual({ success: false, message: COVERAGE, code: 'OUTSIDE_REGION' })
    // A Nominatim client's request is answered too (format=json was a 400).
    const nominatim = await context.request.get('/api/geocode/search?q=Grant%20Road&format=json&limit=1')
    expect(nominatim.status()).toBe(200)
    expect((await nominatim.json())[0]).toMatchObject({ class: 'railway', type: 'station' })
    await context.close()
  })

  it("the planner's Start and Destination say Churchgate is outside Wings' map, and its map draws the line", async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/routeplanner')
    for (const field of ['Start', 'Destination']) {
      const status = await searchStatus(page, field, OUTSIDE)
      expect(status, field).toContain(COVERAGE)
      // Suggestions only: the page's offline maps have a budget <select> whose options are options too.
      expect(await page.getByRole('listbox').getByRole('option').count(), field).toBe(0)
    }
    // Bandra and Andheri, outside too: the message, not a wrong street.
    for (const place of ['Bandra', 'Andheri']) {
      expect(await searchStatus(page, 'Destination', place), place).toContain(COVERAGE)
      expect(await page.getByRole('listbox').getByRole('option').count(), place).toBe(0)
    }
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)

    // Inside, places are found and routes drawn; the planner's maps show the outline and its legend.
    await page.getByRole('combobox', { name: 'Start', exact: true }).fill('Grant Road')
    await page
      .getByRole('option', { name: /^Grant Road, / })
      .first()
      .click()
    await page.getByRole('combobox', { name: 'Destination', exact: true }).fill('Byculla')
    await page
      .getByRole('option', { name: /^Byculla, / })
      .first()
      .click()
    await page.getByRole('radio', { name: 'Foot' }).check()
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/route/find'))
    await page.getByRole('button', { name: 'GET ROUTES' }).click()
    expect((await answered).status()).toBe(200)
    const map = await mapWithOutline(page.locator('.planner'))
    expect(await map.locator('.coverage-legend').textContent()).toBe(LEGEND)
    expect(await map.locator('.coverage-legend').isVisible()).toBe(true)
    // The line is drawn under the routes and takes no tap.
    expect(await map.locator('path.coverage-outline').getAttribute('class')).not.toContain('leaflet-interactive')
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('the estimator says Churchgate is outside, and so is a source typed outside the line', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await page.goto('/routescorer')
    expect(await searchStatus(page, 'Destination', OUTSIDE)).toContain(COVERAGE)
    await page.getByLabel('Source latitude').fill('18.9322')
    await page.getByLabel('Source longitude').fill('72.8264')
    await page.getByText(`${COVERAGE}: this place is outside the line on the map.`, { exact: false }).waitFor()
    // Inside (Grant Road): nothing said.
    await page.getByLabel('Source latitude').fill('18.9633')
    await page.getByLabel('Source longitude').fill('72.8158')
    await expect.poll(() => page.getByText(`${COVERAGE}: this place`).count()).toBe(0)
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
    await context.close()
  })
})
