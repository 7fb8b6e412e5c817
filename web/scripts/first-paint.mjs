// Draws the home page's first screen into dist/pages/index.html, so a first visit sees the home page when the HTML
// arrives instead of after the app's script (about 150 KB) has come and run: the app's own components render it here,
// in a DOM made for the purpose (jsdom), through Vite's module loader, and src/app/firstPaintPage.ts builds the page
// (its stylesheets inline, the app's script run after the first paint, the English copy hidden for Hindi or Marathi).
// Run after page-preloads.mjs and before precompress.mjs. See "First visit" in docs/security.md.
import 'fake-indexeddb/auto'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import { createServer } from 'vite'

const web = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = process.env.WEB_OUT_DIR ?? join(web, 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const SCREENS = [{ page: 'pages/index.html', path: '/', ready: '.features' }]

/** A browser's globals for the app's modules, as a first visit on a phone has them (no storage, nothing in view). */
function browserGlobals() {
  const dom = new JSDOM('<!doctype html><html lang="en"><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  })
  const { window } = dom
  window.matchMedia = (media) => ({
    matches: false,
    media,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })
  window.scrollTo = () => {}
  // What waits to come into view (the footer's support form) is not drawn at first, as in the browser.
  window.IntersectionObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  }
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis && !['navigator', 'location', 'localStorage', 'sessionStorage'].includes(key)) continue
    Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key] })
  }
  return window
}

const window = browserGlobals()
const vite = await createServer({
  configFile: join(web, 'vite.config.ts'),
  root: web,
  appType: 'custom',
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false, watch: null },
  // The router's browser build, as the page runs it (its server build draws for streaming, not for a DOM).
  ssr: { noExternal: [/^@tanstack\//], resolve: { conditions: ['browser', 'import', 'module', 'default'] } },
})
try {
  const { firstScreenMarkup } = await vite.ssrLoadModule('/src/app/firstScreenMarkup.tsx')
  const { firstPaintPage, stylesheetsOf } = await vite.ssrLoadModule('/src/app/firstPaintPage.ts')
  const assetUrl = (src) => {
    const file = manifest[src.replace(/^\//, '')]?.file
    if (!file) throw new Error(`first paint: ${src} is not in the build's manifest`)
    return `/${file}`
  }
  for (const { page, path, ready } of SCREENS) {
    const file = join(dist, page)
    const html = readFileSync(file, 'utf8')
    const css = stylesheetsOf(html)
      .map((href) => readFileSync(join(dist, href), 'utf8'))
      .join('')
    const markup = await firstScreenMarkup(path, ready)
    writeFileSync(file, firstPaintPage(html, { markup, css, assetUrl }))
    console.log(`first paint: ${page} draws ${path} (${(markup.length / 1024).toFixed(1)} KB of markup)`)
  }
} finally {
  await vite.close()
  window.close()
}
