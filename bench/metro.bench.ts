// A whole metro on one server (issue 27), the baseline: a synthetic metro (south Mumbai tiled 8 x 8, about 690 km²,
// packages/routing/src/testing/metro.ts) written as an .osm.pbf and imported by the product's importRegion, then
// the same for heidelberg. For each: import time and peak memory (a child process: its own max RSS), server start
// (a child process running buildApp + listen on the imported folder: time to listening, RSS before and after the
// route workers start), and POST /api/route/find over loopback (scoring and safety included, at night) for foot
// trips of 5-20 km and car trips of 10-50 km (straight-line distance between the points), p50 / p99, routes per
// query. Targets from the issue; exits non-zero when one is missed.
//
// The metro's import takes minutes on this machine, so it is built once into a cache folder under the OS temp dir,
// keyed by the hashes of its inputs (the source extract, the tiling, and the routing, safety, geo and server module
// sources), and its import figures are kept there: METRO_FRESH=1 builds it again. METRO_PAIRS sets the trips per
// mode (default 200), METRO_SOURCE and METRO_GRID the metro (default india-mumbai-south.osm.pbf, 8x8). Run: cd sync-server && nice -n 10 node --import tsx ../bench/metro.bench.ts
// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction.

import { type ChildProcess, fork, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { equirectangularMetres } from '../packages/geo/src/index.ts'
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { VIA_PASSES } from '../packages/routing/src/find-routes.ts'
import {
  DEFAULT_LAMBDAS,
  findRoutes,
  loadGraph,
  searchPath,
  snapPoint,
  viaRoutes,
} from '../packages/routing/src/index.ts'
import { riskFloor } from '../packages/routing/src/search.ts'
import { type MetroOptions, type MetroSummary, writeMetroPbf } from '../packages/routing/src/testing/metro.ts'
import { mb, percentile, targets } from './report.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DATA = fileURLToPath(new URL('../../shared/data/', import.meta.url))
const SELF = fileURLToPath(import.meta.url)
// METRO_SOURCE and METRO_GRID (rows x cols) give another metro, e.g. heidelberg.osm.pbf 4x4 (issue 27's first one).
const [rows, cols] = (process.env.METRO_GRID ?? '8x8').split('x').map(Number) as [number, number]
const METRO: Omit<MetroOptions, 'source'> & { source: string } = {
  source: process.env.METRO_SOURCE ?? 'india-mumbai-south.osm.pbf',
  rows,
  cols,
  gapMeters: 150,
  connectorsPerSide: 6,
}
const PAIRS = Number(process.env.METRO_PAIRS ?? 200)
const AT = '2024-03-01T17:30:00Z' // 23:00 in Mumbai, 18:30 in Heidelberg: the safety weights matter
// `split`: the times are also printed for the trips below and above this straight-line distance.
const TRIPS = [
  { mode: 'foot', min: 5_000, max: 20_000, split: 10_000 },
  { mode: 'car', min: 10_000, max: 50_000, split: 20_000 },
] as const
const TARGET = { importS: 60, importBytes: 2e9, startS: 5, rssBytes: 1e9, p50: 30, p99: 100, three: 0.8 }

interface ImportFigures {
  ms: number
  maxRss: number
  timings: Record<string, number>
  steps: Record<string, { ms: number; peakRss: number }>
  junctions: number
  edges: number
  places: number
  builtAt: string
}

// --- Children: the import, and the server ------------------------------------------------------------------------
if (process.argv[2] === '--import-child') {
  const { importRegion } = await import('../sync-server/src/modules/region/import.ts')
  const { IMPORT_STEPS } = await import('../sync-server/src/modules/region/steps.ts')
  const { loadGraph: load } = await import('../packages/routing/src/index.ts')
  const [dataDir, ...files] = process.argv.slice(3) as [string, ...string[]]
  // The product's steps, each timed, with the process's peak RSS so far after it (where the peak comes from).
  const stepFigures: Record<string, { ms: number; peakRss: number }> = {}
  const steps = IMPORT_STEPS.map(
    (step) =>
      ((region) => {
        const t = performance.now()
        step(region)
        stepFigures[step.name] = { ms: performance.now() - t, peakRss: process.resourceUsage().maxRSS * 1024 }
      }) as typeof step,
  )
  const t0 = performance.now()
  const result = importRegion({ dataDir, files, steps })
  const ms = performance.now() - t0
  const maxRss = process.resourceUsage().maxRSS * 1024
  const graph = load(join(dataDir, 'region', 'graph.bin'))
  const figures: Omit<ImportFigures, 'builtAt'> = {
    ms,
    maxRss,
    timings: result.timings,
    steps: stepFigures,
    junctions: graph.nodeCount,
    edges: graph.edgeCount,
    places: result.meta?.counts.places ?? 0,
  }
  console.log(JSON.stringify(figures))
  process.exit(0)
}
if (process.argv[2] === '--serve-child') {
  const t0 = performance.now()
  const { buildApp } = await import('../sync-server/src/app.ts')
  const { loadConfig } = await import('../sync-server/src/config.ts')
  const { unlimitedRateLimits } = await import('../sync-server/src/testing/test-app.ts')
  const loaded = performance.now()
  const dataDir = process.argv[3] as string
  const app = await buildApp({ ...loadConfig({}), dataDir, logLevel: 'silent', rateLimits: unlimitedRateLimits() })
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  const send = (m: unknown) => process.send?.(m)
  // performance.now() counts from the process's start: node and the server's code loading included.
  send({ url, sinceProcessStart: performance.now(), modulesMs: loaded - t0, appMs: performance.now() - loaded })
  process.on('message', (m) => {
    if (m === 'rss') send({ rss: process.memoryUsage().rss })
    if (m === 'close') void app.close().then(() => process.exit(0))
  })
  // The bench is gone (crashed or stopped): do not outlive it.
  process.on('disconnect', () => process.exit(0))
  await new Promise(() => {})
}

// --- Helpers ------------------------------------------------------------------------------------------------------
const { check, end } = targets('metro')
const s1 = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function runImport(dataDir: string, files: string[]): Omit<ImportFigures, 'builtAt'> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--import-child', dataDir, ...files], {
    cwd: join(ROOT, 'sync-server'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  const last = child.stdout.trim().split('\n').pop() ?? ''
  if (child.status !== 0 || !last.startsWith('{')) {
    throw new Error(`import of ${files.join(', ')} failed (${child.status}): ${child.stderr.slice(-2000)}`)
  }
  return JSON.parse(last)
}

/** Hashes of what the metro's bytes and its import depend on (sources, not tests). */
function inputsKey(): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify(METRO))
  hash.update(readFileSync(join(DATA, METRO.source)))
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        hash.update(relative(ROOT, path))
        hash.update(readFileSync(path))
      }
    }
  }
  for (const dir of [
    'packages/routing/src',
    'packages/safety/src',
    'packages/geo/src',
    'sync-server/src/modules',
    'sync-server/src/db',
  ])
    walk(join(ROOT, dir))
  return hash.digest('hex').slice(0, 16)
}

