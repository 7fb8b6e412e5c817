import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS, preflight, runMixedLoad, seed, type Workload } from '../../bench/mixed-load.ts'
import { runImportRegion } from './cli/import-region.ts'
import { createTestApp, type TestApp, unlimitedRateLimits } from './testing/test-app.ts'

// The harness of bench/mixed-load.bench.ts for a few seconds on Monaco, in-process: every request answered, none
// failed. Latency is the benchmark's business (npm run bench), never asserted here.
const MONACO = fileURLToPath(new URL('../../../shared/data/monaco.osm.pbf', import.meta.url))
const CASINO: [number, number] = [43.7396, 7.4276]
const PALACE: [number, number] = [43.7315, 7.4203]
const SECONDS = 3

const workload: Workload = {
  routes: [
    { source: CASINO, destination: PALACE, mode: 'foot', at: '2024-03-01T23:30:00Z' },
    { source: PALACE, destination: CASINO, mode: 'car', at: '2024-03-01T12:00:00Z' },
  ],
  geocodeQueries: ['casino', 'monte car', 'avenue pas', 'boulingr', 'spélug', 'place des'],
}

describe('mixed load: feed, route/find, geocode and sync/push at once', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-load-'))
  let t: TestApp
  let base: string
  beforeAll(async () => {
    expect(runImportRegion([MONACO], { DATA_DIR: dataDir }, { out: () => {}, err: () => {} })).toBe(0)
    // One client IP sends everything, so the rate limits are lifted as in the benchmark.
    t = await createTestApp({ dataDir, rateLimits: unlimitedRateLimits() })
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it(`answers every request of ${SECONDS} s of it without an error`, async () => {
    const seeded = await seed(base, { users: 2, stories: 20 })
    expect(seeded.storyIds).toHaveLength(20)
    expect((await preflight(base, workload)).answered).toBe(workload.geocodeQueries.length)
    const results = await runMixedLoad(base, workload, seeded, { seconds: SECONDS })
    for (const endpoint of ENDPOINTS) {
      const r = results[endpoint]
      expect(r.requests, endpoint).toBeGreaterThan(0)
      expect({ endpoint, errors: r.errors, non2xx: r.non2xx, rejectedOps: r.rejectedOps }).toEqual({
        endpoint,
        errors: 0,
        non2xx: 0,
        rejectedOps: 0,
      })
    }
  }, 30_000)
})
