import type { FoundRoute } from '@wings/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, locatedAt, openPage, PHONE } from './browser.ts'

// Both in the default region (south Mumbai): Grant Road station and Byculla.
const FROM = { type: 'grant road', option: /Grant Road/ }
const TO = { type: 'byculla', option: /Byculla/ }
// Near Grant Road station.
const STATION = { latitude: 18.96341, longitude: 72.81583 }

async function choosePlace(page: Page, label: string, text: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).fill(text)
  await page.getByRole('option', { name: option }).first().click()
}

async function getRoutes(page: Page): Promise<FoundRoute[]> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/route/find') && r.status() === 200)
  await page.getByRole('button', { name: 'GET ROUTES' }).click()
  const { routes } = (await (await answered).json()) as { routes: FoundRoute[] }
  await page.getByRole('article', { name: 'Route 1', exact: true }).waitFor()
  return routes
}

async function planTrip(page: Page): Promise<void> {
  await page.goto('/routeplanner')
  await page.getByRole('checkbox', { name: 'Use my current location' }).uncheck()
  await choosePlace(page, 'Start', FROM.type, FROM.option)
  await choosePlace(page, 'Destination', TO.type, TO.option)
  await page.getByRole('radio', { name: 'Foot' }).check()
}

const strokeWidth = (page: Page, color: string) =>
  page.locator(`.routes-map__map path.map-line[stroke="${color}"]`).getAttribute('stroke-width')

