// Nearest help on Mumbai south: GET /api/nearby from 1,000 seeded positions inside the region's outline, all three
// kinds, limit 10 (and 50), in-process through the service and over HTTP on loopback. Target: HTTP p99 <= 50 ms
// with 4 clients at once. Also printed: the import's count of places of help, and the first request (which snaps
// the places to the road graph once).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { insideOutline, NearbyResponse } from '../packages/contract/src/index.ts'
import { isValid } from '../packages/contract/src/validate.ts'
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { buildApp } from '../sync-server/src/app.ts'
import { loadConfig } from '../sync-server/src/config.ts'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { createNearbyRepo } from '../sync-server/src/modules/nearby/repo.ts'
import { createNearbyService } from '../sync-server/src/modules/nearby/service.ts'
import { importRegion, REGION_DATABASE_FILE } from '../sync-server/src/modules/region/import.ts'
import { loadRegion } from '../sync-server/src/modules/region/region.ts'
import { unlimitedRateLimits } from '../sync-server/src/testing/test-app.ts'
import { load, report } from './http-load.ts'
import { percentile } from './report.ts'

const TARGET_P99_MS = 50
const POSITIONS = 1000
const EXTRACT = '/work/shared/data/india-mumbai-south.osm.pbf'

const dataDir = mkdtempSync(join(tmpdir(), 'wings-bench-nearby-'))
importRegion({ dataDir, files: [EXTRACT] })
const region = loadRegion(dataDir)
if (!region?.meta.outline) throw new Error('the region did not load')
const db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
const counts = db.prepare('SELECT kind, count(*) AS n FROM nearby_places GROUP BY kind ORDER BY kind').all() as {
  kind: string
  n: number
}[]
console.log(`places of help imported (Mumbai south): ${counts.map((c) => `${c.n} ${c.kind}`).join(', ')}`)

// Deterministic positions inside the outline.
const random = seededRandom(20261125)
const [minLon, minLat, maxLon, maxLat] = region.meta.bbox
const positions: [number, number][] = []
while (positions.length < POSITIONS) {
  const lat = minLat + random() * (maxLat - minLat)
  const lon = minLon + random() * (maxLon - minLon)
  if (insideOutline(region.meta.outline, lat, lon)) positions.push([lat, lon])
}

const service = createNearbyService({ require: () => region }, createNearbyRepo(db))
const request = ([lat, lon]: [number, number], limit = 10) => ({
  lat,
  lon,
  kinds: ['police', 'hospital', 'open'] as ('police' | 'hospital' | 'open')[],
  limit,
})
let t = performance.now()
service.find(request(positions[0] as [number, number]))
console.log(`first request (snaps the places to the roads once): ${(performance.now() - t).toFixed(1)} ms`)

for (const limit of [10, 50]) {
  const times: number[] = []
  let answered = 0
  let refused = 0
  let places = 0
  for (const p of positions) {
    t = performance.now()
    try {
      const answer = service.find(request(p, limit))
      times.push(performance.now() - t)
      answered++
      places += answer.places.length
    } catch {
      times.push(performance.now() - t)
      refused++
    }
  }
  times.sort((a, b) => a - b)
  console.log(
    `nearby (service, limit ${limit})  ${POSITIONS} positions: p50 ${percentile(times, 0.5).toFixed(2)} ms, ` +
      `p99 ${percentile(times, 0.99).toFixed(2)} ms, max ${percentile(times, 1).toFixed(2)} ms; ${answered} answered ` +
      `(${(places / Math.max(1, answered)).toFixed(1)} places each), ${refused} refused`,
  )
}
db.close()

const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'silent', rateLimits: unlimitedRateLimits() })
const base = await app.listen({ host: '127.0.0.1', port: 0 })
const url = (i: number, limit = 10) => {
  const [lat, lon] = positions[i % POSITIONS] as [number, number]
  return `${base}/api/nearby?lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}&kinds=police,hospital,open&limit=${limit}`
}
const sample = await (await fetch(url(0))).json()
if (!isValid(NearbyResponse, sample)) throw new Error('the answer does not match the contract')
report('GET /api/nearby (1 client)', await load(POSITIONS, 1, (i) => fetch(url(i))))
const four = await load(POSITIONS, 4, (i) => fetch(url(i)))
report('GET /api/nearby (4 clients)', four)
report('GET /api/nearby limit=50', await load(POSITIONS, 4, (i) => fetch(url(i, 50))))
await app.close()
rmSync(dataDir, { recursive: true, force: true })

const met = four.p99 <= TARGET_P99_MS && four.errors === 0
console.log(
  `/api/nearby p50 ${four.p50.toFixed(1)} ms, p99 ${four.p99.toFixed(1)} ms with 4 clients: ` +
    `${met ? 'meets' : 'MISSES'} the p99 <= ${TARGET_P99_MS} ms target`,
)
if (!met) process.exit(1)
