import { defineProject } from 'vitest/config'
import { compiledCatalogs } from './scripts/catalog-plugin.ts'

export default defineProject({
  // Catalogs compiled as in the built app, so a test meets the messages the app ships.
  plugins: [compiledCatalogs()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
})
