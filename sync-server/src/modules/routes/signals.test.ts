import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { equirectangularMetres } from '@wings/geo'
import { decodePolyline, encodePolyline } from '@wings/geo/polyline'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { loadConfig } from '../../config.ts'
import { createTestApp, readDatabase, type TestApp } from '../../testing/test-app.ts'

const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
const silent = { out: () => {}, err: () => {} }
const CASINO: [number, number] = [43.7396, 7.4276]
const PALACE: [number, number] = [43.7315, 7.4203]
const NIGHT = '2024-03-01T23:30:00Z'
const HOUR = 3_600_000

interface Found {
  geometry: string
  safetyScore: number
  label: string
  labels: string[]
  safety: { reasons: string[]; incidentsNearby: number }
}

const distance = (a: readonly [number, number], b: readonly [number, number]) => equirectangularMetres(...a, ...b)
/** How many of `points` lie within `meters` of the route's polyline vertices (densified every ~10 m). */
function pointsNear(geometry: string, points: [number, number][], meters: number): number {
  const line = decodePolyline(geometry)
  const dense: [number, number][] = []
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i] as [number, number]
    const b = line[i + 1] as [number, number]
    const n = Math.max(1, Math.ceil(distance(a, b) / 10))
    for (let k = 0; k < n; k++) dense.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n])
  }
  dense.push(line.at(-1) as [number, number])
  return points.filter((p) => dense.some((q) => distance(p, q) <= meters)).length
}

/** Points at the given fractions of the polyline's length. */
function pointsAlong(geometry: string, fractions: number[]): [number, number][] {
  const line = decodePolyline(geometry)
  const cum = [0]
  for (let i = 1; i < line.length; i++)
    cum.push((cum[i - 1] as number) + distance(line[i - 1] as [number, number], line[i] as [number, number]))
  const total = cum.at(-1) as number
  return fractions.map((f) => {
    const at = f * total
    let i = 1
    while (i < line.length - 1 && (cum[i] as number) < at) i++
    const a = line[i - 1] as [number, number]
    const b = line[i] as [number, number]
    const t = Math.min(
      1,
      Math.max(0, (at - (cum[i - 1] as number)) / ((cum[i] as number) - (cum[i - 1] as number) || 1)),
    )
    return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
  })
}

