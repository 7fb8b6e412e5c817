// Finding 1 of the security review: one client pushing 'route.rate' ops could stall the whole server, because each
// op's polyline was decoded and map-matched on the request thread before any limit applied. Now the limit comes
// first, a push holds at most PUSH_MAX_COSTLY_OPS of them, and the matching runs on the region's worker threads.
// The bench with Mumbai and four abusive clients: bench/abuse.bench.ts.
import { randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PUSH_MAX_COSTLY_OPS, ROUTE_RATE_LIMIT_PER_HOUR } from '@wings/contract'
import { decodePolyline, encodePolyline } from '@wings/geo/polyline'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { BuildOptions } from './app.ts'
import { runImportRegion } from './cli/import-region.ts'
import type { Config } from './config.ts'
import { CASINO, PALACE } from './testing/endpoints.ts'
import { anOp, opStatuses, pushOps, sendOps } from './testing/sync-ops.ts'
import { createTestApp, postRaw, readDatabase, type TestApp, unlimitedRateLimits } from './testing/test-app.ts'

const DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }
/** A line over the sea off Monaco: it matches no street (422), yet was decoded and matched every time. */
const SEA = encodePolyline([
  [43.7, 7.5],
  [43.705, 7.51],
])

let imported: string
beforeAll(() => {
  imported = mkdtempSync(join(tmpdir(), 'wings-abuse-'))
  expect(runImportRegion([join(DATA, 'monaco.osm.pbf')], { DATA_DIR: imported }, silent)).toBe(0)
})
afterAll(() => rmSync(imported, { recursive: true, force: true }))

/** The app on the Monaco extract, in a data folder of its own, closed and removed when the test finishes. */
async function monaco(overrides: Partial<Config> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wings-abuse-'))
  cpSync(imported, dataDir, { recursive: true })
  const t = await createTestApp({ dataDir, ...overrides }, options)
  onTestFinished(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return t
}

async function casinoToPalace(t: TestApp): Promise<string> {
  const payload = { source: CASINO, destination: PALACE, mode: 'foot' }
  const res = await t.app.inject({ method: 'POST', url: '/api/route/find', payload })
  expect(res.statusCode).toBe(200)
  return res.json().routes[0].geometry
}

/** The route there and back again and again, up to the 20,000 characters a rating may have: the costliest match. */
function longest(geometry: string): string {
  const there = decodePolyline(geometry)
  const back = [...there].reverse()
  const line: [number, number][] = []
  while (encodePolyline(line).length < 19_000) line.push(...(line.length % 2 === 0 ? there : back))
  return encodePolyline(line)
}

const rating = (geometry: string) => anOp('route.rate', { geometry, mode: 'foot', rating: 2 })
const appliedOps = (t: TestApp) =>
  readDatabase(t.dbFile, (db) => db.prepare('SELECT count(*) FROM applied_ops').pluck().get() as number)

describe('costly sync ops', () => {
  it("counts each 'route.rate' op against the rating limit before its line is decoded, matched or not", async () => {
    const t = await monaco() // production limits: 20 ratings an hour per client
    const clientId = randomUUID()
    const statuses: (string | undefined)[] = []
    for (let push = 0; push < 3; push++) {
      const ops = Array.from({ length: PUSH_MAX_COSTLY_OPS }, () => rating(SEA))
      statuses.push(...opStatuses(await pushOps(t.app, ops, { clientId })))
    }
    expect(statuses.slice(0, ROUTE_RATE_LIMIT_PER_HOUR)).toEqual(
      Array(ROUTE_RATE_LIMIT_PER_HOUR).fill('OUTSIDE_REGION'),
    )
    expect(statuses.slice(ROUTE_RATE_LIMIT_PER_HOUR)).toEqual(Array(10).fill('RATE_LIMITED'))
    // The same count over REST.
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/route/rate',
      payload: { geometry: SEA, mode: 'foot', rating: 2 },
    })
    expect(rest.statusCode).toBe(429)
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0)
  })

  it(`refuses a push of more than ${PUSH_MAX_COSTLY_OPS} ratings whole (413, the phone halves it), counting none`, async () => {
    const t = await monaco()
    const geometry = await casinoToPalace(t)
    const clientId = randomUUID()
    const ops = [anOp('contact.send', { fullName: 'A', emailId: 'a@b.in', query: 'Hi' })]
    for (let i = 0; i <= PUSH_MAX_COSTLY_OPS; i++) ops.push(rating(geometry))
    const refused = await sendOps(t.app, ops, { clientId })
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('at most') })
    expect(appliedOps(t)).toBe(0)
    // Halved, as the phone does: every op applied, none rate-limited by the refused push.
    const first = await pushOps(t.app, ops.slice(0, 6), { clientId })
    const second = await pushOps(t.app, ops.slice(6), { clientId })
    expect(opStatuses([...first, ...second])).toEqual(Array(ops.length).fill('applied'))
    // Ops seen before do no work and do not count: the whole push again is all duplicates.
    expect(opStatuses(await pushOps(t.app, ops, { clientId }))).toEqual(Array(ops.length).fill('duplicate'))
  })

  it('answers 503 with Retry-After, applying nothing, when the workers cannot take the push now', async () => {
    const t = await monaco({ rateLimits: unlimitedRateLimits() }, { regionWorkers: { size: 1, queueLimit: 1 } })
    const geometry = await casinoToPalace(t)
    const clientId = randomUUID()
    const message = anOp('contact.send', { fullName: 'A', emailId: 'a@b.in', query: 'Hi' })
    const busy = await sendOps(t.app, [message, rating(geometry), rating(geometry), rating(geometry)], { clientId })
    expect(busy.statusCode).toBe(503)
    expect(busy.headers['retry-after']).toBe('2')
    expect(busy.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    expect(appliedOps(t)).toBe(0)
    // A large push is not even read meanwhile: this body is not JSON, yet the answer is 503, not 400.
    const large = await postRaw(t.app, '/api/sync/push', 'x'.repeat(70_000))
    expect(large.statusCode).toBe(503)
    expect(large.headers['retry-after']).toBe('2')
    expect(opStatuses(await pushOps(t.app, [message, rating(geometry)], { clientId }))).toEqual(['applied', 'applied'])
  })

  it('answers route finds the workers cannot take now with 503 and Retry-After', async () => {
    const t = await monaco({ rateLimits: unlimitedRateLimits() }, { regionWorkers: { size: 1, queueLimit: 0 } })
    const payload = { source: CASINO, destination: PALACE, mode: 'foot' }
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => t.app.inject({ method: 'POST', url: '/api/route/find', payload })),
    )
    expect(answers.map((res) => res?.statusCode)).toEqual([200, 503, 503])
    expect(answers[1]?.headers['retry-after']).toBe('2')
  })
})

