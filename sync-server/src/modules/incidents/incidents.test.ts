import { randomUUID } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { INCIDENT_CATEGORIES } from '@wings/contract'
import { METRES_PER_DEGREE } from '@wings/geo'
import { describe, expect, it } from 'vitest'
import { expectInvalid } from '../../testing/answers.ts'
import { freshApp } from '../../testing/fresh-app.ts'
import { anOp, type Cookies, sendOps } from '../../testing/sync-ops.ts'
import { postRaw, readDatabase, signedIn, type TestApp, withRateLimit } from '../../testing/test-app.ts'
import { floorToHour, snapToGrid } from './grid.ts'

let t: TestApp

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const report = { category: 'harassment', lat: 18.97764, lon: 72.80904, occurredAt: ago(2 * HOUR) }
const post = (payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/incidents', payload: payload as object, remoteAddress, headers })
const heatmap = (query: string) => t.app.inject({ url: `/api/incidents/heatmap?${query}` })
const push = (ops: unknown[], cookies: Cookies = {}, clientId = CLIENT) => sendOps(t.app, ops, { cookies, clientId })
const CLIENT = randomUUID()

function query<T>(sql: string): T[] {
  return readDatabase(t.dbFile, (db) => db.prepare(sql).all() as T[])
}
/** New reports are published by the second batch after they were made. */
const publish = () => {
  t.signalBatch()
  t.signalBatch()
}

describe('POST /api/incidents: anonymous by construction', () => {
  it('stores no user, IP or user agent, and snaps the place and time before storing', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      cookies,
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'SecretAgent/1.0' },
      payload: { ...report, description: ' <b>Followed</b> me from the station ' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ success: true, message: 'Thank you. Your report was saved anonymously.' })
    expect(query('SELECT id FROM incident_queue')).toHaveLength(1)
    publish()
    expect(query('SELECT id FROM incident_queue')).toEqual([])

    const columns = query<{ name: string }>('PRAGMA table_info(incidents)').map((c) => c.name)
    expect(columns.sort()).toEqual(['category', 'description', 'id', 'lat', 'lon', 'occurred_at'])
    const rows = query<Record<string, unknown>>('SELECT * FROM incidents')
    expect(rows).toHaveLength(1)
    const row = rows[0] as Record<string, unknown>
    const snapped = snapToGrid(report.lat, report.lon)
    expect(row).toMatchObject({
      category: 'harassment',
      lat: snapped.lat,
      lon: snapped.lon,
      occurred_at: floorToHour(Date.parse(report.occurredAt)),
      description: '<b>Followed</b> me from the station',
    })
    expect(row.lat).not.toBe(report.lat)
    expect(new Date(row.occurred_at as string).getUTCMinutes()).toBe(0)
    // Within half a cell diagonal of the real point.
    expect(Math.abs((row.lat as number) - report.lat) * METRES_PER_DEGREE).toBeLessThanOrEqual(25.1)
    expect(Math.abs((row.lon as number) - report.lon) * METRES_PER_DEGREE * Math.cos(0.331)).toBeLessThanOrEqual(25.5)
    // Nothing anywhere in the database holds the IP, user agent or the account for this report.
    const dump = JSON.stringify(query('SELECT * FROM incidents'))
    expect(dump).not.toContain('203.0.113.7')
    expect(dump).not.toContain('SecretAgent')
  })

  it('keeps client IP and user agent out of the request log, for every request', async () => {
    const stream = new PassThrough()
    let log = ''
    stream.on('data', (chunk: Buffer) => {
      log += chunk.toString()
    })
    t = await freshApp({ logLevel: 'info' }, { logStream: stream })
    const headers = { 'user-agent': 'SecretAgent/1.0', 'x-forwarded-for': '198.51.100.4' }
    expect((await post(report, '203.0.113.7', headers)).statusCode).toBe(201)
    expect((await post({ ...report, category: 'x' }, '203.0.113.7', headers)).statusCode).toBe(400)
    await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.7', headers })
    await t.app.inject({ url: '/api/nothing', remoteAddress: '203.0.113.7', headers })
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    const completed = lines.filter((l) => l.msg === 'request completed')
    expect(completed.length).toBe(4)
    expect(completed[0]).toMatchObject({ res: { statusCode: 201 } })
    expect(typeof completed[0]?.responseTime).toBe('number')
    expect(lines.find((l) => l.msg === 'incoming request')).toMatchObject({
      req: { method: 'POST', url: '/api/incidents' },
    })
    for (const forbidden of [
      '203.0.113.7',
      '198.51.100.4',
      'SecretAgent',
      'remoteAddress',
      'remotePort',
      'user-agent',
    ]) {
      expect(log).not.toContain(forbidden)
    }
  })
})

