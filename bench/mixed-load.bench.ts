// Mixed load on Mumbai south (issue #10): the blog feed, route/find, place search and sync/push hammered at the same
// time for 30 s (BENCH_SECONDS) on 127.0.0.1, against the real server in a child process (bench/serve-for-load.ts)
// seeded with 200 stories from 4 users. Prints req/s, p50, p99 and errors per endpoint; exits non-zero on any error
// or when a p99 is over its target (route/find 250 ms, the others 50 ms).
import { fileURLToPath } from 'node:url'
import { startLoadServer, stopLoadServer } from './load-server.ts'
import {
  CONNECTIONS,
  ENDPOINTS,
  type Endpoint,
  type EndpointResult,
  preflight,
  runMixedLoad,
  seed,
  type Workload,
} from './mixed-load.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const WARM_UP_SECONDS = 3
const EXTRACT = fileURLToPath(new URL('../../shared/data/india-mumbai-south.osm.pbf', import.meta.url))
const TARGET_P99_MS: Record<Endpoint, number> = { feed: 50, 'route/find': 250, geocode: 50, 'sync/push': 50 }

// Known places of Mumbai south: Haji Ali, Grant Road station, the Royal Opera House, Babulnath temple, Byculla
// station, Mumbai Central station, Kemps Corner and Bhendi Bazaar.
const HAJI_ALI: [number, number] = [18.97764, 72.80904]
const GRANT_ROAD: [number, number] = [18.96335, 72.81583]
const OPERA_HOUSE: [number, number] = [18.9560477, 72.8155711]
const BABULNATH: [number, number] = [18.9583583, 72.8069264]
const BYCULLA: [number, number] = [18.97246, 72.83196]
const MUMBAI_CENTRAL: [number, number] = [18.97008, 72.81958]
const KEMPS_CORNER: [number, number] = [18.96375, 72.80686]
const BHENDI_BAZAAR: [number, number] = [18.95794, 72.83178]
const EVENING = '2024-03-01T14:30:00Z'
const NIGHT = '2024-03-01T18:30:00Z'

const workload: Workload = {
  routes: [
    { source: HAJI_ALI, destination: GRANT_ROAD, mode: 'foot', at: EVENING },
    { source: OPERA_HOUSE, destination: BABULNATH, mode: 'foot', at: NIGHT },
    { source: GRANT_ROAD, destination: BYCULLA, mode: 'car', at: NIGHT },
    { source: MUMBAI_CENTRAL, destination: KEMPS_CORNER, mode: 'bike', at: EVENING },
    { source: BHENDI_BAZAAR, destination: MUMBAI_CENTRAL, mode: 'foot', at: EVENING },
    { source: BYCULLA, destination: HAJI_ALI, mode: 'car', at: EVENING },
    { source: KEMPS_CORNER, destination: OPERA_HOUSE, mode: 'foot', at: NIGHT },
  ],
  // Prefixes of real names, as typed into the search box.
  geocodeQueries: [
    'haji',
    'grant r',
    'byculla',
    'kemps cor',
    'chowpatty',
    'masina',
    'opera',
    'babulnath',
    'girgaon',
    'malabar',
    'mahalaxmi',
    'tardeo',
    'falkland',
    'khambata',
    'prince aly',
    'police st',
    'mumbai cen',
    'nana ch',
    'jaslok',
    'nagpada',
    'bhendi',
    'gamdevi',
  ],
}

function printTable(results: Record<Endpoint, EndpointResult>): string[] {
  const missed: string[] = []
  const cells = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(12) : cell.padStart(9))).join(' ')
  console.log(cells(['endpoint', 'conns', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'p99 <', 'result']))
  for (const endpoint of ENDPOINTS) {
    const r = results[endpoint]
    const ok = r.errors === 0 && r.requests > 0 && r.p99 < TARGET_P99_MS[endpoint]
    if (!ok) missed.push(endpoint)
    const row = [endpoint, String(CONNECTIONS[endpoint]), String(r.requests), r.perSecond.toFixed(0)]
    row.push(r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors), `${TARGET_P99_MS[endpoint]}`, ok ? 'ok' : 'MISSED')
    console.log(cells(row))
  }
  return missed
}

const { child, url } = await startLoadServer(EXTRACT)
let missed: string[] = []
try {
  let t0 = performance.now()
  const seeded = await seed(url, { users: 4, stories: 200 })
  console.log(
    `seeded ${seeded.storyIds.length} stories from ${seeded.cookies.length} users in ${(performance.now() - t0).toFixed(0)} ms`,
  )
  t0 = performance.now()
  const { answered } = await preflight(url, workload)
  console.log(
    `preflight: ${workload.routes.length} trips route, ${answered}/${workload.geocodeQueries.length} queries find ` +
      `places (${(performance.now() - t0).toFixed(0)} ms)`,
  )
  // Warm-up (JIT, statement caches, connection set-up) before measuring.
  await runMixedLoad(url, workload, seeded, { seconds: WARM_UP_SECONDS })
  console.log(`mixed load on Mumbai south, ${SECONDS} s, all four at once (no errors; p99 under target):`)
  missed = printTable(await runMixedLoad(url, workload, seeded, { seconds: SECONDS }))
} finally {
  await stopLoadServer(child)
}
if (missed.length > 0) {
  console.error(`mixed load: below target: ${missed.join(', ')}`)
  process.exitCode = 1
}