/** The metro's folder (metro.osm.pbf, data/ as DATA_DIR, figures.json), built when missing. */
function metroFolder(): { dir: string; figures: ImportFigures; summary: MetroSummary; cached: boolean } {
  const cacheRoot = join(tmpdir(), 'wings-metro-bench')
  const key = inputsKey()
  const dir = join(cacheRoot, key)
  const figuresFile = join(dir, 'figures.json')
  if (process.env.METRO_FRESH === '1') rmSync(dir, { recursive: true, force: true })
  if (existsSync(figuresFile)) return { dir, ...JSON.parse(readFileSync(figuresFile, 'utf8')), cached: true }
  mkdirSync(cacheRoot, { recursive: true })
  // One metro at a time: folders of older inputs go (each is about 150 MB).
  for (const old of readdirSync(cacheRoot)) rmSync(join(cacheRoot, old), { recursive: true, force: true })
  const building = `${dir}.building`
  mkdirSync(building, { recursive: true })
  const pbf = join(building, 'metro.osm.pbf')
  let t0 = performance.now()
  const summary = writeMetroPbf({ ...METRO, source: join(DATA, METRO.source) }, pbf)
  const synthMs = performance.now() - t0
  t0 = performance.now()
  const figures: ImportFigures = { ...runImport(join(building, 'data'), [pbf]), builtAt: new Date().toISOString() }
  console.log(`metro synthesised in ${s1(synthMs)}, imported (child process) in ${s1(performance.now() - t0)}`)
  writeFileSync(join(building, 'figures.json'), JSON.stringify({ figures, summary }))
  renameSync(building, dir)
  return { dir, figures, summary, cached: false }
}

interface Server {
  child: ChildProcess
  url: string
  startMs: number
  modulesMs: number
  appMs: number
  rss: () => Promise<number>
  close: () => Promise<void>
}

