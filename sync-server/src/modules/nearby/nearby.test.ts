import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { NearbyArea, NearbyAreaMessages, NearbyMessages, NearbyResponse } from '@wings/contract'
import { equirectangularMetres } from '@wings/geo'
import { type FixtureNode, type FixtureWay, writeOsmPbf } from '@wings/routing/testing/pbf-writer'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { openDatabase } from '../../db/connection.ts'
import { expectError, expectInvalid } from '../../testing/answers.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { REGION_DATABASE_FILE } from '../region/import.ts'
import { loadRegion } from '../region/region.ts'
import { createNearbyRepo } from './repo.ts'
import { createNearbyService, type NearbyRequest } from './service.ts'

const silent = { out: () => {}, err: () => {} }

// A small town (about 0.85 x 0.55 km) near Grant Road: two east-west streets 220 m apart, joined only at their east
// ends, plus a grid to the south. She stands at the west end of Station Road.
const HER = { lat: 18.9601, lon: 72.8201 }
const road = (id: number, refs: number[], name: string): FixtureWay => ({
  id,
  refs,
  tags: { highway: 'residential', name },
})
const NODES: FixtureNode[] = [
  // Station Road (south), Hill Road (north), the lane joining their east ends, and a grid further south.
  { id: 1, lat: 18.96, lon: 72.82 },
  { id: 2, lat: 18.96, lon: 72.824 },
  { id: 3, lat: 18.96, lon: 72.828 },
  { id: 4, lat: 18.962, lon: 72.82 },
  { id: 5, lat: 18.962, lon: 72.824 },
  { id: 6, lat: 18.962, lon: 72.828 },
  { id: 7, lat: 18.957, lon: 72.82 },
  { id: 8, lat: 18.957, lon: 72.824 },
  { id: 9, lat: 18.957, lon: 72.828 },
  // Places of help.
  // Straight-line nearest police (190 m north of her), but across the block: about 1.9 km by road.
  { id: 20, lat: 18.9618, lon: 72.8201, tags: { amenity: 'police', name: 'Hill Road Chowki' } },
  // 330 m east of her on her own street.
  {
    id: 21,
    lat: 18.9602,
    lon: 72.8232,
    tags: { amenity: 'police', name: 'Station Road Police', phone: '+91 22 2307 1234; +91 22 2307 9999' },
  },
  {
    id: 22,
    lat: 18.9602,
    lon: 72.821,
    tags: {
      amenity: 'pharmacy',
      name: 'Day Pharmacy',
      opening_hours: 'Mo-Sa 09:00-21:00',
      'contact:phone': '022 2300 0000',
    },
  },
  // An unnamed petrol pump open day and night.
  { id: 23, lat: 18.9602, lon: 72.827, tags: { amenity: 'fuel', opening_hours: '24/7' } },
  // A shop that says nothing of its hours: never "open now".
  { id: 24, lat: 18.9602, lon: 72.8205, tags: { shop: 'convenience', name: 'Quiet Store' } },
  // Public holidays: the parser knows none for India, so the PH rule is dropped.
  {
    id: 25,
    lat: 18.9622,
    lon: 72.825,
    tags: { shop: 'supermarket', name: 'Late Mart', opening_hours: 'Mo-Su 08:00-23:00; PH off' },
  },
  // A hospital drawn as a building (a closed way), no opening_hours.
  { id: 30, lat: 18.9603, lon: 72.826 },
  { id: 31, lat: 18.9603, lon: 72.8264 },
  { id: 32, lat: 18.9606, lon: 72.8264 },
  { id: 33, lat: 18.9606, lon: 72.826 },
]
const WAYS: FixtureWay[] = [
  road(100, [1, 2, 3], 'Station Road'),
  road(101, [4, 5, 6], 'Hill Road'),
  road(102, [3, 6], 'East Lane'),
  road(103, [7, 8, 9], 'Market Road'),
  road(104, [1, 7], 'West Lane'),
  road(105, [2, 8], 'Middle Lane'),
  road(106, [3, 9], 'Dock Lane'),
  { id: 200, refs: [30, 31, 32, 33, 30], tags: { amenity: 'hospital', building: 'yes', name: 'City Hospital' } },
]

// 2026-11-25 is a Wednesday. 04:00Z is 09:30 in Mumbai (04:00 in UTC: shops shut), 16:00Z is 21:30 in Mumbai.
const MORNING = new Date('2026-11-25T04:00:00Z')
const NIGHT = new Date('2026-11-25T16:00:00Z')
const EARLY = new Date('2026-11-25T02:00:00Z')

