// The area bundle (GET /api/offline/area, docs/planner.md "On the phone: the area bundle") of a 3 km² box around
// Grant Road on the imported default region (Mumbai south): its bytes raw and gzip (on the wire), bytes per km², and
// the server's build time p50/p99 (a fresh bundle each time: cut, encode and gzip), against issue 28's targets
// (<= 300 KB on the wire, <= 200 ms), with 300 reports and ratings on a third of the streets. Also printed: the 304
// check, and decoding on this machine.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { decodeAreaBundle } from '../packages/area-bundle/src/index.ts'
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { fillRiskArray } from '../packages/safety/src/index.ts'
import { openDatabase } from '../sync-server/src/db/connection.ts'
import { createNearbyRepo } from '../sync-server/src/modules/nearby/repo.ts'
import { createNearbyService } from '../sync-server/src/modules/nearby/service.ts'
import { createOfflineAreaRepo } from '../sync-server/src/modules/offline-area/repo.ts'
import { createOfflineAreaService } from '../sync-server/src/modules/offline-area/service.ts'
import { importRegion, REGION_DATABASE_FILE } from '../sync-server/src/modules/region/import.ts'
import { loadRegion } from '../sync-server/src/modules/region/region.ts'
import { createRegionSignals } from '../sync-server/src/modules/region/signals.ts'
import { kb, percentile, targets } from './report.ts'
import { publishYearOfReports } from './year-of-reports.ts'

const TARGET_WIRE_BYTES = 300 * 1024
const TARGET_BUILD_MS = 200
const BUILDS = 60
const EXTRACT = '/work/shared/data/india-mumbai-south.osm.pbf'
const KM2 = 3
const GRANT_ROAD = { lat: 18.9633, lon: 72.8148 }

