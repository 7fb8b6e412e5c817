/**
 * The map as she sees it on a phone (360 px): the region's vector tiles drawn with their labels (read from the
 * canvas calls the renderer makes: the names are pixels, not DOM), its size said before she saves an area, and that
 * area drawn, labels and all, in airplane mode.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible, expectNoHorizontalScroll, newContext, PHONE, waitForServiceWorker } from './browser.ts'
import { expectTilesLoaded, forgetShownTiles, mapIn } from './maps.ts'

/** Before any page script: remember every text drawn on a canvas (the map's labels). */
function recordCanvasText(): void {
  const drawn: string[] = []
  ;(window as unknown as { drawnText: string[] }).drawnText = drawn
  const fillText = CanvasRenderingContext2D.prototype.fillText
  CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text, ...rest) {
    drawn.push(String(text))
    return fillText.call(this, text, ...rest)
  }
}

const drawnText = (page: Page) => page.evaluate(() => (window as unknown as { drawnText: string[] }).drawnText)
const clearDrawnText = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { drawnText: string[] }).drawnText.length = 0
  })

/** Names in the default region (south Mumbai). */
const NEIGHBOURHOODS = ['TARDEO', 'NAGPADA', 'CHIKALWADI', 'GAMDEVI', 'BHULESHWAR', 'KHETWADI', 'CUMBALLA HILL']
const STATIONS = ['Mumbai Central', 'Grant Road', 'Byculla', 'Charni Road']
/** A street of south Mumbai, by the words its name ends with. */
const STREET = /\b(Road|Marg|Street|Lane|Path)\b/

/** The offline-maps map on /routeplanner, scrolled to and drawn. */
async function offlineMap(page: Page): Promise<{ section: Locator; map: Locator }> {
  const section = page.getByRole('region', { name: 'Offline maps' })
  const map = await mapIn(section, /map/i)
  await expectTilesLoaded(map)
  return { section, map }
}

async function zoomIn(section: Locator, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await section.getByRole('button', { name: 'Zoom in' }).click()
    await section.page().waitForTimeout(300)
  }
}

describe('the map on a phone', () => {
  it('draws the region with its names: neighbourhoods and stations, then street names closer in', async () => {
    const context = await newContext({ viewport: PHONE })
    await context.addInitScript(recordCanvasText)
    const page = await context.newPage()
    const hosts = new Set<string>()
    page.on('request', (request) => hosts.add(new URL(request.url()).host))
    await page.goto('/routeplanner')
    const { section, map } = await offlineMap(page)

    // The whole region: its neighbourhoods (in capitals) and stations.
    await expect
      .poll(async () => (await drawnText(page)).some((t) => NEIGHBOURHOODS.includes(t)), { timeout: 15_000 })
      .toBe(true)
    expect((await drawnText(page)).some((t) => STATIONS.includes(t))).toBe(true)
    await expect.poll(() => map.getByRole('link', { name: '© OpenStreetMap contributors' }).count()).toBe(1)

    // Closer in, the streets' names, along them.
    await clearDrawnText(page)
    await zoomIn(section, 3)
    await expect
      .poll(async () => (await drawnText(page)).filter((t) => STREET.test(t)).length, { timeout: 15_000 })
      .toBeGreaterThan(0)

    // Everything came from this server: no font, style or glyph from anywhere else.
    expect([...hosts]).toEqual([new URL(page.url()).host])
    await expectNoHorizontalScroll(page)
    await expectAccessible(page)
    await context.close()
  })

  it('says how large an area is before she saves it, and draws the saved area with its labels offline', async () => {
    const context = await newContext({ viewport: PHONE })
    await context.addInitScript(recordCanvasText)
    const page = await context.newPage()
    await page.goto('/routeplanner')
    await waitForServiceWorker(page)
    const { section } = await offlineMap(page)
    await zoomIn(section, 2)
    const size = section.getByText(/^Saving this area takes about \d+\.\d MB \(\d+ tiles?\)\.$/)
    await size.waitFor({ timeout: 15_000 })
    const save = section.getByRole('button', { name: 'Save this area for offline use' })
    expect(await save.getAttribute('aria-describedby')).toBe(await size.getAttribute('id'))
    await save.click()
    await section.getByRole('list', { name: 'Saved areas' }).getByRole('listitem').first().waitFor({ timeout: 60_000 })

    // Airplane mode, and only the saved area's tiles left on the phone.
    await context.setOffline(true)
    await page.evaluate(forgetShownTiles)
    await page.reload()
    const again = await offlineMap(page)
    await clearDrawnText(page)
    await zoomIn(again.section, 2)
    const tiles = again.map.locator('.map-tiles .leaflet-tile-loaded')
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    // A tile is marked once its data has come (it may be drawn while the zoom still settles).
    await expect
      .poll(() => tiles.evaluateAll((els) => els.every((el) => el.hasAttribute('data-source'))), { timeout: 15_000 })
      .toBe(true)
    expect(new Set(await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-source'))))).toEqual(
      new Set(['cache']),
    )
    await expect.poll(async () => (await drawnText(page)).length, { timeout: 15_000 }).toBeGreaterThan(0)
    // Closer than she saved it, the saved tiles are drawn larger: street names still show.
    await clearDrawnText(page)
    await zoomIn(again.section, 2)
    await expect
      .poll(async () => (await drawnText(page)).filter((t) => STREET.test(t)).length, { timeout: 15_000 })
      .toBeGreaterThan(0)
    await context.close()
  })
})
