import { defineProject } from 'vitest/config'

// The tests of the scripts `npm test` runs (e.g. the import boundaries' checker).
export default defineProject({
  test: { name: 'scripts', include: ['*.test.mjs'] },
})
