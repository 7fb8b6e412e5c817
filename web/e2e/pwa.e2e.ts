import { describe, expect, it } from 'vitest'
import { baseURL, newContext, openPage } from './browser.ts'

interface ManifestIcon {
  src: string
  sizes: string
  type?: string
  purpose?: string
}

describe('the installable app', () => {
  it('has a valid manifest whose icons load', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifest = await (await page.request.get(new URL(href ?? '', baseURL).toString())).json()
    expect(manifest).toMatchObject({ name: 'Wings', short_name: 'Wings', display: 'standalone', start_url: '/' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
    const icons = manifest.icons as ManifestIcon[]
    expect(icons.some((i) => i.sizes === '192x192')).toBe(true)
    expect(icons.some((i) => i.sizes === '512x512')).toBe(true)
    expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true)
    for (const icon of icons) {
      const response = await page.request.get(new URL(icon.src, baseURL).toString())
      expect(response.status(), icon.src).toBe(200)
      expect(response.headers()['content-type']).toContain('image/png')
      const [width, height] = icon.sizes.split('x').map(Number)
      const png = await response.body()
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([width, height])
    }
    expect(await page.locator('meta[name="theme-color"]').count()).toBe(1)
    await context.close()
  })

  it('keeps the schema builder (TypeBox) and the map code (Leaflet) out of the scripts each page loads first', async () => {
    const context = await newContext()
    for (const path of ['/', '/blog', '/routeplanner', '/help']) {
      const html = await (await context.request.get(path, { headers: { accept: 'text/html' } })).text()
      // Every script the page names: <script src>, modulepreload, or the first paint's starter (first-paint.e2e.ts).
      const scripts = [...html.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)]
      expect(scripts.length, path).toBeGreaterThan(1)
      for (const [, url] of scripts) {
        const script = await (await context.request.get(url ?? '')).text()
        // TypeBox's kind key and Leaflet's container class: loaded with the forms and maps that need them, later.
        expect(script.includes('~kind'), `${path}: TypeBox in ${url}`).toBe(false)
        expect(script.includes('leaflet-container'), `${path}: Leaflet in ${url}`).toBe(false)
      }
    }
    await context.close()
  })

  it('activates its service worker and loads every screen of the shell offline', async () => {
    const { context, page } = await openPage()
    await page.goto('/help')
    const state = await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active
      if (worker && worker.state !== 'activated') {
        await new Promise((resolve) =>
          worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)),
        )
      }
      return worker?.state
    })
    expect(state).toBe('activated')
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.getByText('1091').first().waitFor()

    await context.setOffline(true)
    for (const path of ['/help', '/', '/login', '/signup', '/contact', '/about', '/privacy', '/blog/stories/abc']) {
      await page.goto(path)
      await page.getByRole('banner').waitFor()
    }
    await page.goto('/help')
    await page.getByRole('heading', { name: 'EMERGENCY/HELPLINE NUMBERS' }).waitFor()
    await page.getByText('Women Helpline', { exact: true }).waitFor()
    expect(await page.locator('a[href="tel:181"]').count()).toBeGreaterThan(0)
    await context.close()
  })

  it('offers the install through the Download Our App button', async () => {
    const { context, page } = await openPage()
    await page.goto('/')
    const download = page.getByRole('button', { name: 'Download Our App' })
    await download.waitFor()
    // Headless chromium never fires beforeinstallprompt: fire one like the browser would and check it is used.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>
      ;(window as unknown as Record<string, unknown>).__prompted = false
      event.prompt = async () => {
        ;(window as unknown as Record<string, unknown>).__prompted = true
      }
      event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' })
      window.dispatchEvent(event)
    })
    await download.click()
    await page.waitForFunction(() => (window as unknown as Record<string, unknown>).__prompted === true)
    await context.close()
  })
})
