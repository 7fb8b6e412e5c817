// What a phone downloads: the JavaScript the home page (/) loads, gzipped, measured in chromium against the real
// server serving the built PWA (web/dist, built by `npm run bench`). The map code (Leaflet) must not be part of
// it: it loads with the planner, in its own chunk. Target: / under 170 KB of gzipped JavaScript.
// The service worker's background precache is not counted: it does not hold up the page.
// Run: cd sync-server && node --import tsx ../bench/bundle.bench.ts
import { gzipSync } from 'node:zlib'
import { chromium, type Page, type Response } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium.ts'
import { benchServer } from './bench-server.ts'
import { kb } from './report.ts'

const TARGET_HOME_KB = 170

interface Script {
  url: string
  gzipBytes: number
  leaflet: boolean
}

/** Every script the page fetches while `load` runs, with its gzipped size. */
async function scriptsOf(page: Page, load: () => Promise<unknown>): Promise<Script[]> {
  const pending: Promise<Script>[] = []
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || response.request().frame() !== page.mainFrame()) return
    pending.push(
      response.body().then((body) => ({
        url: new URL(response.url()).pathname,
        gzipBytes: gzipSync(body).length,
        // Leaflet's own banner and version string.
        leaflet: body.includes('leaflet-container') || body.includes('Leaflet'),
      })),
    )
  }
  page.on('response', onResponse)
  await load()
  await page.waitForLoadState('networkidle')
  page.off('response', onResponse)
  return Promise.all(pending)
}

const total = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.gzipBytes, 0)

const server = await benchServer()
const base = await server.listen()
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
let ok = true
try {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' })
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'))
  const page = await context.newPage()
  const home = await scriptsOf(page, () => page.goto('/'))
  const homeBytes = total(home)
  const homeOk = homeBytes <= TARGET_HOME_KB * 1024 && !home.some((s) => s.leaflet)
  console.log(
    `/ loads ${home.length} scripts, ${kb(homeBytes)} gzipped; Leaflet among them: ${home.some((s) => s.leaflet) ? 'yes' : 'no'} [target < ${TARGET_HOME_KB} KB, no Leaflet: ${homeOk ? 'met' : 'MISSED'}]`,
  )
  for (const s of [...home].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 8))
    console.log(`  ${s.url.padEnd(44)} ${kb(s.gzipBytes).padStart(10)}`)

  // Her language's messages come with her first visit in Hindi or Marathi (and are precached): shown, not counted
  // against the target, which is what every visitor downloads.
  for (const [language, locale] of [
    ['Hindi', 'hi-IN'],
    ['Marathi', 'mr-IN'],
  ] as const) {
    const spoken = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale })
    await spoken.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('blockedbyclient'))
    const spokenPage = await spoken.newPage()
    const scripts = await scriptsOf(spokenPage, () => spokenPage.goto('/'))
    const catalogs = scripts.filter((s) => /\/(hi|mr)-[\w-]+\.js$/.test(s.url))
    if (process.env.BENCH_LIST) for (const s of scripts) console.log(`  ${s.url} ${kb(s.gzipBytes)}`)
    console.log(
      `/ in ${language}: ${scripts.length} scripts, ${kb(total(scripts))} gzipped, of which ${catalogs.length} message catalogs ${kb(total(catalogs))}`,
    )
    await spoken.close()
  }

  const planner = await scriptsOf(page, async () => {
    await page.getByRole('link', { name: 'Route Planner' }).first().click()
    await page.getByRole('heading', { name: 'Offline maps' }).waitFor()
    // The map code loads when she scrolls near a map (LazyMapView).
    await page.locator('.offline-maps .map-view').first().scrollIntoViewIfNeeded()
    await page.locator('.offline-maps .leaflet-container').waitFor()
  })
  const mapChunks = planner.filter((s) => s.leaflet)
  const plannerOk = mapChunks.length > 0
  console.log(
    `then /routeplanner, scrolled to its map, loads ${planner.length} more scripts, ${kb(total(planner))} gzipped, the map code in ${mapChunks.map((s) => s.url).join(', ') || 'none'} [planner chunk separate: ${plannerOk ? 'met' : 'MISSED'}]`,
  )
  ok = homeOk && plannerOk
  await context.close()
} finally {
  await browser.close()
  await server.close()
}
if (!ok) process.exitCode = 1
