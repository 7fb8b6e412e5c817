import type { FoundRoute } from '@wings/contract'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  aUser,
  dataDir,
  expectAccessible,
  expectNoHorizontalScroll,
  locatedAt,
  logInThroughUi,
  newContext,
  openPage,
  PHONE,
  signIn,
  waitForServiceWorker,
} from './browser.ts'
import { expectTilesLoaded, forgetShownTiles, mapIn } from './maps.ts'
import { sql } from './server.ts'

// Two named places of south Mumbai between which the router offers three foot routes at every hour of the day.
const FROM = { type: 'opera house', option: /^Royal Opera House/, lat: 18.9560477, lon: 72.8155711 }
const TO = { type: 'babulnath', option: /^Babulnath, Gamdevi/, lat: 18.9583583, lon: 72.8069264 }

const BLUE = '#1565c0'
const MAGENTA = '#ad1457'

async function choosePlace(page: Page, label: string, text: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).fill(text)
  await page.getByRole('option', { name: option }).first().click()
}

/** Plans the foot route from FROM to TO as she does: typing both places and choosing them from the suggestions. */
async function planFootRoute(page: Page): Promise<FoundRoute[]> {
  await page.goto('/routeplanner')
  await choosePlace(page, 'Start', FROM.type, FROM.option)
  await choosePlace(page, 'Destination', TO.type, TO.option)
  await page.getByRole('radio', { name: 'Foot' }).check()
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/route/find') && r.status() === 200)
  await page.getByRole('button', { name: 'GET ROUTES' }).click()
  const { routes } = (await (await answered).json()) as { routes: FoundRoute[] }
  await card(page, 1).waitFor()
  return routes
}

const card = (page: Page, n: number) => page.getByRole('article', { name: `Route ${n}`, exact: true })

/** The map of a card has drawn: markers, its line in `color`, and tiles. */
async function expectMapDrawn(map: Locator, color: string): Promise<void> {
  await map.getByTitle('Start Point').waitFor()
  await map.getByTitle('End Point').waitFor()
  await map.locator(`path[stroke="${color}"]`).first().waitFor()
  await expectTilesLoaded(map)
}

async function signedInPage(context: BrowserContext): Promise<{ page: Page; userId: string }> {
  const user = await signIn(context, aUser())
  const page = await context.newPage()
  await logInThroughUi(page, user)
  return { page, userId: user.id }
}

const savedRows = (userId: string) =>
  sql<{ id: string; current_name: string }>(dataDir, 'SELECT id, current_name FROM saved_routes WHERE user_id = ?', [
    userId,
  ])