const report = targets('offline area bundle')
const dataDir = mkdtempSync(join(tmpdir(), 'wings-bench-offline-area-'))
try {
  importRegion({ dataDir, files: [EXTRACT] })
  const region = loadRegion(dataDir)
  if (!region) throw new Error('the region did not load')
  const db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
  // Reports and ratings as a city's a year in might have: 300 published reports over the region, and ratings on a
  // third of its streets, so the signal columns and incident cells are not all zeros.
  const random = seededRandom(28)
  const incidents = publishYearOfReports(db, region.meta.bbox, random, 'bench')
  const signals = createRegionSignals(region)
  signals.setIncidents(
    incidents.since('2000-01-01T00:00:00Z').map((r) => ({ ...r, occurredAtMs: Date.parse(r.occurredAt) })),
  )
  const ratings = []
  for (let edge = 0; edge < region.graph.edgeCount; edge += 3) {
    const count = 1 + Math.floor(random() * 4)
    ratings.push({ edge, ratings: count, feedbackSum: (random() * 2 - 1) * count })
  }
  signals.setRatings(ratings)

  const regions = { require: () => region }
  const nearby = createNearbyService(regions, createNearbyRepo(db))
  const service = createOfflineAreaService({
    regions,
    repo: createOfflineAreaRepo(db),
    nearby,
    incidents,
  })

  const side = Math.sqrt(KM2)
  const halfLat = side / 111.32 / 2
  const halfLon = halfLat / Math.cos((GRANT_ROAD.lat * Math.PI) / 180)
  const box = (shift: number): [number, number, number, number] => [
    GRANT_ROAD.lon - halfLon + shift,
    GRANT_ROAD.lat - halfLat,
    GRANT_ROAD.lon + halfLon + shift,
    GRANT_ROAD.lat + halfLat,
  ]
  // The places of help are snapped to the roads on the first request of the server's life, not per bundle.
  let t = performance.now()
  nearby.area({ bbox: box(0) })
  console.log(`first request's one-off snapping of places of help: ${(performance.now() - t).toFixed(1)} ms`)

  const builds: number[] = []
  const encodes: number[] = []
  let bytes: Uint8Array = new Uint8Array(0)
  let wire = 0
  let etag = ''
  for (let i = 0; i < BUILDS; i++) {
    // A box a metre further east each time: a new version, so nothing is reused but the server's start-up work.
    t = performance.now()
    const answer = service.bundle({ box: box(i * 1e-5) })
    if (answer.status !== 200) throw new Error('no bundle')
    const built = performance.now()
    wire = (await answer.gzip()).length
    builds.push(performance.now() - t)
    encodes.push(built - t)
    if (i === 0) {
      bytes = answer.bytes
      etag = answer.etag
    }
  }
  builds.sort((a, b) => a - b)
  encodes.sort((a, b) => a - b)

  const checks: number[] = []
  for (let i = 0; i < BUILDS; i++) {
    t = performance.now()
    if (service.bundle({ box: box(0) }, etag).status !== 304) throw new Error('no 304')
    checks.push(performance.now() - t)
  }
  checks.sort((a, b) => a - b)

  const decodes: number[] = []
  let bundle = decodeAreaBundle(bytes)
  for (let i = 0; i < 20; i++) {
    t = performance.now()
    bundle = decodeAreaBundle(bytes)
    fillRiskArray(bundle.columns.night, 'night', new Float32Array(bundle.graph.edgeCount))
    decodes.push(performance.now() - t)
  }
  decodes.sort((a, b) => a - b)

  const [w, s, e, n] = bundle.meta.covered
  const coveredKm2 = (n - s) * 111.32 * (e - w) * 111.32 * Math.cos((((s + n) / 2) * Math.PI) / 180)
  const gzip = gzipSync(bytes).length
  const { counts } = bundle.meta
  console.log(
    `area bundle, ${KM2} km² around Grant Road (with its 1 km margin: ${coveredKm2.toFixed(1)} km², ` +
      `${counts.nodes} junctions, ${counts.edges} edges of ${region.graph.edgeCount}, ${counts.places} places, ` +
      `${counts.nearby} places of help, ${counts.incidents} incident cells)`,
  )
  console.log(
    `  bytes: raw ${kb(bytes.length)}, gzip ${kb(gzip)} (target <= ${kb(TARGET_WIRE_BYTES)} on the wire: ${report.check(wire <= TARGET_WIRE_BYTES, 'bundle size on the wire')}); ` +
      `per km² of the box: raw ${kb(bytes.length / KM2)}, gzip ${kb(gzip / KM2)}; ` +
      `per km² held: gzip ${kb(gzip / coveredKm2)}`,
  )
  const parts = Object.entries(
    JSON.parse(new TextDecoder().decode(bytes.subarray(24, 24 + new DataView(bytes.buffer).getUint32(12, true))))
      .layout as Record<string, [number, number, string]>,
  )
  const sizeOf = (prefix: string) =>
    parts
      .filter(([name]) => name === prefix || name.startsWith(`${prefix}.`))
      .reduce(
        (sum, [, [, count, type]]) =>
          sum + count * (type === 'f64' ? 8 : /32/.test(type) ? 4 : /16/.test(type) ? 2 : 1),
        0,
      )
  // Every section the layout names (graph, features, signals, places, nearby, incidents, reports, strings...).
  const sections = [...new Set(parts.map(([name]) => name.split('.')[0] ?? name))]
  console.log(`  raw by section: ${sections.map((p) => `${p} ${kb(sizeOf(p))}`).join(', ')}`)
  console.log(
    `  build (cut + encode + gzip), ${BUILDS} fresh bundles: p50 ${percentile(builds, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(builds, 0.99).toFixed(1)} ms (target <= ${TARGET_BUILD_MS} ms: ${report.check(percentile(builds, 0.99) <= TARGET_BUILD_MS, 'build time')}); without gzip p50 ` +
      `${percentile(encodes, 0.5).toFixed(1)} ms, p99 ${percentile(encodes, 0.99).toFixed(1)} ms`,
  )
  console.log(
    `  304 check (signals hash, no build): p50 ${percentile(checks, 0.5).toFixed(2)} ms, p99 ${percentile(checks, 0.99).toFixed(2)} ms; ` +
      `decode + night risks on this machine: p50 ${percentile(decodes, 0.5).toFixed(1)} ms`,
  )
  db.close()
  report.end()
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