async function startServer(dataDir: string): Promise<Server> {
  const child = fork(SELF, ['--serve-child', dataDir], {
    cwd: join(ROOT, 'sync-server'),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      child.once('message', (m) => resolve(m as Record<string, unknown>))
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)))
    })
  const ready = await next()
  return {
    child,
    url: ready.url as string,
    startMs: ready.sinceProcessStart as number,
    modulesMs: ready.modulesMs as number,
    appMs: ready.appMs as number,
    rss: async () => {
      const answer = next()
      child.send('rss')
      return (await answer).rss as number
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.send('close')
      }),
  }
}

/** Seeded trips between junctions of the main foot and car component, `min`..`max` metres apart in a line. */
type Trip = [[number, number], [number, number]]

function trips(graphFile: string, min: number, max: number, seed: number): Trip[] {
  const g = loadGraph(graphFile)
  const nodes: number[] = []
  for (let e = 0; e < g.edgeCount; e++) if ((g.edgeMain[e]! & 5) === 5) nodes.push(g.edgeFrom[e]!)
  const random = seededRandom(seed)
  const out: Trip[] = []
  for (let tries = 0; out.length < PAIRS && tries < PAIRS * 1000; tries++) {
    const a = nodes[Math.floor(random() * nodes.length)]!
    const b = nodes[Math.floor(random() * nodes.length)]!
    const from: [number, number] = [g.nodeLat[a]! / 1e7, g.nodeLon[a]! / 1e7]
    const to: [number, number] = [g.nodeLat[b]! / 1e7, g.nodeLon[b]! / 1e7]
    const d = equirectangularMetres(...from, ...to)
    if (d >= min && d <= max) out.push([from, to])
  }
  return out
}

async function findRoute(url: string, source: [number, number], destination: [number, number], mode: string) {
  const started = performance.now()
  const res = await fetch(`${url}/api/route/find`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source, destination, mode, at: AT }),
  })
  const body = (await res.json()) as { routes?: { summary: { distance: number } }[] }
  return { ms: performance.now() - started, status: res.status, routes: body.routes ?? [] }
}

/** Polls /api/healthz every 25 ms until stopped: the route searches run on workers, so it should not wait on them. */
function pollHealth(url: string) {
  const times: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const res = await fetch(`${url}/api/healthz`)
      await res.arrayBuffer()
      times.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return times
    },
  }
}

/**
 * Bad trips answered fast (issue 27): a point in the box but far from any road (sea, a park), a point outside the
 * region, two points further apart than a walk may be, and, for scale, the longest real trip (corner to corner).
 */
async function badInputs(url: string, graphFile: string): Promise<void> {
  const g = loadGraph(graphFile)
  const [minLon, minLat, maxLon, maxLat] = g.meta.bbox
  let noRoad: [number, number] | undefined
  const random = seededRandom(3)
  for (let i = 0; i < 5000 && noRoad === undefined; i++) {
    const p: [number, number] = [minLat + (maxLat - minLat) * random(), minLon + (maxLon - minLon) * random()]
    try {
      snapPoint(g, p, 'foot')
    } catch {
      noRoad = p
    }
  }
  const inside = trips(graphFile, 0, 1e9, 5)
  const [a] = inside[0]!
  const corners = inside.reduce((best, t) =>
    equirectangularMetres(...t[0], ...t[1]) > equirectangularMetres(...best[0], ...best[1]) ? t : best,
  )
  const cases: [string, [number, number], [number, number], string][] = [
    ['a point outside the region', a, [minLat - 0.3, minLon - 0.3], 'car'],
    ['over 50 km apart on foot', a, [a[0] + 0.6, a[1]], 'foot'],
    [
      `the longest trip of ${PAIRS} drawn (${(equirectangularMetres(...corners[0], ...corners[1]) / 1000).toFixed(0)} km), by car`,
      corners[0],
      corners[1],
      'car',
    ],
  ]
  // The metro is land to its edges: in its box every point is within 500 m of a road (none found: not printed).
  if (noRoad) cases.unshift(['a point in the box, over 500 m from any road', a, noRoad, 'foot'])
  for (const [what, from, to, mode] of cases) {
    const runs: { ms: number; status: number }[] = []
    for (let i = 0; i < 5; i++) runs.push(await findRoute(url, from, to, mode))
    const ms = runs.map((r) => r.ms)
    console.log(
      `    bad or extreme trip: ${what}: ${runs[0]!.status}, median ${percentile(ms, 0.5).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`,
    )
  }
}

