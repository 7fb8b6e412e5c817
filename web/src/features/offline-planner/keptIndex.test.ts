import type { AreaPlace } from '@wings/area-bundle'
import { beforeEach, describe, expect, it } from 'vitest'
import { forgetIndex, type PlacesOf, searchAnswer } from './keptIndex.ts'
import type { WorkerRequest } from './protocol.ts'
import { keptPlace } from './testing.ts'
import { answer, forgetDecoded } from './work.ts'

const BYCULLA = keptPlace('n1', 'Byculla', { importance: 80 })
const BYCULLA_STATION = keptPlace('n2', 'Byculla Station', { kind: 'poi', category: 'station', osmKey: 'railway' })
const BYCULLA_ROAD = keptPlace('w3', 'Byculla Road', { kind: 'street', category: 'secondary', osmKey: 'highway' })
const GRANT_ROAD = keptPlace('n4', 'Grant Road', { lat: 18.963, lon: 72.815 })

type Search = Extract<WorkerRequest, { type: 'search' }>
const search = (over: Partial<Search> = {}): Search => ({
  id: 1,
  type: 'search',
  versions: ['a', 'b'],
  q: 'byculla',
  recent: [],
  limit: 5,
  ...over,
})

describe('place search in the worker', () => {
  let asked: string[]
  let bundles: Record<string, AreaPlace[]>
  const placesOf: PlacesOf = (version) => {
    asked.push(version)
    return bundles[version]
  }
  beforeEach(() => {
    forgetIndex()
    asked = []
    // Two overlapping bundles: Byculla is in both.
    bundles = { a: [BYCULLA, GRANT_ROAD, BYCULLA_ROAD], b: [BYCULLA_STATION, { ...BYCULLA, displayName: 'copy' }] }
  })

  it('answers GET /api/geocode/search fields, one copy of a place kept in two bundles', () => {
    const found = searchAnswer(search(), placesOf)
    expect(found).toEqual({
      id: 1,
      ok: true,
      places: [
        { place_id: 'n1', display_name: 'Byculla, Mumbai', lat: 18.97, lon: 72.83, type: 'suburb', kind: 'place' },
        {
          place_id: 'n2',
          display_name: 'Byculla Station, Mumbai',
          lat: 18.97,
          lon: 72.83,
          type: 'station',
          kind: 'poi',
        },
        {
          place_id: 'w3',
          display_name: 'Byculla Road, Mumbai',
          lat: 18.97,
          lon: 72.83,
          type: 'secondary',
          kind: 'street',
        },
      ],
    })
  })

  it('puts the places she chose before first, by id or by name, most recent first', () => {
    const ids = (recent: string[]) => {
      const found = searchAnswer(search({ recent }), placesOf)
      return 'places' in found ? found.places.map((p) => p.place_id) : found
    }
    expect(ids(['w3'])).toEqual(['w3', 'n1', 'n2'])
    expect(ids(['Byculla Station, Mumbai', 'w3'])).toEqual(['n2', 'w3', 'n1'])
    expect(ids(['n9', 'Grant Road, Mumbai'])).toEqual(['n1', 'n2', 'w3'])
  })

  it('builds one index per set of bundles, whatever their order, and a new one when the set changes', () => {
    searchAnswer(search({ versions: ['b', 'a'] }), placesOf)
    searchAnswer(search({ versions: ['a', 'b', 'a'], q: 'grant' }), placesOf)
    expect(asked).toEqual(['a', 'b'])
    const grant = searchAnswer(search({ versions: ['a'], q: 'grant rd' }), placesOf)
    expect(asked).toEqual(['a', 'b', 'a'])
    expect('places' in grant && grant.places.map((p) => p.place_id)).toEqual(['n4'])
  })

  it('asks for the bytes of the bundles it does not hold, and only those', () => {
    bundles = { a: [BYCULLA] }
    expect(searchAnswer(search({ versions: ['a', 'b', 'c'] }), placesOf)).toEqual({
      id: 1,
      ok: false,
      missing: true,
      versions: ['b', 'c'],
    })
  })

  it('keeps to the limit, and reads a bad limit, position or recent list safely', () => {
    const count = (over: Partial<Search>) => {
      const found = searchAnswer(search(over), placesOf)
      return 'places' in found ? found.places.length : -1
    }
    expect(count({ limit: 1 })).toBe(1)
    expect(count({ limit: 0 })).toBe(1)
    expect(count({ limit: Number.NaN })).toBe(1)
    expect(count({ limit: 500 })).toBe(3)
    expect(count({ near: [Number.NaN, 72.8], recent: [7 as unknown as string] })).toBe(3)
    expect(count({ q: '   ' })).toBe(0)
    expect(count({ q: 'andheri' })).toBe(0)
  })
})

describe("the worker's 'search' answer", () => {
  beforeEach(forgetDecoded)

  it('asks for the bytes of a bundle it does not hold decoded', () => {
    expect(answer(search({ versions: ['v1'] }))).toEqual({ id: 1, ok: false, missing: true, versions: ['v1'] })
  })

  it('leaves a damaged bundle out of the search, never failing on it', () => {
    const bytes = new TextEncoder().encode('WNGAREA1 but cut short').buffer
    expect(answer(search({ versions: ['v1'], bytes: { v1: bytes } }))).toEqual({ id: 1, ok: true, places: [] })
  })
})