describe('safe route planner', () => {
  it('plans a foot route between two named places, shows 3 honest cards with maps, saves, lists and deletes it', async () => {
    const context = await newContext()
    const { page, userId } = await signedInPage(context)
    const routes = await planFootRoute(page)
    expect(routes).toHaveLength(3)
    await expect.poll(() => page.getByRole('article').count()).toBe(3)

    for (const [i, route] of routes.entries()) {
      const article = card(page, i + 1)
      // Every label the route earned (a route that is also the safest says so on its one card).
      for (const label of route.labels) await article.getByText(label, { exact: true }).waitFor()
      await article.getByText(`${(route.summary.distance / 1000).toFixed(2)} km`).waitFor()
      await article.getByText(`${(route.summary.duration / 60).toFixed(1)} min`).waitFor()
      // The score is the model's, as the server answered it: never adjusted for display.
      await article.getByText(`${route.safetyScore} / 100`, { exact: true }).waitFor()
      await article.getByText(route.safety.reasons[0] as string).waitFor()
    }
    // One map for all the routes (not one per card), the first line blue, the others in their own colours.
    const results = page.locator('.planner__results')
    await expectMapDrawn(await mapIn(results, 'Map of the routes'), BLUE)
    await expect.poll(() => results.locator('path.map-line').count()).toBe(routes.length)
    await results.locator(`path.map-line[stroke="${MAGENTA}"]`).first().waitFor()
    await page.getByRole('link', { name: 'How safety scores are calculated' }).waitFor()
    await page.getByRole('link', { name: 'manual safety calculator' }).waitFor()

    // 'Save This Route' comes 2 seconds after the result.
    const save = page.getByRole('button', { name: 'Save This Route' })
    await save.waitFor({ timeout: 5000 })
    await save.click()
    await page.getByText('Route saved successfully!').waitFor()
    await expect.poll(() => savedRows(userId).length, { timeout: 15_000 }).toBe(1)
    await save.click()
    await page.getByText('Route already saved!').waitFor()
    expect(savedRows(userId)).toHaveLength(1)

    // The planner comes back as she left it.
    await page.reload()
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Start', exact: true }).inputValue())
      .toMatch(FROM.option)
    await expect.poll(() => page.getByRole('article').count()).toBe(3)

    await page.goto('/routes')
    await page.getByRole('heading', { name: 'Saved Routes' }).waitFor()
    const entry = page.getByRole('listitem').filter({ hasText: 'Royal Opera House' })
    await entry.getByText('18.9560, 72.8156').waitFor()
    await entry
      .getByText(/Babulnath, Gamdevi/)
      .first()
      .waitFor()
    await entry.getByRole('link', { name: 'Open in planner' }).click()
    await page.waitForURL(/\/routeplanner\?saved=/)
    await expectMapDrawn(await mapIn(page.locator('.planner__results'), 'Map of the routes'), BLUE)

    await page.goto('/routes')
    await entry.getByRole('button', { name: /^Delete/ }).click()
    await page.getByText('Route deleted').waitFor()
    await expect.poll(() => entry.count()).toBe(0)
    await expect.poll(() => savedRows(userId).length, { timeout: 15_000 }).toBe(0)
    await context.close()
  })

  it('starts from her position when she allows it: the address, else nothing until she chooses', async () => {
    const granted = await newContext(locatedAt())
    const page = await granted.newPage()
    await page.goto('/routeplanner')
    const useLocation = page.getByRole('checkbox', { name: 'Use my current location' })
    const start = page.getByRole('combobox', { name: 'Start', exact: true })
    expect(await useLocation.isChecked()).toBe(true)
    // The reverse-geocoded address of the position, not bare coordinates.
    await expect.poll(() => start.inputValue(), { timeout: 15_000 }).toMatch(/Mumbai/)
    await useLocation.uncheck()
    expect(await start.inputValue()).toBe('')
    await useLocation.check()
    await expect.poll(() => start.inputValue(), { timeout: 15_000 }).toMatch(/Mumbai/)
    // Typing unticks the box.
    await start.fill('bab')
    expect(await useLocation.isChecked()).toBe(false)
    await granted.close()

    const denied = await newContext()
    const deniedPage = await denied.newPage()
    await deniedPage.goto('/routeplanner')
    await deniedPage.getByText(/^Error fetching location: /).waitFor()
    expect(await deniedPage.getByRole('checkbox', { name: 'Use my current location' }).isChecked()).toBe(false)
    // Without both places, GET ROUTES says so under the start box, which takes the focus.
    await deniedPage.getByRole('button', { name: 'GET ROUTES' }).click()
    const deniedStart = deniedPage.getByRole('combobox', { name: 'Start' })
    await expect.poll(() => deniedStart.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await deniedStart.getAttribute('aria-invalid')).toBe('true')
    await deniedPage.getByText('Please select both a source and a destination.').waitFor()
    await denied.close()
  })

  it('shows reported incidents as a heatmap on the route map when she asks for it', async () => {
    const context = await newContext()
    const reported = await context.request.post('/api/incidents', {
      data: { category: 'harassment', lat: FROM.lat, lon: FROM.lon, occurredAt: new Date().toISOString() },
    })
    expect(reported.status()).toBe(201)
    // Published now, as the publishing batch would within the hour (docs/community-signals.md).
    sql(
      dataDir,
      'INSERT INTO incidents (id, category, lat, lon, occurred_at, description) SELECT id, category, lat, lon, occurred_at, description FROM incident_queue',
    )
    const page = await context.newPage()
    await planFootRoute(page)
    const first = page.locator('.planner__results')
    await mapIn(first, 'Map of the routes')
    const toggle = first.getByRole('checkbox', { name: 'Show reported incidents' })
    expect(await toggle.isChecked()).toBe(false)
    expect(await first.locator('.incident-heatmap').count()).toBe(0)
    await toggle.check()
    await first.locator('.incident-heatmap').first().waitFor()
    await toggle.uncheck()
    await expect.poll(() => first.locator('.incident-heatmap').count()).toBe(0)
    await context.close()
  })

  it('on a 360 px phone: usable, accessible, and a saved area and a saved route draw with the network off', async () => {
    const context = await newContext({ viewport: PHONE })
    const { page, userId } = await signedInPage(context)
    await waitForServiceWorker(page)
    await planFootRoute(page)
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Save This Route' }).click()
    await page.getByText('Route saved successfully!').waitFor()
    await expect.poll(() => savedRows(userId).length, { timeout: 15_000 }).toBe(1)
    const [saved] = savedRows(userId)

    // Save the area around the start, zoomed in, for offline use.
    const offline = page.getByRole('region', { name: 'Offline maps' })
    const offlineMap = await mapIn(offline, /map/i)
    await offlineMap.waitFor()
    for (let i = 0; i < 3; i++) await offline.getByRole('button', { name: 'Zoom in' }).click()
    await offline.getByRole('button', { name: 'Save this area for offline use' }).click()
    const areas = offline.getByRole('list', { name: 'Saved areas' })
    await areas.getByRole('listitem').first().waitFor({ timeout: 60_000 })
    await areas.getByText(/MB/).waitFor()

    await context.setOffline(true)
    await page.goto(`/routeplanner?saved=${saved?.id}`)
    // The saved route draws from the phone: its line, and the tiles kept when they were shown.
    await expectMapDrawn(await mapIn(page.locator('.planner__results'), 'Map of the routes'), BLUE)

    // Only the saved area now: forget the tiles that were kept because they were shown, then look at the area.
    expect(await page.evaluate(forgetShownTiles)).toBeGreaterThan(0)
    await page.reload()
    const offlineAgain = page.getByRole('region', { name: 'Offline maps' })
    await offlineAgain.getByRole('list', { name: 'Saved areas' }).getByRole('listitem').first().waitFor()
    await (await mapIn(offlineAgain, /map/i)).waitFor()
    for (let i = 0; i < 3; i++) await offlineAgain.getByRole('button', { name: 'Zoom in' }).click()
    const tiles = offlineAgain.locator('.map-tiles .leaflet-tile-loaded')
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    // A tile is marked once its data has come (it may be drawn while the zoom still settles).
    await expect
      .poll(() => tiles.evaluateAll((els) => els.every((el) => el.hasAttribute('data-source'))), { timeout: 15_000 })
      .toBe(true)
    expect(new Set(await tiles.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('data-source'))))).toEqual(
      new Set(['cache']),
    )
    await expectNoHorizontalScroll(page)
    await context.close()
  })

  it('on a phone, fetches no map code or tiles for the offline map until she scrolls to it', async () => {
    const { context, page } = await openPage({ viewport: PHONE })
    const mapRequests: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/\/assets\/MapView-|\/tiles\//.test(pathname)) mapRequests.push(pathname)
    })
    await page.goto('/routeplanner')
    const offline = page.getByRole('region', { name: 'Offline maps' })
    await offline.getByRole('button', { name: 'Save this area for offline use' }).waitFor({ state: 'attached' })
    await page.waitForTimeout(1000)
    expect(mapRequests).toEqual([])
    expect(await offline.getByText('Loading map...').count()).toBe(1)

    await expectTilesLoaded(await mapIn(offline, /map/i))
    expect(mapRequests.some((path) => path.includes('/assets/MapView-'))).toBe(true)
    await context.close()
  })
})