describe('cold map tiles', () => {
  it('are read from the tiles made at import: a burst of hundreds is answered at once, none refused', async () => {
    const t = await monaco()
    // Every z15 tile around Monaco, and far beyond it: each is one read from tiles.bin, or an empty tile.
    const urls: string[] = []
    for (let x = 17045; x < 17070; x++) for (let y = 11940; y < 11952; y++) urls.push(`/api/tiles/15/${x}/${y}.mvt`)
    const answers = await Promise.all(urls.map((url) => t.app.inject({ url })))
    expect(answers.every((res) => res?.statusCode === 200)).toBe(true)
    expect(answers.some((res) => (res?.rawPayload.length ?? 0) > 0)).toBe(true)
  })
})

describe('the server under abusive pushes', () => {
  it('keeps answering /api/healthz quickly while two clients push costly ratings in a loop', {
    timeout: 30_000,
  }, async () => {
    // Limits lifted: as if each push came from another address, so the work reaches the map matcher.
    const t = await monaco({ rateLimits: unlimitedRateLimits() })
    const geometry = longest(await casinoToPalace(t))
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 })
    const body = () =>
      JSON.stringify({
        clientId: randomUUID(),
        ops: Array.from({ length: PUSH_MAX_COSTLY_OPS }, () => rating(geometry)),
      })
    let stop = false
    const statuses: number[] = []
    const abuser = async () => {
      while (!stop) {
        const res = await fetch(`${base}/api/sync/push`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body(),
        })
        await res.arrayBuffer()
        statuses.push(res.status)
      }
    }
    const abusers = [abuser(), abuser()]
    const latencies: number[] = []
    const until = performance.now() + 2000
    while (performance.now() < until) {
      const t0 = performance.now()
      const res = await fetch(`${base}/api/healthz`)
      await res.arrayBuffer()
      expect(res.status).toBe(200)
      latencies.push(performance.now() - t0)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    stop = true
    await Promise.all(abusers)
    latencies.sort((a, b) => a - b)
    const p90 = latencies[Math.floor(latencies.length * 0.9)] as number
    // Before: each push of ten such ratings held the event loop for about a second (p90 far above 100 ms).
    expect(p90, `healthz p90 ${p90.toFixed(0)} ms`).toBeLessThan(100)
    expect(statuses).toContain(200)
  })
})
