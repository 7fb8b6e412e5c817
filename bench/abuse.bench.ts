// Abusive clients against Mumbai south (security review, finding 1): the real server in a process of its own
// (bench/serve-for-load.ts, rate limits lifted as if every request came from another address), while four clients
// in closed loops push 'route.rate' ops with the costliest lines allowed (phase 1), then ask for long route finds
// (phase 2). Meanwhile one client each checks GET /api/healthz, follows a live share (GET /api/share/:token) and
// sends that share's positions, as a phone in an SOS does. Prints p50/p99 of each; exits non-zero when a p99 is over
// 50 ms. BENCH_SECONDS (default 20) per phase. The abusers run on a thread of their own, so that sending their
// bodies does not delay the probes' own measurements.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { PUSH_MAX_COSTLY_OPS, type RouteFindBody } from '../packages/contract/src/index.ts'
import { decodePolyline, encodePolyline } from '../packages/geo/src/polyline.ts'
import { startWorker } from '../sync-server/src/worker-pool.ts'
import { startLoadServer, stopLoadServer } from './load-server.ts'
import { percentile } from './report.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const ABUSERS = 4
const TARGET_P99_MS = 50
/** The probes are a person's phone, not a load: one request, then this pause. */
const PROBE_PAUSE_MS = 10
const EXTRACT = fileURLToPath(new URL('../../shared/data/india-mumbai-south.osm.pbf', import.meta.url))

// Long trips across Mumbai south: Haji Ali, Bhendi Bazaar, Byculla, Babulnath, the Opera House, Mumbai Central.
const TRIPS: RouteFindBody[] = [
  { source: [18.97764, 72.80904], destination: [18.95794, 72.83178], mode: 'foot' },
  { source: [18.97246, 72.83196], destination: [18.9583583, 72.8069264], mode: 'car' },
  { source: [18.9560477, 72.8155711], destination: [18.97008, 72.81958], mode: 'bike' },
  { source: [18.95794, 72.83178], destination: [18.97764, 72.80904], mode: 'foot' },
]

const json = { 'content-type': 'application/json' }
const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: json, body })