describe('community signals on monaco', () => {
  let t: TestApp
  let dataDir: string
  /** New reports and ratings are published by the second batch after they were made. */
  const publish = () => {
    t.signalBatch()
    t.signalBatch()
  }
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wings-signals-'))
    expect(runImportRegion([join(DATA, 'monaco.osm.pbf')], { DATA_DIR: dataDir }, silent)).toBe(0)
    const limits = loadConfig({}).rateLimits
    t = await createTestApp({
      dataDir,
      rateLimits: { ...limits, incident: { max: 1000, windowMs: HOUR }, routeRate: { max: 1000, windowMs: HOUR } },
    })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const find = async (): Promise<Found[]> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/route/find',
      payload: { source: CASINO, destination: PALACE, mode: 'foot', at: NIGHT },
    })
    expect(res.statusCode).toBe(200)
    return res.json().routes
  }

  it('incidents reported along the Fastest route lower its score and the Safest route avoids them, without re-import', async () => {
    const before = await find()
    const fastest = before.find((r) => r.labels.includes('Fastest')) as Found
    expect(fastest.safety.reasons.join()).not.toContain('reported incidents')
    const reported = pointsAlong(fastest.geometry, [0.3, 0.4, 0.5, 0.6, 0.7])
    for (const [lat, lon] of reported) {
      for (const category of ['assault', 'harassment', 'stalking']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/incidents',
          payload: { category, lat, lon, occurredAt: new Date(Date.now() - 2 * HOUR).toISOString() },
        })
        expect(res.statusCode).toBe(201)
      }
    }
    // Not before a batch publishes them: the score changes together with the batch's other reports.
    expect((await find()).find((r) => r.labels.includes('Fastest'))?.safetyScore).toBe(fastest.safetyScore)
    t.signalBatch()
    expect((await find()).find((r) => r.labels.includes('Fastest'))?.safetyScore).toBe(fastest.safetyScore)
    t.signalBatch()

    const after = await find()
    const fastestAfter = after.find((r) => r.labels.includes('Fastest')) as Found
    const safestAfter = after.find((r) => r.labels.includes('Safest'))
    expect(fastestAfter.geometry).toBe(fastest.geometry) // lambda 0: the same streets
    expect(fastestAfter.safetyScore).toBeLessThan(fastest.safetyScore)
    expect(fastestAfter.safety.reasons[0]).toMatch(/^\d+ reported incidents nearby$/)
    expect(Number(fastestAfter.safety.reasons[0]?.split(' ')[0])).toBeGreaterThanOrEqual(10)
    expect(safestAfter).toBeDefined()
    const safest = safestAfter as Found
    // The Safest route now passes fewer of the reported places than the Fastest (which passes all of them).
    expect(pointsNear(fastestAfter.geometry, reported, 60)).toBe(reported.length)
    expect(pointsNear(safest.geometry, reported, 60)).toBeLessThan(reported.length)
    expect(safest.safetyScore).toBeGreaterThan(fastestAfter.safetyScore)
    const nearby = (r: Found) =>
      Number(
        /^(\d+) reported incidents nearby$/.exec(
          r.safety.reasons
            .join('\n')
            .split('\n')
            .find((x) => x.endsWith('incidents nearby')) ?? '0 reported incidents nearby',
        )?.[1] ?? 0,
      )
    expect(nearby(safest)).toBeLessThan(nearby(fastestAfter))
    // The same counts, as numbers a card can compare ("avoids 1 reported place").
    expect(fastestAfter.safety.incidentsNearby).toBe(nearby(fastestAfter))
    expect(safest.safety.incidentsNearby).toBe(nearby(safest))
    expect(fastest.safety.incidentsNearby).toBe(0)
  })

  it('route ratings match onto streets, move scores within bounds, and their tips are served by position', async () => {
    const before = (await find()).find((r) => r.labels.includes('Fastest')) as Found
    const rate = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/route/rate', payload: payload as object })
    for (let i = 0; i < 3; i++) {
      const res = await rate({
        geometry: before.geometry,
        mode: 'foot',
        rating: 1,
        tip: i === 0 ? 'Dark stairs' : undefined,
      })
      expect(res.statusCode).toBe(201)
    }
    expect((await find()).find((r) => r.labels.includes('Fastest'))?.safetyScore).toBe(before.safetyScore)
    expect((await t.app.inject({ url: '/api/tips?bbox=7.40,43.72,7.44,43.75' })).json().tips).toEqual([])
    publish()
    const after = (await find()).find((r) => r.labels.includes('Fastest')) as Found
    expect(after.geometry).toBe(before.geometry)
    expect(after.safetyScore).toBeLessThan(before.safetyScore)
    expect(before.safetyScore - after.safetyScore).toBeLessThanOrEqual(10)
    expect(after.safety.reasons).toContain('Rated unsafe by other users')

    const db = new Database(t.dbFile, { readonly: true })
    const columns = (db.prepare('PRAGMA table_info(route_ratings)').all() as { name: string }[]).map((c) => c.name)
    const edges = db.prepare('SELECT count(*) FROM edge_ratings').pluck().get() as number
    const queued = db.prepare('SELECT count(*) FROM route_rating_queue').pluck().get() as number
    db.close()
    // The matched streets are kept only until the batch: then only the per-street sums hold them.
    expect(queued).toBe(0)
    expect(columns.sort()).toEqual(['created_at', 'id', 'lat', 'lon', 'mode', 'rating', 'tip'])
    expect(edges).toBeGreaterThan(3)

    const tips = await t.app.inject({ url: '/api/tips?bbox=7.40,43.72,7.44,43.75' })
    expect(tips.statusCode).toBe(200)
    const [tip] = tips.json().tips
    expect(tips.json().tips).toHaveLength(1)
    expect(tip).toMatchObject({ text: 'Dark stairs', rating: 1 })
    const mid = pointsAlong(before.geometry, [0.5])[0] as [number, number]
    expect(distance([tip.lat, tip.lon], mid)).toBeLessThan(60)
    expect((await t.app.inject({ url: '/api/tips?bbox=7.40,43.72,7.41,43.73' })).json().tips).toEqual([])

    // A line far from any street, a bad polyline, a bad rating.
    const sea = encodePolyline([
      [43.7, 7.5],
      [43.705, 7.51],
    ])
    expect((await rate({ geometry: sea, mode: 'foot', rating: 3 })).statusCode).toBe(422)
    expect((await rate({ geometry: before.geometry, mode: 'foot', rating: 6 })).json().message).toBe(
      'Rating must be a whole number from 1 to 5',
    )
    expect((await rate({ geometry: before.geometry, mode: 'foot', rating: 2.5 })).statusCode).toBe(400)
    expect(
      (await rate({ geometry: before.geometry, mode: 'foot', rating: 4, tip: 'x'.repeat(281) })).json().message,
    ).toBe('Tip must be at most 280 characters')
    expect((await rate({ geometry: 'a b', mode: 'foot', rating: 4 })).statusCode).toBe(400)
  })

  it("applies 'route.rate' ops through sync push, once", async () => {
    const before = (await find()).find((r) => r.labels.includes('Fastest')) as Found
    const op = {
      opId: randomUUID(),
      type: 'route.rate',
      payload: { geometry: before.geometry, mode: 'foot', rating: 5 },
      createdAt: new Date().toISOString(),
    }
    const clientId = randomUUID()
    const push = (from = clientId) =>
      t.app.inject({ method: 'POST', url: '/api/sync/push', payload: { clientId: from, ops: [op] } })
    expect((await push()).json().results).toEqual([{ opId: op.opId, status: 'applied' }])
    expect((await push()).json().results).toEqual([{ opId: op.opId, status: 'duplicate' }])
    // Nothing tells who sent an anonymous op, so another device reusing the id is told 'duplicate' too: never applied twice.
    expect((await push(randomUUID())).json().results).toEqual([{ opId: op.opId, status: 'duplicate' }])
    const ratings = () => readDatabase(t.dbFile, (db) => db.prepare('SELECT count(*) FROM route_ratings').pluck().get())
    const published = ratings()
    publish()
    expect(ratings()).toBe((published as number) + 1)
    const after = (await find()).find((r) => r.labels.includes('Fastest')) as Found
    expect(after.safetyScore).toBeGreaterThanOrEqual(before.safetyScore)
  })

  it('keeps the signals across a restart (loaded from the database)', async () => {
    const before = (await find()).find((r) => r.labels.includes('Fastest')) as Found
    const again = await createTestApp({ dataDir })
    try {
      const res = await again.app.inject({
        method: 'POST',
        url: '/api/route/find',
        payload: { source: CASINO, destination: PALACE, mode: 'foot', at: NIGHT },
      })
      const fastest = (res.json().routes as Found[]).find((r) => r.labels.includes('Fastest')) as Found
      expect(fastest.safetyScore).toBe(before.safetyScore)
      expect(fastest.safety.reasons[0]).toBe(before.safety.reasons[0])
    } finally {
      await again.app.close()
    }
  })
})
