import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { compiledCatalogs } from './scripts/catalog-plugin.ts'

const BRAND = '#6a1b9a'

/** A shortcut's icon (drawn by scripts/make-icons.mjs): 96 px, the size the launchers ask for. */
const shortcutIcon = (name: string) => ({ src: `/icons/shortcut-${name}-96.png`, sizes: '96x96', type: 'image/png' })

/**
 * Moves the built page's stylesheets from <head> to the end of <body>. In <head> they hold up the first paint, and
 * with it index.html's emergency block (Call 112, styled inline), by a round trip; in <body> they block nothing drawn
 * above them, and the app's script still waits for them before it runs, so the app is never drawn unstyled.
 */
function stylesheetsAfterEmergencyBlock(): Plugin {
  return {
    name: 'wings:stylesheets-after-emergency-block',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheet = /\s*(<link rel="stylesheet"[^>]*>)/g
        const sheets = [...html.matchAll(sheet)].map(([, link]) => link)
        return html.replace(sheet, '').replace('</body>', `  ${sheets.join('\n    ')}\n  </body>`)
      },
    },
  }
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    compiledCatalogs(),
    react(),
    stylesheetsAfterEmergencyBlock(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Wings',
        short_name: 'Wings',
        description:
          'Wings: women’s personal safety. Safe routes, emergency SOS, helplines and community stories, even offline.',
        lang: 'en',
        theme_color: BRAND,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the home-screen icon. A manifest may not hold a tel: URL, so Call 112 opens the SOS sheet
        // (Call 112 first) and dials from there (routes/sos.tsx).
        shortcuts: [
          { name: 'Emergency SOS', short_name: 'SOS', url: '/sos', icons: [shortcutIcon('sos')] },
          { name: 'Call 112', short_name: 'Call 112', url: '/sos?call=112', icons: [shortcutIcon('call')] },
          { name: 'Check-in timer', short_name: 'Check-in', url: '/check-in', icons: [shortcutIcon('check-in')] },
          { name: 'Helplines', short_name: 'Helplines', url: '/help', icons: [shortcutIcon('helplines')] },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // A classic worker script (every browser runs one), its lazy parts (the catalogs, the API table) inlined,
        // and the catalogs compiled as in the page.
        rollupFormat: 'iife',
        buildPlugins: { vite: [compiledCatalogs()] },
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:8080' },
  },
  // The entry holds React, the router, TanStack Query, Dexie and the every-page modules; all precached.
  build: {
    // WEB_OUT_DIR lets parallel builds (one per engineer's browser tests) not overwrite each other.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    chunkSizeWarningLimit: 700,
    manifest: true,
    rolldownOptions: {
      // Everything the entry imports statically in one file: a phone on HTTP/1.1 fetches one script before the
      // first screen instead of a dozen small ones over six connections.
      // The small pieces the screens share (form fields, the contract's plain rules, the send helper, the lazy map's
      // frame) in one file too: the route planner would otherwise preload nine scripts and wait on a seventh.
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'shared',
              // Not Card: the home page shows cards and no form, and should not fetch the forms for them; not the catalogs.
              test: /\/web\/src\/ui\/(?!Card\.tsx|locales\/)|\/contract\/src\/[a-z-]+-rules\.ts|\/web\/src\/sync\/send\.ts|LazyMapView\.tsx/,
            },
          ],
        },
      },
    },
  },
})
