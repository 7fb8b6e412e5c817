import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { boundaryViolations } from './boundaries.mjs'

// A small tree that breaks every rule once, beside imports the rules allow.
const FIXTURE = {
  'web/src/features/a/index.ts': "export { one } from './one.ts'\n",
  'web/src/features/a/one.ts': "import { two } from '../b/index.ts'\nexport const one = () => two()\n",
  'web/src/features/a/deep.ts': "import { inner } from '../b/inner.ts'\nexport const deep = inner\n",
  'web/src/features/a/lazy.ts': "export const page = () => import('../b/inner.ts')\n",
  'web/src/features/b/index.ts': "export { two } from './two.ts'\n",
  'web/src/features/b/two.ts': "import { inner } from './inner.ts'\nexport const two = () => inner\n",
  'web/src/features/b/inner.ts': "import { one } from '../a/index.ts'\nexport const inner = one\n",
  'web/src/features/c/index.ts': "export { three } from './three.ts'\n",
  'web/src/features/c/three.ts': "import { four } from '../d/index.ts'\nexport const three = four\n",
  'web/src/features/d/index.ts': 'export const four = 4\n',
  'web/src/features/d/four.test.ts': "import { three } from '../c/three.ts'\nexport const seen = three\n",
  'web/src/ui/Button.ts': "import { four } from '../features/d/index.ts'\nexport const Button = four\n",
  'web/src/db/left.ts': "import { right } from './right.ts'\nexport const left = () => right()\n",
  'web/src/db/right.ts': "import { left } from './left.ts'\nexport const right = () => left()\n",
  'sync-server/src/testing/endpoints.ts': "import { fixture } from './fixture.ts'\nexport const endpoints = fixture\n",
  'sync-server/src/testing/fixture.ts':
    "import type { endpoints } from './endpoints.ts'\nexport let fixture: typeof endpoints\n",
}

const dir = mkdtempSync(join(tmpdir(), 'wings-boundaries-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the import boundaries', () => {
  it('report cycles, feature cycles and reaches past an index, and allow the rest', () => {
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), text)
    }
    const found = boundaryViolations(dir).map(({ rule, from, to }) => `${rule}: ${from} -> ${to}`)
    expect(found.sort()).toEqual(
      [
        'feature-through-index: web/src/features/a/deep.ts -> web/src/features/b/inner.ts',
        'feature-through-index: web/src/features/d/four.test.ts -> web/src/features/c/three.ts',
        'no-cycle: sync-server/src/testing/endpoints.ts -> sync-server/src/testing/fixture.ts -> sync-server/src/testing/endpoints.ts',
        'no-cycle: web/src/db/left.ts -> web/src/db/right.ts -> web/src/db/left.ts',
        'no-cycle: web/src/features/a/index.ts -> web/src/features/a/one.ts -> web/src/features/b/index.ts -> web/src/features/b/two.ts -> web/src/features/b/inner.ts -> web/src/features/a/index.ts',
        'no-feature-cycle: web/src/features/a -> web/src/features/b -> web/src/features/a',
        'no-feature-cycle: web/src/features/b -> web/src/features/a -> web/src/features/b',
        'shared-code-no-feature: web/src/ui/Button.ts -> web/src/features/d/index.ts',
      ].sort(),
    )
  }, 120_000)

  it('are kept by the code', () => {
    expect(boundaryViolations()).toEqual([])
  }, 120_000)
})
