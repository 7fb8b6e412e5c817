import type { GeocodeResult } from '@wings/contract'
import { type OsmExtract, readOsmPbf } from '@wings/routing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/connection.ts'
import { expectInvalid } from '../../testing/answers.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import type { RegionImport } from '../region/import-step.ts'
import { geocodeImportStep } from './import.ts'
import { editDistance, normalize } from './text.ts'

const DATA = '/work/shared/data'
let t: TestApp
let db: Db
let mumbai: OsmExtract

/** Runs the step as the import does: inside one transaction, on the server's database file. */
function importPlaces(extracts: OsmExtract[]) {
  const region = { extracts, graph: null, dir: '', db } as unknown as RegionImport
  db.transaction(() => geocodeImportStep(region)).immediate()
}

async function search(q: string, limit?: number) {
  const query = new URLSearchParams({ q, ...(limit === undefined ? {} : { limit: String(limit) }) })
  return t.app.inject({ url: `/api/geocode/search?${query}` })
}
const names = (res: { json(): unknown }) => (res.json() as GeocodeResult[]).map((r) => r.display_name)
const reverse = (lat: string, lon: string) => t.app.inject({ url: `/api/geocode/reverse?lat=${lat}&lon=${lon}` })

beforeAll(async () => {
  t = await createTestApp()
  db = openDatabase(t.dbFile)
  mumbai = readOsmPbf(`${DATA}/india-mumbai-south.osm.pbf`)
})
afterAll(async () => {
  db.close()
  await t.close()
})

describe('with no region imported', () => {
  it('answers 503 to search and reverse', async () => {
    for (const res of [await search('haji'), await reverse('18.978', '72.81')]) {
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ success: false, message: 'No region imported yet', code: 'SERVICE_UNAVAILABLE' })
    }
  })
})

describe('the import step', () => {
  it('indexes monaco, then replaces it with Mumbai south', () => {
    importPlaces([readOsmPbf(`${DATA}/monaco.osm.pbf`)])
    const count = (sql: string) => db.prepare(sql).pluck().get() as number
    expect(count("SELECT count(*) FROM places WHERE display_name LIKE '%Monaco%'")).toBeGreaterThan(100)
    importPlaces([mumbai])
    expect(count("SELECT count(*) FROM places WHERE display_name LIKE '%Monaco%'")).toBe(0)
    const kinds = db.prepare('SELECT kind, count(*) AS n FROM places GROUP BY kind').all() as {
      kind: string
      n: number
    }[]
    const n = Object.fromEntries(kinds.map((k) => [k.kind, k.n]))
    expect(n.place).toBeGreaterThan(40)
    expect(n.poi).toBeGreaterThan(500)
    // 898 named road ways merge into far fewer streets (one per name and locality).
    expect(n.street).toBeGreaterThan(200)
    expect(n.street).toBeLessThan(mumbai.places.filter((p) => p.kind === 'street').length * 0.7)
    expect(count('SELECT count(*) FROM places_fts WHERE places_fts MATCH \'"haji ali"\'')).toBeGreaterThan(0)
    expect(count('SELECT count(*) FROM place_boxes')).toBeGreaterThan(3000)
  })

  it('merges two overlapping extracts without duplicates', () => {
    importPlaces([mumbai, mumbai])
    const dupes = db.prepare('SELECT count(*) FROM (SELECT id FROM places GROUP BY id HAVING count(*) > 1)').pluck()
    expect(dupes.get()).toBe(0)
  })

  it('rolls back with the import when a later step fails', () => {
    const before = db.prepare('SELECT count(*) FROM places').pluck().get()
    expect(() =>
      db
        .transaction(() => {
          geocodeImportStep({ extracts: [], graph: null, dir: '', db } as unknown as RegionImport)
          throw new Error('tiles failed')
        })
        .immediate(),
    ).toThrow('tiles failed')
    expect(db.prepare('SELECT count(*) FROM places').pluck().get()).toBe(before)
  })
})