/**
 * The region's other services at that size, over HTTP, against their own benches' targets (geocode.bench.ts,
 * nearby.bench.ts, tiles.bench.ts, offline-area.bench.ts): place search, nearest help, map tiles, area bundles.
 */
async function otherServices(url: string, graphFile: string, seed: number): Promise<void> {
  const g = loadGraph(graphFile)
  const random = seededRandom(seed)
  const points = trips(graphFile, 0, 1e9, seed + 7).map(([a]) => a)
  const timed = async (path: string) => {
    const started = performance.now()
    const res = await fetch(`${url}${path}`)
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: res.status }
  }
  const run = async (name: string, paths: string[], target: string, met: (p50: number, p99: number) => boolean) => {
    for (const path of paths.slice(0, 3)) await timed(path) // warm-up, not counted
    const answers: { ms: number; status: number }[] = []
    for (const path of paths.slice(3)) answers.push(await timed(path))
    const ms = answers.map((a) => a.ms)
    const statuses = new Map<number, number>()
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1)
    const p50 = percentile(ms, 0.5)
    const p99 = percentile(ms, 0.99)
    console.log(
      `  ${name} (${answers.length}, answers ${[...statuses].map(([k, n]) => `${k} x${n}`).join(', ')}): p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms [target ${target}: ${check(met(p50, p99), `${name}`)}]`,
    )
  }
  // Real street and place names of south Mumbai (each 64 times in the metro), whole, as prefixes and with a typo.
  const names = ['Grant Road', 'Byculla', 'Marine Drive', 'Crawford Market', 'Haji Ali', 'Opera House', 'Girgaon']
  const queries = names.flatMap((n) => [n, n.slice(0, 4), `${n.slice(0, -2)}${n.at(-1)}${n.at(-2)}`])
  await run(
    'geocode search',
    Array.from({ length: 100 }, (_, i) => `/api/geocode/search?q=${encodeURIComponent(queries[i % queries.length]!)}`),
    'p50 <= 5 ms',
    (p50) => p50 <= 5,
  )
  await run(
    'nearest help',
    points.slice(0, 100).map(([lat, lon]) => `/api/nearby?lat=${lat}&lon=${lon}`),
    'p99 <= 50 ms',
    (_, p99) => p99 <= 50,
  )
  const tile = (z: number, lat: number, lon: number) => {
    const n = 2 ** z
    const x = Math.floor(((lon + 180) / 360) * n)
    const r = (lat * Math.PI) / 180
    const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)
    return `/api/tiles/${z}/${x}/${y}.mvt`
  }
  await run(
    'map tiles z11-15',
    points.slice(0, 150).map(([lat, lon], i) => tile(11 + (i % 5), lat, lon)),
    'p50 <= 30, p99 <= 100 ms',
    (p50, p99) => p50 <= 30 && p99 <= 100,
  )
  // A 3 km² box (about 0.0158° of latitude by 0.0167° of longitude in Mumbai) around a junction; each a fresh build.
  const [minLon, minLat, maxLon, maxLat] = g.meta.bbox
  const boxes = Array.from({ length: 20 }, () => {
    const south = minLat + random() * (maxLat - minLat - 0.016)
    const west = minLon + random() * (maxLon - minLon - 0.017)
    return `/api/offline/area?south=${south.toFixed(5)}&west=${west.toFixed(5)}&north=${(south + 0.0158).toFixed(5)}&east=${(west + 0.0167).toFixed(5)}`
  })
  await run('area bundle 3 km²', boxes, 'build <= 200 ms', (_, p99) => p99 <= 200)
}