describe('POST /api/incidents: validation', () => {
  it.each([
    [{ ...report, category: 'robbery' }, 'Category must be one of'],
    [{ ...report, category: undefined }, 'Category is required'],
    [{ ...report, lat: 91 }, 'Latitude must be a number from -90 to 90'],
    [{ ...report, lon: '72.8' }, 'Longitude must be a number from -180 to 180'],
    [{ ...report, occurredAt: 'yesterday' }, 'occurredAt must be an ISO date-time'],
    [{ ...report, occurredAt: ago(-10 * 60_000) }, 'The time of the incident cannot be in the future'],
    [{ ...report, occurredAt: ago(366 * DAY) }, 'Incidents can be reported up to a year after they happened'],
    [{ ...report, description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
    [{ ...report, userId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, 'Unknown field: userId'],
  ])('refuses %j with 400', async (body, text) => {
    t = await freshApp()
    const res = await post(body)
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
    expect(res.json().message).toContain(text)
  })

  it('accepts every category, 500 characters, a couple of minutes of clock skew and 364 days ago', async () => {
    t = await freshApp(withRateLimit('incident', 100, HOUR))
    for (const category of INCIDENT_CATEGORIES) {
      expect((await post({ ...report, category })).statusCode).toBe(201)
    }
    expect((await post({ ...report, description: 'x'.repeat(500) })).statusCode).toBe(201)
    expect((await post({ ...report, occurredAt: ago(-2 * 60_000) })).statusCode).toBe(201)
    expect((await post({ ...report, occurredAt: ago(364 * DAY) })).statusCode).toBe(201)
    // A time ahead within the skew is stored as now (floored), never in the future.
    const latest = query<{ occurred_at: string }>('SELECT max(occurred_at) AS occurred_at FROM incident_queue')[0]
    expect(Date.parse(latest?.occurred_at ?? '')).toBeLessThanOrEqual(Date.now())
  })
})

describe('rate limits', () => {
  it('answers 429 after 10 reports an hour from one client, REST and sync together; others are not affected', async () => {
    t = await freshApp()
    for (let i = 0; i < 8; i++) expect((await post(report)).statusCode).toBe(201)
    const ops = [anOp('incident.report', report), anOp('incident.report', report), anOp('incident.report', report)]
    const results = (await push(ops)).json().results
    expect(results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected'])
    expect(results[2]).toMatchObject({ code: 'RATE_LIMITED' })
    const res = await post(report)
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expect((await post(report, '10.0.0.2')).statusCode).toBe(201)
    expect(query('SELECT id FROM incident_queue')).toHaveLength(11)
  })
})

describe("the 'incident.report' op", () => {
  it('is applied through the same service, answered duplicate on retry, and never tied to the account', async () => {
    t = await freshApp()
    const cookies = await signedIn(t.app)
    const first = anOp('incident.report', { ...report, category: 'stalking' })
    expect((await push([first], cookies)).json().results).toEqual([{ opId: first.opId, status: 'applied' }])
    expect((await push([first], cookies)).json().results).toEqual([{ opId: first.opId, status: 'duplicate' }])
    // As a guest, and from another device: nothing tells who sent it, so any retry is a duplicate.
    expect((await push([first])).json().results).toEqual([{ opId: first.opId, status: 'duplicate' }])
    expect((await push([first], {}, randomUUID())).json().results).toEqual([{ opId: first.opId, status: 'duplicate' }])
    publish()
    expect((await push([first], cookies)).json().results).toEqual([{ opId: first.opId, status: 'duplicate' }])
    publish()
    expect(query('SELECT category FROM incidents')).toEqual([{ category: 'stalking' }])
    // Applied is recorded as a keyed hash of the op id alone: no op id, user, device, type or time.
    expect(query('SELECT * FROM applied_ops')).toEqual([])
    const [kept] = query<Record<string, string>>('SELECT * FROM anonymous_ops')
    expect(Object.keys(kept ?? {})).toEqual(['op_key'])
    expect(kept?.op_key).toMatch(/^[0-9a-f]{64}$/)
    // Its id cannot be taken by a signed-in op either.
    const taken = await push([anOp('profile.update', { age: 30 }, first.opId)], cookies)
    expect(taken.json().results[0]).toMatchObject({ status: 'rejected', code: 'CONFLICT' })
    const bad = anOp('incident.report', { ...report, occurredAt: ago(-DAY) })
    expect((await push([bad])).json().results).toEqual([
      {
        opId: bad.opId,
        status: 'rejected',
        code: 'VALIDATION_ERROR',
        message: 'The time of the incident cannot be in the future',
      },
    ])
  })
})

describe('GET /api/incidents/heatmap', () => {
  const bbox = 'bbox=72.80,18.97,72.82,18.99'

  it('answers weighted cells, halving a report every 90 days', async () => {
    t = await freshApp()
    await post(report)
    await post({ ...report, lat: report.lat + 0.00001 })
    await post({ ...report, occurredAt: ago(90 * DAY) })
    await post({ ...report, lat: 18.985, category: 'theft' })
    await post({ ...report, lat: 10, lon: 10 })
    publish()
    const res = await heatmap(bbox)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.cellMeters).toBe(50)
    expect(body.cells).toHaveLength(2)
    const [top, second] = body.cells
    expect(top).toMatchObject(snapToGrid(report.lat, report.lon))
    // Two fresh reports (1 each) and one 90 days old (0.5).
    expect(top.weight).toBeCloseTo(2.5, 2)
    expect(second.weight).toBeCloseTo(0.7, 2)
    const recent = (await heatmap(`${bbox}&since=${ago(30 * DAY).slice(0, 10)}`)).json()
    expect(recent.cells[0].weight).toBeCloseTo(2, 2)
  })

  it('shows a new report only after a publishing batch, never the moment it is made, over REST and sync alike', async () => {
    t = await freshApp()
    expect((await post(report)).statusCode).toBe(201)
    const op = anOp('incident.report', { ...report, lat: 18.985, category: 'theft' })
    expect((await push([op])).json().results).toEqual([{ opId: op.opId, status: 'applied' }])
    expect((await heatmap(bbox)).json().cells).toEqual([])
    t.signalBatch()
    // Made before this batch: the next one publishes them, with whatever else is made meanwhile.
    expect((await heatmap(bbox)).json().cells).toEqual([])
    expect((await post({ ...report, category: 'stalking' })).statusCode).toBe(201)
    t.signalBatch()
    const first = (await heatmap(bbox)).json().cells
    expect(first).toHaveLength(2)
    expect(first[0]).toMatchObject({ ...snapToGrid(report.lat, report.lon), weight: expect.closeTo(1, 2) })
    expect(first[1]).toMatchObject({ ...snapToGrid(18.985, report.lon), weight: expect.closeTo(0.7, 2) })
    t.signalBatch()
    expect((await heatmap(bbox)).json().cells[0].weight).toBeCloseTo(2, 2)
    expect(query('SELECT id FROM incident_queue')).toEqual([])
  })

  it.each([
    ['', 'bbox is required'],
    ['bbox=1,2,3', 'bbox must be minLon,minLat,maxLon,maxLat'],
    ['bbox=a,b,c,d', 'bbox must be minLon,minLat,maxLon,maxLat'],
    ['bbox=72.82,18.97,72.80,18.99', 'bbox must be minLon,minLat,maxLon,maxLat'],
    ['bbox=72,18,73,19.5', 'bbox must cover at most 2500 square kilometres'],
    ['bbox=190,18,191,19', 'bbox must be minLon,minLat,maxLon,maxLat'],
    ['bbox=72.80,18.97,72.82,18.99&since=soon', 'since must be an ISO date'],
    ['bbox=72.80,18.97,72.82,18.99&since=2024-13-45', 'since must be an ISO date'],
  ])('refuses %s with 400', async (q, text) => {
    t = await freshApp()
    expectInvalid(await heatmap(q), text)
  })
})

describe('POST /api/predict', () => {
  const body = {
    lat1: 18.97,
    lon1: 72.8,
    lat2: 18.96,
    lon2: 72.81,
    light_intensity: 50,
    traffic_density: 40,
    crowd_density: 60,
    crime_rate: 20,
    accident_rate: 10,
  }
  const predict = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/predict', payload: payload as object })

  it('answers the model score, 0..100, for factors at 1 and at 100', async () => {
    t = await freshApp()
    for (const payload of [
      body,
      { ...body, light_intensity: 1, traffic_density: 1, crowd_density: 1, crime_rate: 1, accident_rate: 1 },
      { ...body, light_intensity: 100, traffic_density: 100, crowd_density: 100, crime_rate: 100, accident_rate: 100 },
      { ...body, light_intensity: 1, crowd_density: 1, traffic_density: 100, crime_rate: 100, accident_rate: 100 },
      { ...body, crime_rate: 33.5 },
    ]) {
      const res = await predict(payload)
      expect(res.statusCode).toBe(200)
      const score = res.json().safety_score
      expect(Object.keys(res.json())).toEqual(['safety_score'])
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(100)
    }
    const worse = (await predict({ ...body, crime_rate: 90 })).json().safety_score
    expect(worse).toBeLessThan((await predict(body)).json().safety_score)
  })

  it.each([
    ['light_intensity', 0],
    ['traffic_density', 101],
    ['crowd_density', '50'],
    ['crime_rate', 'NaN'],
    ['accident_rate', null],
    ['crime_rate', undefined],
    ['lat1', 91],
    ['lon2', -181],
  ])('refuses %s = %j with 400', async (field, value) => {
    t = await freshApp()
    const res = await predict({ ...body, [field]: value })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
    expect(res.json().message).toContain(field)
  })

  it('refuses NaN sent as a bare JSON token', async () => {
    t = await freshApp()
    const res = await postRaw(
      t.app,
      '/api/predict',
      JSON.stringify(body).replace('"crime_rate":20', '"crime_rate":NaN'),
    )
    expect(res.statusCode).toBe(400)
  })
})
