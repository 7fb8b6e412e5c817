// Map tiles on the default region (Mumbai south): the import step, then 200 distinct z15-z18 tiles rendered cold
// (no PNG cache: draw + PNG encode per tile), and a cached answer. Prints each figure.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildRoadGraph, readOsmPbf } from '../packages/routing/src/index.ts'
import type { RegionImport } from '../sync-server/src/modules/region/import-step.ts'
import { tilesImportStep } from '../sync-server/src/modules/tiles/import.ts'
import { createTilesService, REGION_DIR } from '../sync-server/src/modules/tiles/service.ts'
import { TILES_FILE } from '../sync-server/src/modules/tiles/tile-data.ts'
import { tileOf } from '../sync-server/src/modules/tiles/tile-math.ts'

const PBF = join(import.meta.dirname, '../../shared/data/india-mumbai-south.osm.pbf')
const TILES = 200
/** Targets: a cold tile must not hold the event loop long (p99 <= 100 ms), p50 well under that. */
const TARGET_P50_MS = 40
const TARGET_P99_MS = 100

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

let t0 = performance.now()
const extract = readOsmPbf(PBF, { areas: true })
const graph = buildRoadGraph([extract])
const readMs = performance.now() - t0
const dataDir = mkdtempSync(join(tmpdir(), 'wings-tiles-bench-'))
const dir = join(dataDir, REGION_DIR)
mkdirSync(dir)
t0 = performance.now()
tilesImportStep({ extracts: [extract], graph, dir, db: {} as RegionImport['db'] })
const stepMs = performance.now() - t0
const fileBytes = statSync(join(dir, TILES_FILE)).size
console.log(
  `read + graph (areas on) ${readMs.toFixed(0)} ms; tiles import step ${stepMs.toFixed(0)} ms; tiles.bin ${(fileBytes / 1024).toFixed(0)} KiB (${extract.areas?.length} areas, ${graph.edgeCount} road edges)`,
)

const [minLon, minLat, maxLon, maxLat] = graph.meta.bbox
let seed = 42
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0
  return seed / 2 ** 32
}
const tilesAt = (z: number): [number, number, number][] => {
  const a = tileOf(maxLat, minLon, z)
  const b = tileOf(minLat, maxLon, z)
  const out: [number, number, number][] = []
  for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) out.push([z, x, y])
  return out
}
const z18 = tilesAt(18)
for (let i = z18.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1))
  ;[z18[i], z18[j]] = [z18[j] as [number, number, number], z18[i] as [number, number, number]]
}
// The region (3.6 km x 2.8 km) has fewer than 200 tiles at z15-z17: all of them, then seeded z18 ones.
const all17 = [...tilesAt(15), ...tilesAt(16), ...tilesAt(17)]
const tiles = [...all17, ...z18].slice(0, TILES)
console.log(`tiles: all ${all17.length} z15-z17 tiles over the region + ${TILES - all17.length} seeded z18 tiles`)

const tilesService = createTilesService({ dataDir })
t0 = performance.now()
tilesService.renderUncached(0, 0, 0) // loads tiles.bin
const loadMs = performance.now() - t0
const times: number[] = []
let bytes = 0
const byZoom = new Map<number, number[]>()
for (const [z, x, y] of tiles) {
  const s = performance.now()
  const png = tilesService.renderUncached(z, x, y)
  const ms = performance.now() - s
  times.push(ms)
  bytes += png?.length ?? 0
  byZoom.set(z, [...(byZoom.get(z) ?? []), ms])
}
times.sort((a, b) => a - b)
const p50 = pct(times, 50)
const p99 = pct(times, 99)
console.log(`tiles.bin load ${loadMs.toFixed(1)} ms`)
console.log(
  `cold tile (draw + PNG), ${TILES} distinct Mumbai z15-z18 tiles: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(times.at(-1) ?? 0).toFixed(1)} ms (targets p50 <= ${TARGET_P50_MS}, p99 <= ${TARGET_P99_MS}); mean PNG ${(bytes / TILES / 1024).toFixed(1)} KiB`,
)
for (const [z, list] of [...byZoom].sort((a, b) => a[0] - b[0])) {
  list.sort((a, b) => a - b)
  console.log(`  z${z}: p50 ${pct(list, 50).toFixed(1)} ms, p99 ${pct(list, 99).toFixed(1)} ms`)
}

// Cached: the same tiles through the service's LRU (second round), and 304 revalidation.
for (const [z, x, y] of tiles) await tilesService.tile(z, x, y)
t0 = performance.now()
let etag = ''
for (const [z, x, y] of tiles) {
  const a = await tilesService.tile(z, x, y)
  if (a.status === 200) etag = a.etag
}
const cachedUs = ((performance.now() - t0) / TILES) * 1000
console.log(
  `cached tile: ${cachedUs.toFixed(0)} µs each; cache ${JSON.stringify(tilesService.cacheStats())}; last ETag ${etag}`,
)

await tilesService.close()
rmSync(dataDir, { recursive: true, force: true })
if (p50 > TARGET_P50_MS || p99 > TARGET_P99_MS) {
  console.error('tiles: below target')
  process.exitCode = 1
}