/** Start, RSS and route/find on one imported region, printed against the targets. */
async function measureServing(name: string, dataDir: string, seed: number): Promise<void> {
  const server = await startServer(dataDir)
  try {
    const rssReady = await server.rss()
    console.log(
      `${name}: server start ${s1(server.startMs)} from process start (code loading ${s1(server.modulesMs)}, ` +
        `buildApp + listen ${s1(server.appMs)}) [target <= ${TARGET.startS} s: ${check(server.startMs <= TARGET.startS * 1000, `${name} start`)}], ` +
        `rss ${mb(rssReady)} when listening`,
    )
    for (const [i, trip] of TRIPS.entries()) {
      const pairs = trips(join(dataDir, 'region', 'graph.bin'), trip.min, trip.max, seed + i)
      for (const [a, b] of pairs.slice(0, 5)) await findRoute(server.url, a, b, trip.mode) // warm-up
      const health = pollHealth(server.url)
      const times: number[] = []
      const short: number[] = []
      const long: number[] = []
      const counts = new Map<number, number>()
      let meters = 0
      let found = 0
      let three = 0
      for (const [a, b] of pairs) {
        const r = await findRoute(server.url, a, b, trip.mode)
        times.push(r.ms)
        ;(equirectangularMetres(...a, ...b) < trip.split ? short : long).push(r.ms)
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1)
        if (r.status !== 200 || r.routes.length === 0) continue
        found++
        meters += r.routes[0]!.summary.distance
        if (r.routes.length >= 3) three++
      }
      const p50 = percentile(times, 0.5)
      const p99 = percentile(times, 0.99)
      const share = found > 0 ? three / found : 0
      const threeNote =
        trip.mode === 'foot'
          ? ` [target >= ${TARGET.three * 100}%: ${check(share >= TARGET.three, `${name} three foot routes`)}]`
          : ''
      console.log(
        `  route/find ${trip.mode} ${trip.min / 1000}-${trip.max / 1000} km (${pairs.length} trips, mean route ` +
          `${(meters / Math.max(1, found) / 1000).toFixed(1)} km, answers ${[...counts].map(([s, n]) => `${s} x${n}`).join(', ')}): ` +
          `p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms ` +
          `[target p50 <= ${TARGET.p50} ms, p99 <= ${TARGET.p99} ms: ${check(p50 <= TARGET.p50 && p99 <= TARGET.p99, `${name} ${trip.mode} time`)}]; ` +
          `three routes for ${(100 * share).toFixed(0)}%${threeNote}`,
      )
      const band = (from: number, to: number, xs: number[]) =>
        `${from / 1000}-${to / 1000} km ` +
        (xs.length > 0
          ? `(${xs.length} trips) p50 ${percentile(xs, 0.5).toFixed(0)} ms, p99 ${percentile(xs, 0.99).toFixed(0)} ms`
          : '(no trips: the region is smaller)')
      console.log(`    by length: ${band(trip.min, trip.split, short)}; ${band(trip.split, trip.max, long)}`)
      const healthMs = await health.stop()
      console.log(
        `    /api/healthz meanwhile (every 25 ms, ${healthMs.length} answers): p50 ${percentile(healthMs, 0.5).toFixed(1)} ms, ` +
          `p99 ${percentile(healthMs, 0.99).toFixed(1)} ms, max ${Math.max(...healthMs).toFixed(1)} ms`,
      )
    }
    await badInputs(server.url, join(dataDir, 'region', 'graph.bin'))
    await otherServices(server.url, join(dataDir, 'region', 'graph.bin'), seed)
    const rssAfter = await server.rss()
    console.log(
      `  rss ${mb(rssAfter)} with the route worker running [target <= ${mb(TARGET.rssBytes)}: ${check(rssAfter <= TARGET.rssBytes, `${name} rss`)}]`,
    )
  } finally {
    await server.close()
  }
}

/**
 * Where a route/find's time goes, in this process on the same trips (the first 50 per mode): the searches findRoutes
 * makes (find-routes.ts), each timed alone with the nodes it settles, without the region's landmarks (the plane
 * bound alone, as before issue 27's part 2) and with them. A penalty round costs about what the balanced search does
 * (the same weight, dearer edges); the rest of findRoutes is overlap checks and lines.
 */
