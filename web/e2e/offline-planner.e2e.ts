import type { FoundRoute } from '@wings/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  expectAccessible,
  expectNoHorizontalScroll,
  locatedAt,
  openPage,
  PHONE,
  waitForServiceWorker,
} from './browser.ts'

/*
 * Safe routes with no signal (issue 28) on a 360 px phone near Grant Road, in the Mumbai south test region: online,
 * she plans to Byculla on foot and the phone keeps the area's road data; offline after a reload, place search finds
 * Byculla in the kept data, and the same trip and the way back are planned on the phone by the route worker, with route cards, Safety Scores and lines on the map,
 * marked as planned on the phone; a start outside the kept data (Churchgate, outside the region) gets the message.
 */

const NEAR_GRANT_ROAD = { latitude: 18.9633, longitude: 72.8148 }
const CHURCHGATE = { latitude: 18.9322, longitude: 72.8264 }

/** The kinds of the area bundles kept on the phone (IndexedDB 'wings', table areaBundles). */
const keptKinds = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('wings')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('areaBundles')) return resolve([])
          const all = db.transaction('areaBundles').objectStore('areaBundles').getAll()
          all.onsuccess = () => resolve((all.result as { kind: string }[]).map((r) => r.kind).sort())
        }
        open.onerror = () => resolve([])
      }),
  )
const keptBundles = async (page: Page) => (await keptKinds(page)).length

const cards = (page: Page) => page.locator('.planner__routes article')
const lines = (page: Page) => page.locator('.routes-map__map path.map-line')

/** The routes on screen: each card's name and Safety Score, and a line on the map per route. */
async function shownRoutes(page: Page): Promise<string[]> {
  await page.getByRole('article', { name: 'Route 1', exact: true }).waitFor({ timeout: 30_000 })
  const n = await cards(page).count()
  for (let i = 0; i < n; i++) await cards(page).nth(i).getByText('Safety Score').first().waitFor()
  await expect.poll(() => lines(page).count(), { timeout: 20_000 }).toBe(n)
  return cards(page).evaluateAll((all) => all.map((a) => a.getAttribute('aria-label') ?? ''))
}

const ON_PHONE = /^Planned on this phone with map data from \d{1,2} \w{3} \d{4}\.$/

