import { defineProject } from 'vitest/config'

export default defineProject({
  test: { name: 'sync-server', include: ['src/**/*.test.ts'], globalSetup: ['./vitest.global-setup.ts'] },
})
