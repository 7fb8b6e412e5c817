import type { NearbyPlace } from '@wings/contract'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  expectAccessible,
  expectNoHorizontalScroll,
  HERE,
  locatedAt,
  openPage,
  PHONE,
  waitForServiceWorker,
} from './browser.ts'

/*
 * Nearest help (issue 25, part 1) on a 360 px phone standing near Grant Road, on the Mumbai south test region: opened
 * from the SOS sheet, the places in the server's walking-time order, the police station nearest by road first among
 * the police, Call and Show the way (the walking route on the map); then offline, from the places the phone kept
 * around her, marked as rough and saved; and offline where nothing was kept, saying so.
 */

/** How the screen names a place OSM left unnamed. */
const CATEGORY: Record<string, string> = {
  police: 'Police station',
  hospital: 'Hospital',
  pharmacy: 'Pharmacy',
  fuel: 'Petrol pump',
  hotel: 'Hotel',
  clinic: 'Clinic',
  doctors: 'Doctor',
  shop: 'Shop',
}
const nameOf = (p: NearbyPlace) => p.name || CATEGORY[p.category ?? p.kind] || 'Place'
const listed = (page: Page) => page.locator('.nearby-list > li')
const headings = (page: Page) => listed(page).locator('h3').allTextContents()

/** Metres between two points (equirectangular: a few km). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180
  const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad)
  return Math.hypot(x, (b.lat - a.lat) * rad) * 6_371_000
}

/** The nearbyAreas rows the phone keeps (IndexedDB 'wings'). */
const keptPacks = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('wings')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('nearbyAreas')) return resolve(-1)
          const count = db.transaction('nearbyAreas').objectStore('nearbyAreas').count()
          count.onsuccess = () => resolve(count.result)
        }
        open.onerror = () => resolve(-1)
      }),
  )

describe('nearest help', () => {
  it('lists the places by walking time from the SOS sheet, shows the way, and answers offline from what it kept', async () => {
    const { context, page } = await openPage({ ...locatedAt(HERE), viewport: PHONE })
    await page.goto('/')
    await waitForServiceWorker(page)

    // What the server answers for her position, as the screen asks it.
    const query = `lat=${HERE.latitude.toFixed(6)}&lon=${HERE.longitude.toFixed(6)}&limit=5`
    const api = (await (await context.request.get(`/api/nearby?${query}`)).json()) as { places: NearbyPlace[] }
    const police = api.places.filter((p) => p.kind === 'police')
    expect(police.length).toBeGreaterThan(0)
    const nearestByRoad = police[0] as NearbyPlace
    // The region's police stations in a straight line: whichever is nearest, the list follows the walking times.
    const all = (await (
      await context.request.get(`/api/nearby?${query.replace('limit=5', 'limit=50')}&kinds=police`)
    ).json()) as {
      places: NearbyPlace[]
    }
    const here = { lat: HERE.latitude, lon: HERE.longitude }
    const straight = [...all.places].sort((a, b) => metres(here, a) - metres(here, b))[0]
    console.info(
      `nearest police by road: ${nameOf(nearestByRoad)}; in a straight line: ${straight && nameOf(straight)}`,
    )

    await page.getByRole('button', { name: 'Emergency SOS' }).first().click()
    await page.getByRole('dialog', { name: 'Emergency SOS' }).getByRole('link', { name: 'Nearest help' }).click()
    await page.waitForURL('**/nearby')
    await page.getByRole('heading', { name: 'Nearest help', level: 1 }).waitFor()
    await listed(page).first().waitFor({ timeout: 20_000 })
    expect(await headings(page)).toEqual(api.places.map(nameOf))

    // The police station nearest by road is the first police station listed, with distance, minutes and Call.
    const first = listed(page)
      .filter({ has: page.locator('h3', { hasText: nameOf(nearestByRoad) }) })
      .first()
    const facts = (await first.textContent()) ?? ''
    expect(facts).toMatch(/\d+(\.\d)? (m|km)/)
    expect(facts).toContain(`${Math.max(1, Math.round(nearestByRoad.walkingSeconds / 60))} min walk`)
    expect(facts).not.toContain('about')
    if (nearestByRoad.phone) {
      const href = await first.getByRole('link', { name: `Call ${nearestByRoad.phone}` }).getAttribute('href')
      expect(href).toBe(`tel:${nearestByRoad.phone.replace(/[^\d+]/g, '')}`)
    }
    await page.getByRole('link', { name: 'Call 112' }).waitFor()

    // Show the way: the walking route drawn on the map.
    await first.getByRole('button', { name: 'Show the way' }).click()
    const way = page.getByRole('region', { name: `Map of the way to ${nameOf(nearestByRoad)}` })
    await way.waitFor({ timeout: 20_000 })
    const line = page.locator('.nearby-way path.map-line')
    await line.first().waitFor({ timeout: 20_000 })
    expect(await line.first().getAttribute('stroke-dasharray')).toBeNull()
    expect(((await line.first().getAttribute('d')) ?? '').split(/[LM]/).length).toBeGreaterThan(3)
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // The places around her were kept on the phone as the screen answered.
    await expect.poll(() => keptPacks(page), { timeout: 10_000 }).toBe(1)

    // Offline: the same screen answers from them, saying so, roughly.
    await context.setOffline(true)
    await page.reload()
    await page.getByText(/You are offline: this list is from data saved on this phone on/).waitFor({ timeout: 20_000 })
    const offline = await headings(page)
    expect(offline).toContain(nameOf(nearestByRoad))
    expect(await listed(page).first().textContent()).toMatch(/about \d+ min walk/)
    const kept = listed(page)
      .filter({ has: page.locator('h3', { hasText: nameOf(nearestByRoad) }) })
      .first()
    await kept.getByRole('button', { name: 'Show the way' }).click()
    await page.getByText(/Offline: the dashed line is the straight way there/).waitFor()
    const dashed = page.locator('.nearby-way path.map-line')
    await dashed.first().waitFor({ timeout: 20_000 })
    expect(await dashed.first().getAttribute('stroke-dasharray')).toBeTruthy()
    await expectAccessible(page)
    await expectNoHorizontalScroll(page)

    // Offline somewhere nothing was kept (Bandra): it says so, and 112 is one tap away.
    await context.setGeolocation({ latitude: 19.0596, longitude: 72.8295 })
    await page.reload()
    await page.getByText(/this phone has no saved data for where you are/).waitFor({ timeout: 20_000 })
    expect(await listed(page).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    await expectAccessible(page)
    await context.close()
  }, 120_000)
})