describe('route results she sees (360 px)', () => {
  it('results in view and focused, all lines on one map, a card and its line linked both ways', async () => {
    const { context, page } = await openPage({ ...locatedAt(STATION), viewport: PHONE })
    await planTrip(page)
    const routes = await getRoutes(page)
    expect(routes.length).toBeGreaterThanOrEqual(2)

    // The results' heading has the focus and is on the screen.
    const heading = page.getByRole('heading', { name: 'Routes', exact: true })
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true)
    const box = await heading.boundingBox()
    expect(box?.y).toBeGreaterThanOrEqual(0)
    expect((box?.y ?? PHONE.height) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height)
    await page.getByText(`${routes.length} routes found.`).waitFor({ state: 'attached' })

    // One map, one line per route, each its own colour and dash pattern.
    const map = page.getByRole('region', { name: 'Map of the routes' }).and(page.locator('.leaflet-container'))
    await map.waitFor({ timeout: 30_000 })
    expect(await page.locator('.planner__results .leaflet-container').count()).toBe(1)
    const lines = map.locator('path.map-line')
    await expect.poll(() => lines.count(), { timeout: 15_000 }).toBe(routes.length)
    const looks = await lines.evaluateAll((paths) =>
      paths.map((p) => `${p.getAttribute('stroke')}|${p.getAttribute('stroke-dasharray') ?? 'solid'}`),
    )
    expect(new Set(looks).size).toBe(routes.length)
    expect(new Set(looks.map((l) => l.split('|')[1])).size).toBe(routes.length)
    await page.getByRole('list', { name: 'Map legend' }).getByText('Route 2, dashed line').waitFor()

    // Each card says how it differs from route 1, with every label it earned.
    const card2 = page.getByRole('article', { name: 'Route 2', exact: true })
    await card2.getByText(/than route 1\.$|Much the same as route 1/).waitFor()
    for (const label of routes[1]?.labels ?? []) await card2.getByText(label, { exact: true }).waitFor()

    // A card's 'Show on map' highlights its line; a tap on a line selects its card.
    await card2.getByRole('button', { name: 'Show route 2 on map' }).click()
    expect(await card2.getAttribute('aria-current')).toBe('true')
    await expect.poll(() => strokeWidth(page, '#ad1457')).toBe('8')
    expect(await strokeWidth(page, '#1565c0')).toBe('5')
    await map.locator('path.map-line[stroke="#1565c0"]').dispatchEvent('click')
    const card1 = page.getByRole('article', { name: 'Route 1', exact: true })
    await expect.poll(() => card1.getAttribute('aria-current')).toBe('true')
    expect(await card1.getByRole('button', { name: 'Show route 1 on map' }).getAttribute('aria-pressed')).toBe('true')
    expect(await card2.getAttribute('aria-current')).toBeNull()
    await expect.poll(() => strokeWidth(page, '#1565c0')).toBe('8')

    // Labels and card text neither clipped nor broken mid-word, at 360 and at 320 px.
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: PHONE.height })
      await expectNoHorizontalScroll(page)
      const clipped = await page
        .locator('.route-card__label, .route-card__title, .route-card__diff, .route-card__facts dd')
        .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent))
      expect(clipped, `at ${width} px`).toEqual([])
      const labelHeights = await page
        .locator('.route-card__label')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))
      // One line each: a label that wrapped would be twice as tall.
      for (const h of labelHeights) expect(h).toBeLessThan(40)
    }
    await page.setViewportSize(PHONE)
    await expectAccessible(page)
    await context.close()
  })

  it("'at 22:30' changes at least one score or reason, and the card says the time it was scored for", async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    await planTrip(page)
    await page.getByRole('radio', { name: 'Leaving at a time' }).check()
    const time = page.getByLabel('Leaving at', { exact: true })
    await time.fill('12:30')
    const noon = await getRoutes(page)
    await page.getByText('Scored for 12:30, in daylight').first().waitFor()
    await time.fill('22:30')
    const late = await getRoutes(page)
    await page.getByText('Scored for 22:30, after dark').first().waitFor()
    const said = (routes: FoundRoute[]) => JSON.stringify(routes.map((r) => [r.safetyScore, r.safety.reasons]))
    expect(said(late)).not.toBe(said(noon))
    await page
      .getByRole('article', { name: 'Route 1', exact: true })
      .getByText(late[0]?.safety.reasons[0] as string)
      .waitFor()

    // An emptied time is said in the app; nothing is sent.
    let sent = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/api/route/find')) sent++
    })
    await time.fill('')
    await page.getByRole('button', { name: 'GET ROUTES' }).click()
    await page.getByText('Please enter a time as hours and minutes, such as 22:30.').waitFor()
    expect(sent).toBe(0)
    await context.close()
  })

  it('the estimator in airplane mode: a place kept on the phone and my position work, and it says what needs the network', async () => {
    const { context, page } = await openPage({ ...locatedAt(STATION), viewport: PHONE })
    await page.goto('/routescorer')
    // Searched once, online: kept on the phone.
    await choosePlace(page, 'Destination', TO.type, TO.option)
    // Airplane mode from here on: the page already open (the app shell's offline start is offline.e2e.ts's).
    await context.setOffline(true)
    await page.getByText(/^You are offline\. Searching for a new place needs a connection/).waitFor()
    const known = page.getByRole('combobox', { name: 'Places on this phone' })
    await expect.poll(() => known.locator('option').count()).toBeGreaterThan(1)
    const value = await known.locator('option').nth(1).getAttribute('value')
    await known.selectOption(value as string)
    await expect.poll(() => page.getByLabel('Destination latitude').inputValue()).not.toBe('')
    await page.getByRole('checkbox', { name: 'Detect my location' }).check()
    await expect.poll(() => page.getByLabel('Source latitude').inputValue()).toBe('18.9634')
    for (const [name, v] of Object.entries({
      light_intensity: 70,
      traffic_density: 45,
      crowd_density: 60,
      crime_rate: 25,
      accident_rate: 20,
    }))
      await page.getByLabel(name, { exact: true }).fill(String(v))
    await page.getByRole('button', { name: 'Calculate Safety Score' }).click()
    await page.getByText(/^Safety Score: \d+%$/).waitFor()
    await page.getByText('Calculated on this phone').waitFor()
    await expectNoHorizontalScroll(page)
    await context.close()
  })
})