async function searchBreakdown(name: string, dataDir: string, seed: number): Promise<void> {
  const { loadRegion } = await import('../sync-server/src/modules/region/region.ts')
  const { timeOfDay } = await import('../packages/safety/src/index.ts')
  const region = loadRegion(dataDir)
  if (!region) throw new Error(`${name}: no region in ${dataDir}`)
  const g = region.graph
  const period = timeOfDay(new Date(AT), { timeZone: region.meta.timeZone })
  const risk = region.risk[period]
  const floor = riskFloor(risk)
  const lm = region.landmarks
  console.log(
    `  ${name} landmarks: ${lm ? `${lm.sets.length} sets of ${lm.count}, ${mb(region.landmarkBytes?.length ?? 0)}` : 'none'}`,
  )
  const { balanced, safest } = DEFAULT_LAMBDAS
  for (const [i, trip] of TRIPS.entries()) {
    const pairs = trips(join(dataDir, 'region', 'graph.bin'), trip.min, trip.max, seed + i).slice(0, 50)
    for (const goal of lm ? [{}, { landmarks: lm, riskKey: period }] : [{}]) {
      const ms = { fastest: 0, balanced: 0, via: 0, all: 0 }
      const settled = { fastest: 0, balanced: 0, via: 0 }
      const all: number[] = []
      const timed = <T>(key: keyof typeof ms, f: () => T): T => {
        const t = performance.now()
        const out = f()
        const took = performance.now() - t
        ms[key] += took
        if (key === 'all') all.push(took)
        return out
      }
      for (const [a, b] of pairs) {
        const src = snapPoint(g, a, trip.mode)
        const dst = snapPoint(g, b, trip.mode)
        settled.fastest += timed('fastest', () => searchPath(g, src, dst, trip.mode, goal))?.settled ?? 0
        const costs = { risk, riskFloor: floor, ...goal }
        settled.balanced +=
          timed('balanced', () => searchPath(g, src, dst, trip.mode, { ...costs, lambda: balanced }))?.settled ?? 0
        settled.via +=
          timed('via', () =>
            viaRoutes(g, src, dst, trip.mode, { ...costs, lambda: safest, ...VIA_PASSES[trip.mode][0]! }),
          )?.optimal.settled ?? 0
        timed('all', () => findRoutes(g, a, b, trip.mode, { risk, ...goal }))
      }
      const n = Math.max(1, pairs.length)
      const part = (k: keyof typeof settled) =>
        `${k} ${(ms[k] / n).toFixed(1)} ms / ${Math.round(settled[k] / n)} settled`
      console.log(
        `  ${name} ${trip.mode} in process, ${'landmarks' in goal ? 'with landmarks' : 'plane bound'} (${pairs.length} trips, ` +
          `${g.nodeCount} junctions): findRoutes ${(ms.all / n).toFixed(1)} ms per query (p50 ${percentile(all, 0.5).toFixed(1)}, ` +
          `p99 ${percentile(all, 0.99).toFixed(1)}); its searches: ${part('fastest')}, ${part('balanced')}, ` +
          `plateau trees (lambda ${safest}, first pass, alone) ${part('via')}`,
      )
    }
  }
}

function printImport(name: string, f: Omit<ImportFigures, 'builtAt'>, note = ''): void {
  console.log(
    `${name}: import ${s1(f.ms)} (${Object.entries(f.timings)
      .map(([k, v]) => `${k} ${s1(v)}`)
      .join(', ')}), peak rss ${mb(f.maxRss)}${note} [target <= ${TARGET.importS} s, <= ${mb(TARGET.importBytes)}: ` +
      `${check(f.ms <= TARGET.importS * 1000 && f.maxRss <= TARGET.importBytes, `${name} import`)}]; ` +
      `${f.junctions} junctions, ${f.edges} edges, ${f.places} places`,
  )
  console.log(
    `  import steps: ${Object.entries(f.steps ?? {})
      .map(([step, x]) => `${step} ${s1(x.ms)} (peak so far ${mb(x.peakRss)})`)
      .join(', ')}`,
  )
}

// --- The run ------------------------------------------------------------------------------------------------------
const began = performance.now()
console.log(`load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores; ${PAIRS} trips per mode`)
const metro = metroFolder()
const sum = metro.summary
console.log(
  `metro: ${METRO.source} tiled ${METRO.rows} x ${METRO.cols} (${sum.nodes} OSM nodes, ${sum.ways} ways incl. ` +
    `${sum.connectors} connectors, ${mb(sum.bytes)} .osm.pbf, box ${sum.bbox.map((x) => x.toFixed(3)).join(', ')}); ` +
    (metro.cached
      ? `cached build of ${metro.figures.builtAt} in ${metro.dir} (METRO_FRESH=1 to rebuild)`
      : `built in ${metro.dir}`),
)
printImport('metro', metro.figures, metro.cached ? ' (measured when built)' : '')
await measureServing('metro', join(metro.dir, 'data'), 27)
await searchBreakdown('metro', join(metro.dir, 'data'), 27)

const heidelbergDir = mkdtempSync(join(tmpdir(), 'wings-bench-metro-'))
try {
  printImport('heidelberg', runImport(heidelbergDir, [join(DATA, 'heidelberg.osm.pbf')]))
  await measureServing('heidelberg', heidelbergDir, 49)
  await searchBreakdown('heidelberg', heidelbergDir, 49)
} finally {
  rmSync(heidelbergDir, { recursive: true, force: true })
}
console.log(`metro bench: ${s1(performance.now() - began)}; load average ${loadavg()[0]?.toFixed(1)} at the end`)
end()