describe('the planner with no signal (360 px)', () => {
  it('plans online, then offline the same trip and the way back on the phone, and says when an end is not kept', async () => {
    const { context, page } = await openPage({ ...locatedAt(NEAR_GRANT_ROAD), viewport: PHONE })
    const asked: string[] = []
    // The server's answers to route finding: none may come while she is offline.
    page.on('response', (r) => {
      if (r.url().includes('/api/route/find')) asked.push(r.url())
    })
    await page.goto('/routeplanner')
    await waitForServiceWorker(page)

    // Online: from where she is (the box is ticked by default) to Byculla, on foot.
    const start = page.getByRole('combobox', { name: 'Start', exact: true })
    await expect.poll(() => start.inputValue(), { timeout: 20_000 }).not.toBe('')
    await page.getByRole('combobox', { name: 'Destination', exact: true }).fill('byculla')
    await page
      .getByRole('option', { name: /Byculla/ })
      .first()
      .click()
    const chosen = await page.getByRole('combobox', { name: 'Destination', exact: true }).inputValue()
    await page.getByRole('radio', { name: 'Foot' }).check()
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/route/find') && r.status() === 200)
    await page.getByRole('button', { name: 'GET ROUTES' }).click()
    const { routes: online } = (await (await answered).json()) as { routes: FoundRoute[] }
    expect(online.length).toBeGreaterThanOrEqual(1)
    await shownRoutes(page)
    expect(await page.getByText(ON_PHONE).count()).toBe(0)
    // The trip's area (and the one around her) is kept on the phone.
    await expect.poll(() => keptBundles(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(1)
    console.info(`kept bundles after planning online: ${await keptBundles(page)}`)

    // A map area she saves keeps its road data too (and loses it with the area).
    const offlineMaps = page.getByRole('region', { name: 'Offline maps' })
    await offlineMaps.scrollIntoViewIfNeeded()
    await offlineMaps.getByText(/Route data on this phone: [\d.]+ MB of 50\.0 MB/).waitFor({ timeout: 20_000 })
    await offlineMaps.getByRole('button', { name: 'Zoom in' }).click({ timeout: 20_000 })
    await offlineMaps.getByRole('button', { name: 'Save this area for offline use' }).click()
    await offlineMaps
      .getByRole('list', { name: 'Saved areas' })
      .getByRole('listitem')
      .first()
      .waitFor({ timeout: 60_000 })
    await expect.poll(() => keptKinds(page), { timeout: 20_000 }).toContain('saved')
    await offlineMaps
      .getByRole('button', { name: /^Delete / })
      .first()
      .click()
    await expect.poll(() => keptKinds(page), { timeout: 20_000 }).not.toContain('saved')

    // Offline, after a reload: the same trip, planned on the phone.
    await context.setOffline(true)
    await page.reload()
    await page.getByRole('combobox', { name: 'Destination', exact: true }).waitFor()
    const workers: string[] = []
    page.on('worker', (w) => workers.push(w.url()))
    const destination = page.getByRole('combobox', { name: 'Destination', exact: true })
    expect(await destination.inputValue()).toMatch(/Byculla/)
    // Place search on the phone: the kept places, the one she chose online first, said to come from the phone.
    await destination.fill('')
    await destination.fill('Byculla')
    const searched = Date.now()
    await page.getByText(/^\d+ suggestions? from the map data kept on this phone\.$/).waitFor({ timeout: 30_000 })
    // Figures only: the pause after typing, the failed request, starting the worker, reading, decoding, indexing.
    console.info(`offline place search, first: ${Date.now() - searched} ms`)
    const kept = page.getByRole('option', { name: /Byculla/ })
    expect(await kept.first().textContent()).toBe(chosen)
    await kept.first().click()
    expect(await destination.inputValue()).toBe(chosen)
    const before = asked.length
    let started = Date.now()
    await page.getByRole('button', { name: 'GET ROUTES' }).click()
    await page.getByText(ON_PHONE).waitFor({ timeout: 30_000 })
    // Figures only (timings are not asserted): the first plan starts the worker and decodes the bundle.
    console.info(`offline plan, first (worker start, read, decode, plan): ${Date.now() - started} ms`)
    const there = await shownRoutes(page)
    expect(there.length).toBe(online.length)
    // The same routes as the server's: the same distances and Safety Scores on the cards.
    const texts = await cards(page).allTextContents()
    for (const [i, route] of online.entries()) {
      expect(texts[i]).toContain(`Safety Score${route.safetyScore} / 100`)
      expect(texts[i]).toContain(`${(route.summary.distance / 1000).toFixed(2)} km`)
    }
    expect(workers.some((url) => /worker-.*\.js/.test(url))).toBe(true)
    expect(asked.length).toBe(before)
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // The way back: Byculla to Grant Road.
    await page.getByRole('button', { name: 'Swap start and destination' }).click()
    expect(await page.getByRole('combobox', { name: 'Start', exact: true }).inputValue()).toMatch(/Byculla/)
    started = Date.now()
    await page.getByRole('button', { name: 'GET ROUTES' }).click()
    await page.getByText(ON_PHONE).waitFor({ timeout: 30_000 })
    console.info(`offline plan, the way back (bundle decoded already): ${Date.now() - started} ms`)
    expect((await shownRoutes(page)).length).toBeGreaterThanOrEqual(1)

    // From somewhere the phone keeps nothing of (Churchgate, outside the region): which end, and no route.
    await context.setGeolocation(CHURCHGATE)
    await page.reload()
    await page.getByRole('checkbox', { name: 'Use my current location' }).check()
    await expect.poll(() => start.inputValue(), { timeout: 20_000 }).toMatch(/18\.93/)
    await page.getByRole('button', { name: 'GET ROUTES' }).click()
    await page.getByText('Your start is outside the map data kept on this phone.').waitFor({ timeout: 20_000 })
    expect(await cards(page).count()).toBe(0)
    await page.getByRole('button', { name: 'Keep this area when I am online' }).click()
    await page.getByText('Wings will keep the map data for this trip the next time you are online.').waitFor()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)
    await context.close()
  }, 180_000)
})
