import { GEOCODE_LIMIT_DEFAULT, GEOCODE_QUERY_MAX } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import type { AreaPlace } from './format.ts'
import { createPlaceIndex, normalize, searchPlaces } from './index.ts'
import { SEARCH_LIMIT_DEFAULT, SEARCH_QUERY_MAX } from './search-places.ts'

/** A geocoding row as the server's import writes it: its names normalized, the shown one first. */
function place(id: string, name: string, rest: Partial<AreaPlace> & { names?: string[] } = {}): AreaPlace {
  const { names = [], ...fields } = rest
  return {
    id,
    kind: 'poi',
    category: 'station',
    osmKey: 'railway',
    name,
    nameEn: null,
    otherNames: {},
    lat: 18.96,
    lon: 72.81,
    locality: null,
    city: 'Mumbai',
    displayName: `${name}, Mumbai`,
    houseNumber: null,
    importance: 50,
    searchNames: [...new Set([name, ...names].map((n) => normalize(n)))],
    ...fields,
  }
}

const PLACES: AreaPlace[] = [
  place('n1', 'Grant Road', { names: ['ग्रँट रोड', 'ग्रांट रोड'], importance: 84 }),
  place('w1', 'Grant Road', { kind: 'street', category: 'secondary', osmKey: 'highway', importance: 40 }),
  place('w2', 'Maulana Shaukat Ali Road', {
    kind: 'street',
    category: 'secondary',
    osmKey: 'highway',
    names: ['Grant Road'],
    displayName: 'Maulana Shaukat Ali Road, Nagpada, Mumbai',
    importance: 30,
  }),
  place('r3', 'Grant Road East', { kind: 'place', category: 'suburb', importance: 85 }),
  place('r4', 'Grantham Colony', { kind: 'place', category: 'neighbourhood', importance: 85 }),
  place('n2', 'Byculla', { names: ['भायखला'], importance: 82 }),
  place('r1', 'Byculla East', { kind: 'place', category: 'suburb', importance: 85 }),
  place('n3', 'Crawford Market', { category: 'marketplace', osmKey: 'amenity', importance: 60 }),
  place('n4', 'Mahalaxmi', { importance: 80 }),
  place('n5', 'Mahalaxmi Mandir', { category: 'place_of_worship', osmKey: 'amenity' }),
  place('n6', 'Charni Road', { importance: 80 }),
  place('n7', 'Kennedy Bridge', { kind: 'street', category: 'primary', osmKey: 'highway' }),
  place('n8', 'Ring World', { category: 'clothes', osmKey: 'shop' }),
  place('r2', 'Worli', { kind: 'place', category: 'suburb', importance: 85 }),
  place('h1', 'Saifee Hospital', { category: 'hospital', osmKey: 'amenity', lat: 18.955, importance: 70 }),
  place('h2', 'Sion Hospital', { category: 'hospital', osmKey: 'amenity', lat: 18.99, importance: 70 }),
  place('h3', 'Nair Hospital', { category: 'hospital', osmKey: 'amenity', lat: 18.97, importance: 70 }),
]

const ids = (query: string, options?: Parameters<typeof searchPlaces>[2], places = PLACES) =>
  searchPlaces(places, query, options).map((p) => p.id)

