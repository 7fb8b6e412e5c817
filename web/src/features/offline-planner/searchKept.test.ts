import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { testUser } from '../../test/fixtures.ts'
import { rememberPosition } from '../sos/index.ts'
import { replaceWorker } from './client.ts'
import { NEAR_MAX_AGE_MS, searchKept } from './searchKept.ts'
import { keepPlaces, keptPlace } from './testing.ts'

const BYCULLA = keptPlace('n1', 'Byculla', { importance: 80 })
const BYCULLA_STATION = keptPlace('n2', 'Byculla Station', { kind: 'poi', category: 'station', osmKey: 'railway' })
const GRANT_ROAD = keptPlace('n4', 'Grant Road')

const route = (_id: string, userId: string, from: string, to: string) => ({
  _id,
  userId,
  currentLocationName: from,
  currentLocation: [18.96, 72.81] as [number, number],
  destinationLocationName: to,
  destinationLocation: [18.97, 72.83] as [number, number],
})

const ids = (places: { place_id: string }[] | null) => places?.map((p) => p.place_id) ?? null

describe('searching the places kept on the phone', () => {
  beforeEach(async () => {
    await Promise.all(
      [db.areaBundles, db.areaBundleData, db.meta, db.recentPlaces, db.savedRoutes, db.user].map((t) => t.clear()),
    )
  })
  afterEach(() => replaceWorker(null))

  it('finds nothing to search when no bundle is kept', async () => {
    const seen = await keepPlaces([])
    expect(await searchKept('byculla', { limit: 5 })).toBeNull()
    expect(seen).toEqual([])
  })

  it('ignores bundles of an older import of the region', async () => {
    const seen = await keepPlaces([[BYCULLA]], { stale: true })
    expect(await searchKept('byculla', { limit: 5 })).toBeNull()
    expect(seen).toEqual([])
  })

  it('searches every kept bundle of the import, sending their bytes only when the worker asks', async () => {
    const seen = await keepPlaces([
      [BYCULLA, GRANT_ROAD],
      [BYCULLA_STATION, BYCULLA],
    ])
    expect(ids(await searchKept('byculla', { limit: 5 }))).toEqual(['n1', 'n2'])
    expect(ids(await searchKept('grant', { limit: 5, near: [18.96, 72.81] }))).toEqual(['n4'])
    expect(
      seen.map((r) => r.type === 'search' && [r.q, [...r.versions].sort(), Object.keys(r.bytes ?? {}).sort(), r.near]),
    ).toEqual([
      ['byculla', ['v0', 'v1'], [], undefined],
      ['byculla', ['v0', 'v1'], ['v0', 'v1'], undefined],
      ['grant', ['v0', 'v1'], [], [18.96, 72.81]],
    ])
  })

  it('breaks ties by her last known position when the field gives none, if it is under a day old', async () => {
    const seen = await keepPlaces([[BYCULLA, GRANT_ROAD]])
    const now = Date.UTC(2026, 10, 25, 12)
    await rememberPosition({ lat: 18.97, lon: 72.83, accuracy: 20, at: now - 60_000 })
    await searchKept('byculla', { limit: 5, now })
    await searchKept('byculla', { limit: 5, now: now + NEAR_MAX_AGE_MS })
    await searchKept('byculla', { limit: 5, near: [18.96, 72.81], now })
    // The first search is sent twice: the worker asks for the bundle's bytes.
    expect(seen.map((r) => r.type === 'search' && r.near)).toEqual([
      [18.97, 72.83],
      [18.97, 72.83],
      undefined,
      [18.96, 72.81],
    ])
  })

  it('puts the places she chose before first, then the ends of her saved routes (not another account’s)', async () => {
    const seen = await keepPlaces([[BYCULLA, BYCULLA_STATION]])
    await db.user.put({ key: 'me', user: testUser({ _id: 'a'.repeat(24) }), savedAt: 1 })
    await db.recentPlaces.bulkPut([
      { placeId: 'n7', displayName: 'Older, Mumbai', lat: 1, lon: 2, usedAt: 1 },
      { placeId: 'n2', displayName: 'Byculla Station, Mumbai', lat: 1, lon: 2, usedAt: 2 },
    ])
    await db.savedRoutes.bulkPut([
      route('r1', 'a'.repeat(24), 'Home', 'Work'),
      route('r2', 'b'.repeat(24), 'Hers', 'Not'),
    ])
    expect(ids(await searchKept('byculla', { limit: 5 }))).toEqual(['n2', 'n1'])
    const request = seen[0]
    expect(request?.type === 'search' && request.recent).toEqual([
      'n2',
      'Byculla Station, Mumbai',
      'n7',
      'Older, Mumbai',
      'Home',
      'Work',
    ])
  })

  it('a bundle gone from the phone meanwhile fails the search, never answering half', async () => {
    await keepPlaces([[BYCULLA]])
    await db.areaBundleData.clear()
    await expect(searchKept('byculla', { limit: 5 })).rejects.toMatchObject({ problem: { code: 'none' } })
  })
})
