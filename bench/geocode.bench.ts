// Place search on Mumbai south: the geocoding step's index queried in-process through the service (what the
// target is about) and over HTTP on loopback (what a client sees), with 1,000 seeded queries: prefixes of real
// names, a third of them with a one-letter typo. Target: service p50 <= 5 ms.
// Honest coverage (no target, printed): what places outside the region get (the coverage answer, nothing, or a
// match inside), Nominatim's format=json over HTTP, and the size and cost of the region's outline.
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { buildRoadGraph, readOsmPbf } from '../packages/routing/src/index.ts'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { geocodeImportStep } from '../sync-server/src/modules/geocode/import.ts'
import { createGeocodeRepo } from '../sync-server/src/modules/geocode/repo.ts'
import { createGeocodeService } from '../sync-server/src/modules/geocode/service.ts'
import type { RegionImport } from '../sync-server/src/modules/region/import-step.ts'
import { graphOutline } from '../sync-server/src/modules/region/outline.ts'
import { benchServer } from './bench-server.ts'
import { load, report } from './http-load.ts'
import { percentile } from './report.ts'

const TARGET_P50_MS = 5
const QUERIES = 1000
const EXTRACT = '/work/shared/data/india-mumbai-south.osm.pbf'

// Deterministic queries.
const random = seededRandom(20250407)
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T

const server = await benchServer()
const db = openDatabase(server.dbFile)
const extract = readOsmPbf(EXTRACT)
const t0 = performance.now()
db.transaction(() =>
  geocodeImportStep({ extracts: [extract], graph: null, dir: server.dataDir, db } as unknown as RegionImport),
).immediate()
const importMs = performance.now() - t0
const places = db.prepare('SELECT count(*) FROM places').pluck().get() as number
console.log(`geocode import (Mumbai south): ${places} places in ${importMs.toFixed(0)} ms`)

const names = db.prepare("SELECT name FROM places WHERE kind != 'address'").pluck().all() as string[]
const letters = 'abcdefghijklmnopqrstuvwxyz'
const queries = Array.from({ length: QUERIES }, () => {
  const name = pick(names)
  let q = name.slice(0, Math.max(3, Math.ceil(name.length * (0.3 + random() * 0.7))))
  if (random() < 1 / 3 && q.length >= 5) {
    const i = 1 + Math.floor(random() * (q.length - 1))
    q = q.slice(0, i) + pick([...letters]) + q.slice(i + 1)
  }
  return q
})

const geocode = createGeocodeService(createGeocodeRepo(db))
for (const q of queries.slice(0, 100)) geocode.search(q) // warm-up
const latencies: number[] = []
let found = 0
for (const q of queries) {
  const start = performance.now()
  const results = geocode.search(q)
  latencies.push(performance.now() - start)
  if (results.length > 0) found++
}
latencies.sort((a, b) => a - b)
const p50 = percentile(latencies, 0.5)
console.log(
  `geocode search (service)     ${QUERIES} queries: p50 ${p50.toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms, ` +
    `max ${percentile(latencies, 1).toFixed(2)} ms, answered ${found}/${QUERIES} (target p50 <= ${TARGET_P50_MS} ms)`,
)

const base = await server.listen()
report(
  'GET /api/geocode/search',
  await load(QUERIES, 4, (i) => fetch(`${base}/api/geocode/search?q=${encodeURIComponent(queries[i] ?? '')}`)),
)
report(
  'GET /api/geocode/search?format=json',
  await load(QUERIES, 4, (i) =>
    fetch(`${base}/api/geocode/search?format=json&q=${encodeURIComponent(queries[i] ?? '')}`),
  ),
)

// Places of Mumbai outside the default region (its edge runs from Haji Ali to Byculla and Dongri).
const OUTSIDE = [
  'Churchgate',
  'Virar',
  'Kalyan Junction',
  'Bandra',
  'Andheri',
  'Worli',
  'Colaba',
  'Juhu',
  'Powai',
  'Thane',
  'Malad',
  'Kurla',
  'Sion',
  'Nariman Point',
  'Cuffe Parade',
  'Lower Parel',
  'Prabhadevi',
  'Borivali',
  'Chembur',
  'Dadar',
  'Parel',
  'Mahim',
  'Wadala',
]
const told: string[] = []
const nothing: string[] = []
const matched: string[] = []
for (const q of OUTSIDE) {
  const answer = geocode.find(q)
  if (answer.outside) told.push(q)
  else if (answer.hits.length === 0) nothing.push(q)
  else matched.push(`${q} -> ${answer.hits[0]?.display_name}`)
}
console.log(
  `outside the region, ${OUTSIDE.length} places: ${told.length} told outside (422), ${nothing.length} nothing ` +
    `(the app says the coverage message for both), ${matched.length} a match inside` +
    (matched.length > 0 ? `: ${matched.join('; ')}` : ''),
)
db.close()
await server.close()

// The region's outline, as /api/region sends it.
for (const file of ['india-mumbai-south', 'heidelberg']) {
  const graph = buildRoadGraph([file === 'heidelberg' ? readOsmPbf(`/work/shared/data/${file}.osm.pbf`) : extract])
  const t = performance.now()
  const outline = graphOutline(graph)
  const ms = performance.now() - t
  const points = outline.coordinates.reduce((n, [ring]) => n + (ring?.length ?? 0), 0)
  console.log(
    `region outline (${file}): ${outline.coordinates.length} polygons, ${points} points, ` +
      `${JSON.stringify(outline).length} bytes of JSON, ${ms.toFixed(0)} ms from ${graph.nodeCount} junctions`,
  )
}

if (p50 > TARGET_P50_MS) {
  console.error(`geocode search p50 ${p50.toFixed(2)} ms is above the ${TARGET_P50_MS} ms target`)
  process.exit(1)
}
