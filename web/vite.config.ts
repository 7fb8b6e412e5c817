import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const BRAND = '#6a1b9a'

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
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
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
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
    sourcemap: false,
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
              test: /\/web\/src\/ui\/|\/contract\/src\/[a-z-]+-rules\.ts|\/web\/src\/sync\/send\.ts|LazyMapView\.tsx/,
            },
          ],
        },
      },
    },
  },
})