describe('GET /api/geocode/search on Mumbai south', () => {
  beforeAll(() => importPlaces([mumbai]))

  it('finds a real name from a prefix', async () => {
    const res = await search('haji al')
    expect(res.statusCode).toBe(200)
    expect(names(res)[0]).toBe('Haji Ali, Mumbai')
    const first = (res.json() as GeocodeResult[])[0]
    expect(first).toEqual({
      place_id: 'n1640611527',
      display_name: 'Haji Ali, Mumbai',
      lat: expect.closeTo(18.97764, 4),
      lon: expect.closeTo(72.80904, 4),
      type: 'neighbourhood',
      kind: 'place',
    })
  })

  it('tolerates typos', async () => {
    expect(names(await search('hajii ali'))[0]).toBe('Haji Ali, Mumbai')
    expect(names(await search('nagpda'))[0]).toBe('Nagpada, Mumbai')
    expect(names(await search('bycula'))).toEqual(expect.arrayContaining(['Byculla East, Mumbai']))
    expect(names(await search('marne drive'))[0]).toMatch(/^Marine Drive, /)
    // One letter off in the word being typed.
    expect(names(await search('marine drve'))[0]).toMatch(/^Marine Drive, /)
    expect(names(await search('tardoe'))[0]).toBe('Tardeo, Mumbai')
  })

  it('reads abbreviations both ways', async () => {
    const res = names(await search('grant rd'))
    expect(res[0]).toMatch(/^Grant Road, /)
    expect(names(await search('grant road'))[0]).toBe(res[0])
  })

  it('ranks places and POIs before streets, and streets before addresses', async () => {
    const all = (await search('haji', 20)).json() as GeocodeResult[]
    // Matches needing a typo correction come after every exact match, whatever their kind.
    const corrected = all.findIndex((r) => !/\bhaji/i.test(r.display_name))
    const exact = corrected < 0 ? all.length : corrected
    expect(all.slice(exact).every((r) => !/\bhaji/i.test(r.display_name))).toBe(true)
    const res = all.slice(0, exact)
    const tiers = res.map((r) => (r.kind === 'street' ? 1 : r.kind === 'address' ? 2 : 0))
    expect(tiers).toEqual([...tiers].sort())
    const place = res.findIndex((r) => r.display_name === 'Haji Ali, Mumbai')
    const street = res.findIndex((r) => r.display_name.startsWith('Haji Ali Causeway'))
    expect(place).toBe(0)
    expect(street).toBeGreaterThan(place)
    // An exact match that needed no correction comes before a corrected one.
    const tardeo = names(await search('tardeo', 20))
    expect(tardeo[0]).toBe('Tardeo, Mumbai')
    expect(tardeo.slice(0, 5).every((n) => /tardeo/i.test(n))).toBe(true)
  })

  it('searches local-script names and shows the English name', async () => {
    const marathi = (await search('मुंबई सेंट्रल')).json() as GeocodeResult[]
    expect(marathi[0]).toMatchObject({ display_name: expect.stringMatching(/^Mumbai Central, /), type: 'station' })
    expect(names(await search('ग्रँट'))[0]).toMatch(/^Grant Road, /)
    expect(names(await search('गामदेवी'))[0]).toBe('Gamdevi, Mumbai')
  })

  it('finds addresses as housenumber and street', async () => {
    expect(names(await search('8 carmichael'))[0]).toMatch(/^8 Carmichael Rd, /)
  })

  it('answers one- and two-letter queries by prefix', async () => {
    const res = (await search('g')).json() as GeocodeResult[]
    expect(res.length).toBe(5)
    expect(res.every((r) => /^g/i.test(r.display_name))).toBe(true)
  })

  it('shows one result per display name', async () => {
    const res = names(await search('mumbai central', 20))
    expect(new Set(res).size).toBe(res.length)
  })

  it('answers [] when nothing matches', async () => {
    const res = await search('zzqxv')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('honours limit: default 5, 1 to 20', async () => {
    expect((await search('road')).json()).toHaveLength(5)
    expect((await search('road', 1)).json()).toHaveLength(1)
    expect((await search('road', 20)).json()).toHaveLength(20)
  })

  it('refuses bad input with 400', async () => {
    const cases: [string, string][] = [
      ['q=', 'q is required'],
      ['q=%20%20', 'q is required'],
      ['', 'q is required'],
      [`q=${'a'.repeat(500)}`, 'q must be at most 200 characters'],
      ['q=haji&limit=0', 'limit must be a whole number from 1 to 20'],
      ['q=haji&limit=21', 'limit must be a whole number from 1 to 20'],
      ['q=haji&limit=abc', 'limit must be a whole number from 1 to 20'],
      ['q=haji&limit=1.5', 'limit must be a whole number from 1 to 20'],
      ['q=haji&page=2', 'Unknown field: page'],
    ]
    for (const [query, message] of cases) {
      expectInvalid(await t.app.inject({ url: `/api/geocode/search?${query}` }), message, query)
    }
  })
})

describe('GET /api/geocode/reverse on Mumbai south', () => {
  beforeAll(() => importPlaces([mumbai]))

  it('names the nearest street or POI near Haji Ali with its locality', async () => {
    const res = await reverse('18.9783', '72.8108')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.display_name).toMatch(/^Haji Ali .*, Haji Ali, Mumbai$/)
    expect(body.distance).toBeLessThanOrEqual(150)
  })

  it('finds a street between its nodes (segment distance, not node distance)', async () => {
    const res = await reverse('18.9656', '72.8131')
    expect(res.statusCode).toBe(200)
    expect(res.json().display_name).toMatch(/, Mumbai$/)
  })

  it('answers 404 in the sea far from any place', async () => {
    const res = await reverse('18.96', '72.79')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, message: 'No place found near this point', code: 'NOT_FOUND' })
  })

  it('refuses bad coordinates with 400', async () => {
    const cases: [string, string][] = [
      ['lat=95&lon=72.8', 'lat must be a number from -90 to 90'],
      ['lat=18.9&lon=NaN', 'lon must be a number from -180 to 180'],
      ['lat=18.9&lon=181', 'lon must be a number from -180 to 180'],
      ['lat=&lon=72.8', 'lat must be a number from -90 to 90'],
      ['lat=1e1&lon=72.8', 'lat must be a number from -90 to 90'],
      ['lon=72.8', 'lat is required'],
    ]
    for (const [query, message] of cases) {
      expectInvalid(await t.app.inject({ url: `/api/geocode/reverse?${query}` }), message, query)
    }
  })
})

describe('text rules', () => {
  it('normalizes case, accents, punctuation and abbreviations, keeping other scripts whole', () => {
    expect(normalize("St. Xavier's  Rd")).toBe('street xaviers road')
    expect(normalize('Café de Paris')).toBe('cafe de paris')
    expect(normalize('भायखळा पश्चिम')).toBe('भायखळा पश्चिम')
  })

  it('counts transpositions as one edit and stops above the budget', () => {
    expect(editDistance('tardoe', 'tardeo', 1)).toBe(1)
    expect(editDistance('hajii', 'haji', 1)).toBe(1)
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3)
  })
})