let dir: string
let dataDir: string
let pbf: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wings-nearby-'))
  dataDir = join(dir, 'data')
  pbf = join(dir, 'town.osm.pbf')
  writeFileSync(pbf, writeOsmPbf(NODES, WAYS))
  expect(runImportRegion([pbf], { DATA_DIR: dataDir }, silent)).toBe(0)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function service() {
  const region = loadRegion(dataDir)
  if (!region) throw new Error('no region')
  const db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
  return { nearby: createNearbyService({ require: () => region }, createNearbyRepo(db)), db }
}

const ask = (over: Partial<NearbyRequest> = {}): NearbyRequest => ({
  ...HER,
  kinds: ['police', 'hospital', 'open'],
  limit: 10,
  ...over,
})

describe('nearest help (service, on a small test town)', () => {
  it('puts the police station nearest by road first, though another is nearer in a straight line', () => {
    const { nearby, db } = service()
    const { places } = nearby.find(ask({ kinds: ['police'] }), MORNING)
    db.close()
    expect(places.map((p) => p.name)).toEqual(['Station Road Police', 'Hill Road Chowki'])
    const [first, second] = places as [NearbyResponse['places'][0], NearbyResponse['places'][0]]
    const straight = (p: { lat: number; lon: number }) => equirectangularMetres(HER.lat, HER.lon, p.lat, p.lon)
    expect(straight(second)).toBeLessThan(straight(first))
    expect(first.distanceMeters).toBeGreaterThan(300)
    expect(first.distanceMeters).toBeLessThan(380)
    // Around the block: 840 m east, 220 m north, 840 m west, not the 190 m across it.
    expect(second.distanceMeters).toBeGreaterThan(1800)
    expect(second.distanceMeters).toBeLessThan(2000)
    // 4.5 km/h.
    expect(first.walkingSeconds).toBeCloseTo(first.distanceMeters / 1.25, -1)
    expect(first.phone).toBe('+91 22 2307 1234')
    expect(second.phone).toBeUndefined()
    // No opening hours: a police station is always listed, open or not unknown.
    expect(first.openNow).toBeUndefined()
    expect(Value.Check(NearbyResponse, { places })).toBe(true)
  })

  it('lists places open now at the time of the region (Asia/Kolkata), not of the server', () => {
    const { nearby, db } = service()
    const names = (at: Date) =>
      nearby
        .find(ask({ kinds: ['open'] }), at)
        .places.map((p) => `${p.name || p.category}:${p.openNow}`)
        .sort()
    expect(names(MORNING)).toEqual(['Day Pharmacy:true', 'Late Mart:true', 'fuel:true'])
    expect(names(NIGHT)).toEqual(['Late Mart:true', 'fuel:true'])
    expect(names(EARLY)).toEqual(['fuel:true'])
    db.close()
  })

  it('keeps a hospital drawn as a building, at its middle, open when it gives no hours', () => {
    const { nearby, db } = service()
    const { places } = nearby.find(ask({ kinds: ['hospital'] }), NIGHT)
    db.close()
    expect(places).toHaveLength(1)
    expect(places[0]).toMatchObject({ name: 'City Hospital', kind: 'hospital', category: 'hospital', openNow: true })
    expect(places[0]?.lat).toBeCloseTo(18.9604, 3)
    expect(places[0]?.lon).toBeCloseTo(72.8262, 3)
  })

  it('sorts every kind together by walking time, and answers `limit` places per kind', () => {
    const { nearby, db } = service()
    const all = nearby.find(ask(), MORNING).places
    const one = nearby.find(ask({ limit: 1 }), MORNING).places
    nearby.find(ask({ kinds: ['police'], limit: 1 }), MORNING)
    const early = nearby.lastSearch().settled
    nearby.find(ask({ kinds: ['police'], limit: 10 }), MORNING)
    const whole = nearby.lastSearch().settled
    db.close()
    // Once the nearest police station is settled the search stops, rather than walking the whole town.
    expect(early).toBeGreaterThan(0)
    expect(early).toBeLessThan(whole)
    const times = all.map((p) => p.walkingSeconds)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(all.map((p) => p.kind).sort()).toEqual(['hospital', 'open', 'open', 'open', 'police', 'police'])
    expect(one.map((p) => p.name)).toEqual(['Day Pharmacy', 'Station Road Police', 'City Hospital'])
  })
})

