// The region import and the safety trade-off offered to a user:
// - the full import of heidelberg (about 180k road nodes) through importRegion (read, graph, safety features, import
//   steps, folder swap): time and peak RSS [target <= 30 s, <= 1.5 GB];
// - safest vs fastest on 200 seeded Mumbai-south foot pairs at night, through the route service (as POST
//   /api/route/find answers): median extra length (%) and median score gain (points), printed.
// Exits non-zero when the import targets are missed. Run: cd sync-server && node --import tsx ../bench/region.bench.ts
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { equirectangularMetres } from '../packages/geo/src/index.ts'
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { MODE_BIT } from '../packages/routing/src/index.ts'
import { loadConfig } from '../sync-server/src/config.ts'
import { importRegion } from '../sync-server/src/modules/region/import.ts'
import { loadRegion } from '../sync-server/src/modules/region/region.ts'
import { createRegionService } from '../sync-server/src/modules/region/service.ts'
import { createRouteService } from '../sync-server/src/modules/routes/service.ts'
import { mb, median, targets } from './report.ts'

const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url))
const PAIRS = 200
const report = targets('region')
const { check } = report

// --- Import of heidelberg (first, so the process's max RSS is the import's peak) --------------------------------
const heidelbergDir = mkdtempSync(join(tmpdir(), 'wings-bench-region-'))
const rssBefore = process.memoryUsage().rss
let t0 = performance.now()
const result = importRegion({ dataDir: heidelbergDir, files: [join(DATA, 'heidelberg.osm.pbf')] })
const importMs = performance.now() - t0
const peakRss = Math.max(process.resourceUsage().maxRSS * 1024, process.memoryUsage().rss)
console.log(
  `import heidelberg: ${(importMs / 1000).toFixed(2)} s (${Object.entries(result.timings)
    .map(([k, v]) => `${k} ${v} ms`)
    .join(', ')}), peak rss ${mb(peakRss)} (before ${mb(rssBefore)}) ` +
    `[target <= 30 s, <= 1.5 GB: ${check(importMs <= 30_000 && peakRss <= 1.5e9, 'import heidelberg')}]`,
)
console.log(
  `  ${result.meta?.counts.edges} edges, ${result.meta?.counts.places} places, ${result.meta?.counts.safetyPois} safety POIs`,
)
t0 = performance.now()
const heidelberg = loadRegion(heidelbergDir)
console.log(
  `  load at boot (graph + features + 3 risk arrays + router prep): ${(performance.now() - t0).toFixed(0)} ms, ` +
    `${heidelberg?.graph.edgeCount} edges`,
)
rmSync(heidelbergDir, { recursive: true, force: true })

// --- Safest vs fastest, Mumbai south, foot, at night -------------------------------------------------------------
const mumbaiDir = mkdtempSync(join(tmpdir(), 'wings-bench-region-'))
importRegion({ dataDir: mumbaiDir, files: [join(DATA, 'india-mumbai-south.osm.pbf')] })
const mumbai = loadRegion(mumbaiDir)
if (!mumbai) throw new Error('Mumbai region did not load')
const regions = createRegionService(mumbai, loadConfig({}).tileUrl)
const routes = createRouteService(regions)

// Pairs of junctions of the main foot component, at least 500 m apart (a walk worth choosing a route for).
const g = mumbai.graph
const footNodes: number[] = []
for (let e = 0; e < g.edgeCount; e++)
  if ((g.edgeMain[e] as number) & MODE_BIT.foot) footNodes.push(g.edgeFrom[e] as number)
const random = seededRandom(20240301)
const at = '2024-03-01T17:30:00Z' // 23:00 in Mumbai (night)
const extraPct: number[] = []
const gain: number[] = []
const extraOffered: number[] = []
const gainOffered: number[] = []
let pairs = 0
let failures = 0
t0 = performance.now()
while (pairs < PAIRS) {
  const a = footNodes[Math.floor(random() * footNodes.length)] as number
  const b = footNodes[Math.floor(random() * footNodes.length)] as number
  const from: [number, number] = [(g.nodeLat[a] as number) / 1e7, (g.nodeLon[a] as number) / 1e7]
  const to: [number, number] = [(g.nodeLat[b] as number) / 1e7, (g.nodeLon[b] as number) / 1e7]
  if (equirectangularMetres(...from, ...to) < 500) continue
  pairs++
  let found: Awaited<ReturnType<typeof routes.find>>['routes']
  try {
    found = (await routes.find({ source: from, destination: to, mode: 'foot', at })).routes
  } catch {
    failures++
    continue
  }
  const fastest = found.find((r) => r.label === 'Fastest')
  const safest = found.find((r) => r.label === 'Safest')
  if (!fastest) continue
  // When no separate Safest route is offered, the fastest is also the safest the user is shown: 0 and 0.
  const pick = safest ?? fastest
  const extra = (pick.summary.distance / fastest.summary.distance - 1) * 100
  const points = pick.safetyScore - fastest.safetyScore
  extraPct.push(extra)
  gain.push(points)
  if (safest) {
    extraOffered.push(extra)
    gainOffered.push(points)
  }
}
const routeMs = performance.now() - t0
console.log(
  `safest vs fastest, Mumbai south, foot, night, ${PAIRS} seeded pairs >= 500 m (${failures} without a route; ` +
    `${(routeMs / PAIRS).toFixed(1)} ms per route/find incl. scoring):`,
)
console.log(
  `  all pairs: median extra length ${median(extraPct).toFixed(1)} %, median score gain ${median(gain).toFixed(1)} points`,
)
console.log(
  `  pairs with a Safest route offered (${extraOffered.length}/${extraPct.length}): median extra length ` +
    `${median(extraOffered).toFixed(1)} %, median score gain ${median(gainOffered).toFixed(1)} points ` +
    `(max gain ${Math.max(...gainOffered, 0)} points)`,
)
await regions.close()
rmSync(mumbaiDir, { recursive: true, force: true })

report.end()