async function expectJson(res: Response, status: number, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

/** A found route there and back again, up to the 20,000 characters a rating may have: the costliest to match. */
async function costliestLine(base: string): Promise<string> {
  const found = await expectJson(await post(`${base}/api/route/find`, JSON.stringify(TRIPS[0])), 200, 'route/find')
  const there = decodePolyline((found.routes as { geometry: string }[])[0]?.geometry ?? '')
  const back = [...there].reverse()
  const line: [number, number][] = []
  while (encodePolyline(line).length < 19_000) line.push(...(line.length % 2 === 0 ? there : back))
  return encodePolyline(line)
}

interface Probe {
  name: string
  latencies: number[]
  errors: number
}

/** One request after another, with a short pause, until `stop`; every answer must have `status`. */
async function probe(name: string, stop: () => boolean, send: () => Promise<Response>, status = 200): Promise<Probe> {
  const result: Probe = { name, latencies: [], errors: 0 }
  while (!stop()) {
    const t0 = performance.now()
    try {
      const res = await send()
      await res.arrayBuffer()
      if (res.status !== status) result.errors++
    } catch {
      result.errors++
    }
    result.latencies.push(performance.now() - t0)
    await sleep(PROBE_PAUSE_MS)
  }
  return result
}

/** An abusive client: `send` in a closed loop, no pause, until `stop`; counts the answers by status. */
async function abuse(stop: () => boolean, send: () => Promise<Response>, statuses: Map<number, number>) {
  while (!stop()) {
    try {
      const res = await send()
      await res.arrayBuffer()
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    } catch {
      statuses.set(0, (statuses.get(0) ?? 0) + 1)
    }
  }
}

type Abuse = { kind: 'ratings'; line: string } | { kind: 'routes' }

/** The abusers' thread: ABUSERS clients for `seconds`, then posts the count of answers by status. */
async function runAbusers(url: string, seconds: number, work: Abuse): Promise<void> {
  let send: () => Promise<Response>
  if (work.kind === 'ratings') {
    // Built from pieces, so the thread spends its time sending rather than serialising.
    const payload = JSON.stringify({ geometry: work.line, mode: 'foot', rating: 1 })
    const op = () =>
      `{"opId":"${randomUUID()}","type":"route.rate","payload":${payload},"createdAt":"${new Date().toISOString()}"}`
    const body = () =>
      `{"clientId":"${randomUUID()}","ops":[${Array.from({ length: PUSH_MAX_COSTLY_OPS }, op).join(',')}]}`
    send = () => post(`${url}/api/sync/push`, body())
  } else {
    let trip = 0
    send = () => post(`${url}/api/route/find`, JSON.stringify(TRIPS[trip++ % TRIPS.length]))
  }
  const until = performance.now() + seconds * 1000
  const statuses = new Map<number, number>()
  await Promise.all(Array.from({ length: ABUSERS }, () => abuse(() => performance.now() >= until, send, statuses)))
  parentPort?.postMessage([...statuses])
}

async function phase(
  title: string,
  base: string,
  share: { token: string; writeKey: string },
  work: Abuse,
): Promise<string[]> {
  const abusers = startWorker(new URL(import.meta.url), { url: base, seconds: SECONDS, work })
  const answers = new Promise<[number, number][]>((resolve, reject) => {
    abusers.once('message', resolve)
    abusers.once('error', reject)
  })
  let stopped = false
  const stop = () => stopped
  const position = JSON.stringify({ writeKey: share.writeKey, lat: 18.9633, lon: 72.8158, accuracy: 12 })
  const probes = [
    probe('GET /api/healthz', stop, () => fetch(`${base}/api/healthz`)),
    probe('GET /api/share/:token', stop, () => fetch(`${base}/api/share/${share.token}`)),
    probe('POST share position', stop, () => post(`${base}/api/share/${share.token}/position`, position)),
  ]
  await sleep(SECONDS * 1000)
  stopped = true
  const results = await Promise.all(probes)
  const statuses = await answers
  await abusers.terminate()
  const answered = statuses.sort(([a], [b]) => a - b).map(([status, n]) => `${n} x ${status || 'no answer'}`)
  console.log(`${title}, ${SECONDS} s: the abusive clients got ${answered.join(', ')}`)
  const missed: string[] = []
  for (const r of results) {
    const sorted = [...r.latencies].sort((a, b) => a - b)
    const p99 = percentile(sorted, 0.99)
    const ok = r.errors === 0 && sorted.length > 0 && p99 <= TARGET_P99_MS
    if (!ok) missed.push(`${title}: ${r.name}`)
    console.log(
      `  ${r.name.padEnd(24)} ${String(sorted.length).padStart(5)} req, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms, errors ${r.errors} ` +
        `[target p99 <= ${TARGET_P99_MS} ms: ${ok ? 'ok' : 'MISSED'}]`,
    )
  }
  return missed
}

async function main(): Promise<void> {
  const { child, url } = await startLoadServer(EXTRACT)
  const missed: string[] = []
  try {
    const share = await expectJson(
      await post(`${url}/api/share`, JSON.stringify({ durationMinutes: 240 })),
      201,
      'share',
    )
    const line = await costliestLine(url)
    console.log(
      `${ABUSERS} abusive clients, each push ${PUSH_MAX_COSTLY_OPS} ratings of ${line.length} characters ` +
        `(${decodePolyline(line).length} points); probes pause ${PROBE_PAUSE_MS} ms between requests`,
    )
    const keys = share as { token: string; writeKey: string }
    missed.push(...(await phase('ratings pushed', url, keys, { kind: 'ratings', line })))
    missed.push(...(await phase('routes found', url, keys, { kind: 'routes' })))
  } finally {
    await stopLoadServer(child)
  }
  if (missed.length > 0) {
    console.error(`abuse: below target: ${missed.join('; ')}`)
    process.exitCode = 1
  }
}

if (isMainThread) await main()
else {
  const { url, seconds, work } = (workerData as { data: { url: string; seconds: number; work: Abuse } }).data
  await runAbusers(url, seconds, work)
}