describe('searchPlaces', () => {
  it('finds whole names however they are written, the abbreviation expanded', () => {
    for (const q of ['Grant Road', 'grant rd', 'GRANT  ROAD', 'grant-road']) expect(ids(q)[0], q).toBe('n1')
    expect(ids('crawford mkt')).toEqual(['n3'])
  })

  it('ranks the exact name first, then other names as typed, then typo corrections', () => {
    // Exact names (the station, then the street, then a street once called so), then names with more words, even of
    // a place.
    expect(ids('grant road', { limit: 10 })).toEqual(['n1', 'w1', 'w2', 'r3'])
    // Then places before streets, whole words before the start of one.
    expect(ids('grant', { limit: 10 })).toEqual(['r3', 'n1', 'r4', 'w1', 'w2'])
    expect(ids('byculla')).toEqual(['n2', 'r1'])
    expect(ids('mahalaxmi')).toEqual(['n4', 'n5'])
  })

  it('takes the last word as the start of a word', () => {
    expect(ids('mahala')).toEqual(['n4', 'n5'])
    expect(ids('grant r')[0]).toBe('n1')
    expect(ids('b')).toEqual(['n2', 'r1', 'n7'])
    expect(ids('charn')).toEqual(['n6'])
  })

  it('forgives one typo in a word of 4 to 7 letters, two from 8 letters, none in shorter words', () => {
    expect(ids('grnt road')[0]).toBe('n1') // deletion
    expect(ids('bycula')).toEqual(['n2', 'r1']) // deletion
    expect(ids('byculla east')[0]).toBe('r1')
    expect(ids('bycullla')[0]).toBe('n2') // insertion
    expect(ids('bycalla')[0]).toBe('n2') // substitution
    expect(ids('bcyulla')[0]).toBe('n2') // transposition
    expect(ids('mahalxmai')[0]).toBe('n4') // two edits in 9 letters
    expect(ids('mxhxlxxmi')).toEqual([]) // three edits
    expect(ids('bycla')).toEqual([]) // two edits in 5 letters
    expect(ids('saifee hsopital')).toEqual(['h1'])
    expect(ids('sin')).toEqual([]) // three letters: no typo
  })

  it('corrects only words the places do not have, and a typo alone must start the name', () => {
    expect(ids('worli')).toEqual(['r2'])
    expect(ids('world')).toEqual(['n8'])
    expect(ids('kenedy')).toEqual(['n7'])
    // A typo alone, not starting the name.
    expect(ids('bridje')).toEqual([])
    expect(ids('hsopital')).toEqual([])
  })

  it('matches Devanagari names with a Devanagari query, Latin names with a Latin one', () => {
    expect(ids('ग्रँट रोड')).toEqual(['n1'])
    expect(ids('ग्रांट')).toEqual(['n1'])
    expect(ids('भायखला')).toEqual(['n2'])
    expect(ids('भाय')).toEqual(['n2'])
    expect(ids('bhaykhala')).toEqual([])
  })

  it('puts the places she chose before first, most recent first, by id or by name', () => {
    expect(ids('hospital')).toEqual(['h3', 'h1', 'h2'])
    expect(ids('hospital', { recent: ['h2'] })).toEqual(['h2', 'h3', 'h1'])
    expect(ids('hospital', { recent: ['Nair Hospital, Mumbai', 'h2'] })).toEqual(['h3', 'h2', 'h1'])
    expect(ids('hospital', { recent: ['Sion Hospital'] })[0]).toBe('h2')
    // A recent place that does not match is not shown.
    expect(ids('hospital', { recent: ['n1'] })).toEqual(['h3', 'h1', 'h2'])
    expect(ids('grant', { recent: ['w2'] })[0]).toBe('w2')
  })

  it('breaks the last ties by distance to her position', () => {
    expect(ids('hospital', { near: [18.99, 72.81] })).toEqual(['h2', 'h3', 'h1'])
    expect(ids('hospital', { near: [18.956, 72.81] })).toEqual(['h1', 'h3', 'h2'])
  })

  it('searches several bundles at once, a place in two of them shown once', () => {
    const other = [place('n2', 'Byculla'), place('n9', 'Byculla Bridge', { kind: 'street', category: 'primary' })]
    const index = createPlaceIndex(PLACES, other)
    expect(index.places).toHaveLength(PLACES.length + 1)
    expect(searchPlaces(index, 'byculla', { limit: 10 }).map((p) => p.id)).toEqual(['n2', 'r1', 'n9'])
  })

  it('shows one of each display name per kind and keeps to the limit', () => {
    const twice = [...PLACES, place('n1b', 'Grant Road', { importance: 10 })]
    expect(ids('grant road', {}, twice)).toEqual(['n1', 'w1', 'w2', 'r3'])
    // The better of the two found last.
    expect(ids('grant road', {}, twice.toReversed())).toEqual(['n1', 'w1', 'w2', 'r3'])
    expect(ids('hospital', { limit: 2 })).toHaveLength(2)
    expect(ids('hospital', { limit: 0 })).toHaveLength(3)
    expect(ids('hospital', { limit: Number.NaN })).toHaveLength(3)
  })

  it("keeps to the server's limits", () => {
    expect([SEARCH_LIMIT_DEFAULT, SEARCH_QUERY_MAX]).toEqual([GEOCODE_LIMIT_DEFAULT, GEOCODE_QUERY_MAX])
    const many = Array.from({ length: 30 }, (_, i) => place(`m${i}`, `Market ${i}`))
    expect(searchPlaces(many, 'market')).toHaveLength(GEOCODE_LIMIT_DEFAULT)
    // Only the first 200 characters are read.
    expect(searchPlaces(many, `${' '.repeat(194)}market`)).toHaveLength(GEOCODE_LIMIT_DEFAULT)
    expect(searchPlaces(many, `${' '.repeat(200)}market`)).toEqual([])
  })

  it('finds nothing for a blank, unmatched, overlong or unreadable query, and never throws', () => {
    for (const q of ['', '   ', '!!!', 'zzzqx', 'grant zzzqx', 'a'.repeat(10_000), 'grant road '.repeat(500)])
      expect(ids(q), q.slice(0, 20)).toEqual([])
    expect(searchPlaces(PLACES, undefined as unknown as string)).toEqual([])
    expect(searchPlaces([], 'grant')).toEqual([])
  })
})
