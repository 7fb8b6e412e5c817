import {
  GEOCODE_LICENCE,
  GeocodeGeoJsonResponse,
  GeocodeJsonResult,
  GeocodeJsonV2Result,
  type GeocodeResult,
  GeocodeSearchResponse,
} from '@wings/contract'
import { isValid } from '@wings/contract/validate'
import { readOsmPbf } from '@wings/routing'
import { Type } from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { expectError, expectInvalid } from '../../testing/answers.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import type { RegionImport } from '../region/import-step.ts'
import { geocodeImportStep } from './import.ts'

const MUMBAI_SOUTH = '/work/shared/data/india-mumbai-south.osm.pbf'
const COVERAGE = 'Wings has no map data for this area yet'
let t: TestApp
let db: Db

const get = (query: string) => t.app.inject({ url: `/api/geocode/search?${query}` })
const search = (q: string, extra = '') => get(`q=${encodeURIComponent(q)}${extra}`)
const names = (res: { json(): unknown }) => (res.json() as GeocodeResult[]).map((r) => r.display_name)

beforeAll(async () => {
  t = await createTestApp()
  db = openDatabase(t.dbFile)
  const region = { extracts: [readOsmPbf(MUMBAI_SOUTH)], graph: null, dir: '', db } as unknown as RegionImport
  db.transaction(() => geocodeImportStep(region)).immediate()
}, 30_000)
afterAll(async () => {
  db.close()
  await t.close()
})

describe('a place outside the region', () => {
  it('Churchgate, named by the railway lines that end there, answers 422 OUTSIDE_REGION with the coverage message', async () => {
    for (const q of ['Churchgate', 'churchgate station', 'CHURCHGATE']) {
      expectError(await search(q), 422, 'OUTSIDE_REGION', COVERAGE, q)
    }
    // Virar, the other end of the same line, too.
    expect((await search('Virar')).statusCode).toBe(422)
  })

  it('Bandra, Worli and Malad get no wrong street or shop that only looks like them: nothing', async () => {
    // Today's typo tolerance found 'JB Shah Road' (old name Chinch Bandar Road), 'Ring World', 'Malabar Hill...'.
    for (const q of ['Bandra', 'Worli', 'Malad', 'Andheri', 'Colaba']) {
      const res = await search(q)
      expect(res.statusCode, q).toBe(200)
      expect(res.json(), q).toEqual([])
    }
  })

  it('in the Nominatim formats is an empty answer, as Nominatim gives', async () => {
    expect((await search('Churchgate', '&format=json')).json()).toEqual([])
    expect((await search('Churchgate', '&format=geojson')).json()).toEqual({
      type: 'FeatureCollection',
      licence: GEOCODE_LICENCE,
      features: [],
    })
  })

  it('does not hide a place inside that the data also names as a route end (Mumbai Central)', async () => {
    expect(names(await search('Mumbai Central'))[0]).toMatch(/^Mumbai Central, /)
  })
})

describe('places and neighbourhoods before streets of similar names', () => {
  it('Byculla: the station and the two suburbs first, then other POIs', async () => {
    const res = (await search('Byculla', '&limit=10')).json() as GeocodeResult[]
    expect(res.slice(0, 3).map((r) => r.type)).toEqual(['station', 'suburb', 'suburb'])
    const tier = (r: GeocodeResult) =>
      r.kind === 'place' || ['station', 'train_station', 'halt', 'bus_station'].includes(r.type)
        ? 0
        : r.kind === 'poi'
          ? 1
          : r.kind === 'street'
            ? 2
            : 3
    const tiers = res.map(tier)
    expect(tiers).toEqual([...tiers].sort())
  })

  it('Grant Road: the stations before the school and the post office named after it, and before the road', async () => {
    const res = (await search('Grant Road', '&limit=10')).json() as GeocodeResult[]
    const station = res.findIndex((r) => r.type === 'station')
    const school = res.findIndex((r) => r.type === 'school')
    expect(station).toBe(0)
    expect(school).toBeGreaterThan(res.findLastIndex((r) => r.type === 'train_station'))
    expect(res.findIndex((r) => r.kind === 'street')).toBeGreaterThan(school)
  })

  it('still corrects a typo at the start of a name, or beside a word typed right', async () => {
    expect(names(await search('bycula'))[0]).toBe('Byculla, Byculla West, Mumbai')
    expect(names(await search('chinch bandra'))).toContain('JB Shah Road, Khadak, Mumbai')
    // An unfinished, misspelt word beside one typed right: 'metjo' for 'metro(politan)'.
    expect(names(await search('girgaon metjo'))[0]).toBe('Girgaon Metropolitan Magistrate Court, Girgaon, Mumbai')
  })
})