describe('the import of places of help', () => {
  it('keeps police, hospitals and places with opening hours, once each, and again the same on a re-import', () => {
    const rows = () => {
      const db = openDatabase(join(dataDir, REGION_DATABASE_FILE))
      const all = createNearbyRepo(db).all()
      db.close()
      return all
    }
    const first = rows()
    expect(first.map((r) => `${r.id} ${r.kind} ${r.category} ${r.name}`)).toEqual([
      'n20 police police Hill Road Chowki',
      'n21 police police Station Road Police',
      'n22 open pharmacy Day Pharmacy',
      'n23 open fuel ',
      'n25 open shop Late Mart',
      'w200 hospital hospital City Hospital',
    ])
    expect(first.find((r) => r.id === 'n22')).toMatchObject({
      phone: '022 2300 0000',
      opening_hours: 'Mo-Sa 09:00-21:00',
    })
    expect(runImportRegion([pbf], { DATA_DIR: dataDir }, silent)).toBe(0)
    expect(rows()).toEqual(first)
  })
})

describe('GET /api/nearby', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ dataDir })
  })
  afterAll(async () => {
    await t.app.close()
  })
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/nearby?${query}` })
  const here = `lat=${HER.lat}&lon=${HER.lon}`

  it('answers the contract, nearest by road first', async () => {
    const res = await get(`${here}&kinds=police,hospital&limit=2`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Value.Check(NearbyResponse, body)).toBe(true)
    expect(body.places[0].name).toBe('Station Road Police')
    expect(body.places.length).toBe(3)
    // Default kinds (all three) and limit.
    const all = await get(here)
    expect(all.statusCode).toBe(200)
    expect(Value.Check(NearbyResponse, all.json())).toBe(true)
  })

  it('refuses a position outside the region with 422 OUTSIDE_REGION', async () => {
    // Bandra, and the Arabian Sea next to the town.
    for (const q of ['lat=19.0596&lon=72.8295', 'lat=18.96&lon=72.79'])
      expectError(await get(q), 422, 'OUTSIDE_REGION', NearbyMessages.outside, q)
  })

  it('refuses every bad parameter with 400 and the contract error, never a 500', async () => {
    const cases: [string, string][] = [
      ['', 'lat'],
      [`lon=${HER.lon}`, 'lat'],
      [`lat=abc&lon=${HER.lon}`, NearbyMessages.lat],
      [`lat=95&lon=${HER.lon}`, NearbyMessages.lat],
      [`lat=${HER.lat}&lon=200`, NearbyMessages.lon],
      [`lat=1e1&lon=${HER.lon}`, NearbyMessages.lat],
      [`lat=NaN&lon=${HER.lon}`, NearbyMessages.lat],
      [`lat=${HER.lat}&lat=${HER.lat}&lon=${HER.lon}`, 'lat'],
      [`${here}&kinds=police,fire`, NearbyMessages.kinds],
      [`${here}&kinds=`, NearbyMessages.kinds],
      [`${here}&kinds=police,,open`, NearbyMessages.kinds],
      [`${here}&kinds=POLICE`, NearbyMessages.kinds],
      [`${here}&limit=0`, NearbyMessages.limit],
      [`${here}&limit=51`, NearbyMessages.limit],
      [`${here}&limit=1.5`, NearbyMessages.limit],
      [`${here}&limit=-1`, NearbyMessages.limit],
      [`${here}&radius=100`, 'radius'],
    ]
    for (const [query, says] of cases) {
      const res = await get(query)
      expect(res.statusCode, query).toBe(400)
      const body = res.json()
      expect(body.success, query).toBe(false)
      expect(body.code, query).toBe('VALIDATION_ERROR')
      expect(body.message, query).toContain(says)
    }
    expectInvalid(await get(`${here}&limit=51`), NearbyMessages.limit)
  })

  it('answers 503 when no region is imported', async () => {
    const bare = await createTestApp()
    const res = await bare.app.inject({ method: 'GET', url: `/api/nearby?${here}` })
    await bare.close()
    expectError(res, 503, 'SERVICE_UNAVAILABLE', NearbyMessages.noRegion)
  })
})

describe('GET /api/nearby/area', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ dataDir })
  })
  afterAll(async () => {
    await t.app.close()
  })
  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/nearby/area?${query}` })
  const box = (south: number, west: number, north: number, east: number) =>
    `south=${south}&west=${west}&north=${north}&east=${east}`

  it('answers the places in the box and about 1 km around it, with weeks in the region zone', async () => {
    // A box around her only: the places up to 1 km east of it come with the margin; none 1.1 km beyond.
    const res = await get(box(18.9595, 72.8195, 18.9605, 72.8205))
    expect(res.statusCode, res.body).toBe(200)
    const pack = res.json()
    expect(Value.Check(NearbyArea, pack)).toBe(true)
    expect(pack).toMatchObject({ v: 1, timeZone: 'Asia/Kolkata' })
    const [w, s, e, n] = pack.bbox
    expect(w).toBeCloseTo(72.8195 - 1000 / (111_320 * Math.cos((18.96 * Math.PI) / 180)), 4)
    expect(s).toBeCloseTo(18.9595 - 1000 / 111_320, 4)
    expect(e).toBeGreaterThan(72.829)
    expect(n).toBeGreaterThan(18.968)
    const byName = Object.fromEntries((pack as NearbyArea).rows.map((r) => [r[2] || r[1], r] as const))
    expect(Object.keys(byName).sort()).toEqual([
      'City Hospital',
      'Day Pharmacy',
      'Hill Road Chowki',
      'Late Mart',
      'Station Road Police',
      'fuel',
    ])
    expect(byName['Station Road Police']).toEqual([
      'police',
      'police',
      'Station Road Police',
      1896020,
      7282320,
      '+91 22 2307 1234',
      [],
    ])
    // Mo-Sa 09:00-21:00: Sunday closed.
    expect(byName['Day Pharmacy']?.[6]).toEqual([[], ...Array.from({ length: 6 }, () => [[540, 1260]])])
    // A hospital without hours is open all week, as online.
    expect(byName['City Hospital']?.[6]).toEqual(Array.from({ length: 7 }, () => [[0, 1440]]))
    // West of the town, its margin reaching only the first few metres: what is farther east is left out.
    const west = (await get(box(18.9595, 72.81, 18.9605, 72.811))).json() as NearbyArea
    expect(west.rows.map((r) => r[2])).toEqual(['Hill Road Chowki'])
  })

  it('refuses a box away from the region with 422 OUTSIDE_REGION', async () => {
    // Bandra.
    expectError(await get(box(19.05, 72.82, 19.06, 72.83)), 422, 'OUTSIDE_REGION', NearbyAreaMessages.outside)
  })

  it('refuses every bad box with 400 and the contract error, never a 500', async () => {
    const cases: [string, string][] = [
      ['', 'south'],
      [box(18.96, 72.82, 18.97, 72.83).replace('&east=72.83', ''), 'east'],
      [box(95, 72.82, 96, 72.83), NearbyAreaMessages.south],
      [box(18.96, 72.82, 18.97, 200), NearbyAreaMessages.east],
      [box(18.96, -181, 18.97, 72.83), NearbyAreaMessages.west],
      [box(18.96, 72.82, 91, 72.83), NearbyAreaMessages.north],
      ['south=1e1&west=72.82&north=18.97&east=72.83', NearbyAreaMessages.south],
      ['south=abc&west=72.82&north=18.97&east=72.83', NearbyAreaMessages.south],
      [box(18.97, 72.82, 18.96, 72.83), NearbyAreaMessages.order],
      [box(18.96, 72.83, 18.97, 72.82), NearbyAreaMessages.order],
      [box(18.96, 72.82, 18.96, 72.83), NearbyAreaMessages.order],
      [box(18.5, 72.82, 19.1, 72.83), NearbyAreaMessages.tooLarge],
      [box(18.96, 72.5, 18.97, 73.1), NearbyAreaMessages.tooLarge],
      [`${box(18.96, 72.82, 18.97, 72.83)}&bbox=1`, 'bbox'],
    ]
    for (const [query, says] of cases) {
      const res = await get(query)
      expect(res.statusCode, query).toBe(400)
      const body = res.json()
      expect(body.code, query).toBe('VALIDATION_ERROR')
      expect(body.message, query).toContain(says)
    }
  })

  it('answers 503 when no region is imported', async () => {
    const bare = await createTestApp()
    const res = await bare.app.inject({ method: 'GET', url: `/api/nearby/area?${box(18.96, 72.82, 18.97, 72.83)}` })
    await bare.close()
    expectError(res, 503, 'SERVICE_UNAVAILABLE', NearbyMessages.noRegion)
  })
})
