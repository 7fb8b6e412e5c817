import { defineConfig } from 'vitest/config'

/** Unit and integration tests of every workspace; browser tests have their own config (web/vitest.e2e.config.ts). */
export default defineConfig({
  test: {
    projects: ['packages/*', 'sync-server', 'web', 'scripts'],
    globalSetup: ['./vitest.global-setup.ts'],
  },
})