describe('Nominatim parameters', () => {
  it('format=json answers Nominatim results: strings for coordinates, OSM type and id, class, licence', async () => {
    const res = await search('haji ali', '&format=json&limit=3')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(isValid(Type.Array(GeocodeJsonResult), body)).toBe(true)
    expect(body[0]).toMatchObject({
      osm_type: 'node',
      osm_id: 1640611527,
      lat: expect.stringMatching(/^18\.977/),
      lon: expect.stringMatching(/^72\.809/),
      class: 'place',
      type: 'neighbourhood',
      name: 'Haji Ali',
      display_name: 'Haji Ali, Mumbai',
      licence: GEOCODE_LICENCE,
      place_rank: 22,
    })
    const [south, north, west, east] = (body[0] as GeocodeJsonResult).boundingbox.map(Number) as number[]
    expect(south).toBeLessThan(north as number)
    expect(west).toBeLessThan(east as number)
  })

  it('format=jsonv2 says category for class, format=geojson answers a FeatureCollection of points', async () => {
    const v2 = (await search('grant road', '&format=jsonv2&limit=2')).json()
    expect(isValid(Type.Array(GeocodeJsonV2Result), v2)).toBe(true)
    expect(v2[0]).toMatchObject({ category: 'railway', type: 'station' })
    const geo = (await search('grant road', '&format=geojson&limit=2')).json()
    expect(isValid(GeocodeGeoJsonResponse, geo)).toBe(true)
    const [feature] = geo.features
    expect(feature.geometry.coordinates[0]).toBeCloseTo(72.8158, 3)
    expect(feature.properties).toMatchObject({ category: 'railway', type: 'station', osm_type: 'node' })
  })

  it('addressdetails=1 adds what Wings knows of the address, in every format', async () => {
    const [station] = (await search('grant road', '&addressdetails=1&limit=1')).json() as GeocodeResult[]
    expect(station?.address).toEqual({
      railway: 'Grant Road',
      suburb: 'Chikalwadi',
      city: 'Mumbai',
      country_code: 'in',
    })
    const [house] = (await search('8 carmichael', '&format=json&addressdetails=1&limit=1')).json()
    expect(house).toMatchObject({ class: 'place', type: 'house', name: '' })
    expect(house.address).toMatchObject({ house_number: '8', road: 'Carmichael Rd', city: 'Mumbai' })
    // Without it, no address: Wings' own answer is as before.
    const plain = (await search('grant road', '&limit=1')).json()
    expect(isValid(GeocodeSearchResponse, plain)).toBe(true)
    expect(plain[0].address).toBeUndefined()
  })

  it("countrycodes keeps to the region's country (India here), case and spaces aside", async () => {
    expect(names(await search('haji ali', '&countrycodes=in'))[0]).toBe('Haji Ali, Mumbai')
    expect(names(await search('haji ali', '&countrycodes=NP,%20In'))[0]).toBe('Haji Ali, Mumbai')
    expect((await search('haji ali', '&countrycodes=de,fr')).json()).toEqual([])
  })

  it('viewbox prefers places inside it; with bounded=1 keeps to it', async () => {
    // A box around Haji Ali (west); the Haji Bachhaulli Road is in Mandvi (east).
    const box = '&viewbox=72.805,18.985,72.815,18.97'
    const all = names(await search('haji', `&limit=20${box}`))
    const bounded = names(await search('haji', `&limit=20${box}&bounded=1`))
    expect(all.some((n) => n.startsWith('Haji Bachhaulli Road'))).toBe(true)
    expect(bounded.length).toBeGreaterThan(0)
    expect(bounded.some((n) => n.startsWith('Haji Bachhaulli Road'))).toBe(false)
    expect(bounded[0]).toBe('Haji Ali, Mumbai')
  })

  it('accept-language is accepted (and not used)', async () => {
    const res = await search('haji ali', '&format=json&accept-language=en-IN,hi;q=0.8,mr;q=0.5')
    expect(res.statusCode).toBe(200)
    expect(res.json()[0].display_name).toBe('Haji Ali, Mumbai')
  })

  it('refuses an unknown format, parameter or value with a clear 400, never a 500', async () => {
    const cases: [string, string][] = [
      ['q=haji&format=xml', 'format must be json, jsonv2 or geojson'],
      ['q=haji&format=', 'format must be json, jsonv2 or geojson'],
      ['q=haji&format=json&format=geojson', 'format must be json, jsonv2 or geojson'],
      ['q=haji&countrycodes=india', 'countrycodes must be two-letter country codes separated by commas, like in,np'],
      ['q=haji&countrycodes=in,', 'countrycodes must be two-letter country codes separated by commas, like in,np'],
      [
        'q=haji&viewbox=72.8,18.9,72.9',
        'viewbox must be four numbers: left,top,right,bottom in degrees of longitude and latitude',
      ],
      [
        'q=haji&viewbox=200,18.9,72.9,19',
        'viewbox must be four numbers: left,top,right,bottom in degrees of longitude and latitude',
      ],
      ['q=haji&viewbox=72.8,18.9,72.8,19', 'viewbox must have a width and a height'],
      ['q=haji&bounded=yes', 'bounded must be 0 or 1'],
      ['q=haji&bounded=1', 'bounded=1 needs a viewbox'],
      ['q=haji&addressdetails=2', 'addressdetails must be 0 or 1'],
      [
        'q=haji&accept-language=%3Cscript%3E',
        'accept-language must be language tags separated by commas, like en,hi;q=0.8',
      ],
      ['q=haji&polygon_geojson=1', 'Unknown field: polygon_geojson'],
      ['format=json', 'q is required'],
    ]
    for (const [query, message] of cases) expectInvalid(await get(query), message, query)
  })
})
