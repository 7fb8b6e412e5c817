/**
 * Place search on the phone (issue 28, "search offline"): searchPlaces over the places of the bundle that
 * GET /api/offline/area answers for the whole Mumbai south region finds what people type, Latin and Devanagari, and
 * puts first what GET /api/geocode/search puts first.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AreaPlace, createPlaceIndex, decodeAreaBundle, type PlaceIndex, searchPlaces } from '@wings/area-bundle'
import type { GeocodeResult } from '@wings/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runImportRegion } from '../../cli/import-region.ts'
import { loadConfig } from '../../config.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { loadRegion } from '../region/region.ts'
import { MUMBAI, silent } from './testing.ts'

let dataDir: string
let t: TestApp
let places: AreaPlace[]
let index: PlaceIndex

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wings-place-search-'))
  expect(runImportRegion([MUMBAI], { DATA_DIR: dataDir }, silent)).toBe(0)
  const [west, south, east, north] = loadRegion(dataDir)?.meta.bbox ?? []
  const limits = loadConfig({}).rateLimits
  const plenty = { max: 100_000, windowMs: 60_000 }
  t = await createTestApp({ dataDir, rateLimits: { ...limits, api: plenty } })
  const res = await t.app.inject({ url: `/api/offline/area?south=${south}&west=${west}&north=${north}&east=${east}` })
  expect(res.statusCode, res.body).toBe(200)
  places = decodeAreaBundle(new Uint8Array(res.rawPayload)).places
  index = createPlaceIndex(places)
}, 120_000)
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const top = (q: string, options?: Parameters<typeof searchPlaces>[2]) => searchPlaces(index, q, options)[0]?.displayName

async function server(q: string): Promise<GeocodeResult[]> {
  const res = await t.app.inject({ url: `/api/geocode/search?q=${encodeURIComponent(q)}` })
  expect(res.statusCode, q).toBe(200)
  return res.json()
}

const GRANT_ROAD = 'Grant Road, Chikalwadi, Mumbai'
const BYCULLA = 'Byculla, Byculla West, Mumbai'

describe("place search on the phone, over central Mumbai's bundle", () => {
  it('finds the station however Grant Road is typed, in Latin or Devanagari letters', () => {
    expect(places.length).toBeGreaterThan(1000)
    for (const q of ['grant rd', 'Grant Road', 'GRANT ROAD', 'grnt road', 'grant raod', 'ग्रँट रोड', 'ग्रांट रोड'])
      expect(top(q), q).toBe(GRANT_ROAD)
    for (const q of ['byculla', 'Byculla', 'bycula', 'byculaa', 'भायखला']) expect(top(q), q).toBe(BYCULLA)
    expect(top('ताडदेव पोलीस')).toBe('Tardeo Police Station, Cowasji Jehangir Colony, Mumbai')
    expect(top('मरीन ड्राइव')).toBe('Marine Drive, Gamdevi, Mumbai')
  })

  it('expands abbreviations and reads the last word as the start of one', () => {
    expect(top('tardeo police stn')).toBe('Tardeo Police Station, Cowasji Jehangir Colony, Mumbai')
    expect(top('nair hosp')).toBe('Nair Hospital, Tardeo, Mumbai')
    expect(top('mahala')).toBe('Mahalakshmi Mandir, Haji Ali, Mumbai')
    expect(searchPlaces(index, 'mahala', { limit: 10 }).every((p) => /mahala/i.test(p.searchNames.join(' ')))).toBe(
      true,
    )
    expect(top('breach ca')).toBe('Breach Candy, Mumbai')
  })

  it('finds nothing for a place the data does not have, a blank or an endless query, and never throws', () => {
    // The extract stops short of Crawford Market: the server finds nothing either.
    for (const q of ['crawford mkt', 'zzqxj road', '', '   ', '?!', 'grant road '.repeat(1000), 'x'.repeat(5000)])
      expect(searchPlaces(index, q), q.slice(0, 20)).toEqual([])
  })

  it('puts the places she chose before first', () => {
    const hospitals = searchPlaces(index, 'hospital', { limit: 5 })
    const chosen = hospitals[3] as AreaPlace
    const again = searchPlaces(index, 'hospital', { limit: 5, recent: ['w1', chosen.id] })
    expect(again[0]).toBe(chosen)
    expect(again.slice(1)).toEqual(hospitals.filter((p) => p !== chosen).slice(0, 4))
  })

  it("puts first what the server's search puts first, but for an exact name of another kind", async () => {
    const queries = [
      ...['grant road', 'grant rd', 'grnt road', 'byculla', 'bycula', 'mahala', 'mahalaxmi', 'tardeo', 'tardo'],
      ...['gamdevi', 'girgaon', 'nagpada', 'nagpda', 'haji ali', 'breach candy', 'jaslok', 'bhatia hospital'],
      ...['nair hosp', 'mumbai central', 'marine drive', 'tardeo police stn', 'cumballa hill', 'kennedy bridge'],
      ...['chikalwadi', 'agripada', 'dongri', 'bhuleshwar', 'bhuleshwr', 'opera house', 'prince aly khan'],
      ...['kamathipura', 'mandvi', 'pydhoni', 'null bazaar', 'lamington rd', 'bellasis rd', 'ग्रँट रोड', 'भायखला'],
      ...['charni road', 'falkland rd', 'hospital', 'police', 'masjid'],
    ]
    const differ: string[] = []
    for (const q of queries) {
      const [online] = await server(q)
      const [offline] = searchPlaces(index, q)
      expect(offline, q).toBeDefined()
      if (online?.place_id === offline?.id) continue
      differ.push(q)
      // The phone puts a street's exact name first whatever its kind; the server ranks POIs before streets.
      expect(offline?.kind, q).toBe('street')
      expect(offline?.searchNames, q).toContain(q.replace(/ rd$/, ' road'))
      expect(online?.kind, q).toBe('poi')
    }
    expect(queries.length - differ.length).toBeGreaterThanOrEqual(40)
    expect(differ).toEqual(['charni road', 'falkland rd'])
  })
})
