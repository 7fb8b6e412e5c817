import { defineProject } from 'vitest/config'

export default defineProject({ test: { name: 'area-bundle', include: ['src/**/*.test.ts'] } })
