// Writes dist/pages/<path>.html for every screen whose URL has no parameter: index.html plus modulepreload links
// for that screen's own chunks. The router would otherwise ask for them only after the entry has run, one round
// trip later, which on a weak signal is the difference between a screen in 2 s and in 3 s. The server sends
// these pages (plugins/static-pwa.ts); the service worker keeps serving the plain index.html offline.
// Run after `vite build` (needs build.manifest).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dist = process.env.WEB_OUT_DIR ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8')
const SCREEN = /^src\/routes\/([a-z0-9/-]+)\.tsx\?tsr-split=component$/

/** Every chunk a manifest entry needs, itself first, with the stylesheets they bring. */
function closure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) closure(imported, seen)
  return seen
}

const entry = closure('index.html')
let pages = 0
for (const key of Object.keys(manifest)) {
  const screen = SCREEN.exec(key)?.[1]
  if (!screen) continue
  const path = screen === 'index' ? 'index' : screen.replace(/\/index$/, '')
  const own = [...closure(key)].filter((chunk) => !entry.has(chunk))
  const preloads = own.map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk].file}">`)
  // Stylesheets at the end of <body>, as the build places the app's own (vite.config.ts): in <head> they would hold
  // up the first paint of the emergency block.
  const sheets = own
    .flatMap((chunk) => manifest[chunk].css ?? [])
    .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`)
  const file = join(dist, 'pages', `${path}.html`)
  mkdirSync(dirname(file), { recursive: true })
  const page = indexHtml
    .replace('</head>', preloads.length ? `\n    ${preloads.join('\n    ')}\n  </head>` : '</head>')
    .replace('</body>', sheets.length ? `  ${sheets.join('\n    ')}\n  </body>` : '</body>')
  writeFileSync(file, page)
  pages++
}
console.log(`page preloads: ${pages} screens`)
