import { renderHook, waitFor } from '@testing-library/react'
import { ROUTE_DETAIL } from '@wings/contract/testing'
import { createElement, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { storeServerUser } from '../../db/user.ts'
import { SyncEngine } from '../../sync/engine.ts'
import { NotSignedInError, OpPayloadError } from '../../sync/outbox.ts'
import { testUser } from '../../test/fixtures.ts'
import { clearDb, syncServer } from '../../test/sync.ts'
import { AuthProvider } from '../auth/index.ts'
import { deleteRoute, type RouteSaveInput, saveRoute, useSavedRoutes } from './ops.ts'

const asha = testUser()
const meera = testUser({ _id: 'b'.repeat(24), firstName: 'Meera', email: 'meera@example.in' })
const detail = ROUTE_DETAIL
const input = (over: Partial<RouteSaveInput> = {}): RouteSaveInput => ({
  currentLocation: [12.9352, 77.6245],
  destinationLocation: [12.9756, 77.6069],
  currentLocationName: 'Koramangala',
  destinationLocationName: 'MG Road',
  ...over,
})
const ops = async () => (await db.outbox.orderBy('seq').toArray()).map((o) => ({ type: o.type, payload: o.payload }))

describe('saved route writes through the outbox', () => {
  beforeEach(async () => {
    await clearDb()
    await storeServerUser(asha)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('saves the row and queues route.save with a 24-hex id and her userId, in one transaction', async () => {
    const transaction = vi.spyOn(db, 'transaction')
    expect(await saveRoute(input({ currentLocationName: ' Koramangala ', route: detail }))).toBe('saved')
    expect(transaction).toHaveBeenCalledTimes(1)
    const rows = await db.savedRoutes.toArray()
    expect(rows).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        userId: asha._id,
        // The name trimmed: the input's own.
        ...input({ route: detail }),
        createdAt: expect.any(String),
      },
    ])
    const id = rows[0]?._id
    expect(await ops()).toEqual([
      {
        type: 'route.save',
        payload: { ...input({ route: detail }), _id: id, userId: asha._id },
      },
    ])
    expect(await db.outbox.toCollection().first()).toMatchObject({ userId: asha._id, entity: `route:${id}` })
  })

  it("answers 'duplicate' for the same places (to 4 decimals) and mode, queueing nothing", async () => {
    await saveRoute(input({ route: detail }))
    await saveRoute(input())
    expect(
      await saveRoute(input({ currentLocation: [12.93521, 77.62449], currentLocationName: 'Home', route: detail })),
    ).toBe('duplicate')
    expect(await saveRoute(input())).toBe('duplicate')
    expect(await db.savedRoutes.count()).toBe(2)
    expect(await db.outbox.count()).toBe(2)
    // Another mode, other places, or another account on this phone: not a duplicate.
    expect(await saveRoute(input({ route: { ...detail, mode: 'car' } }))).toBe('saved')
    expect(await saveRoute(input({ destinationLocation: [12.9758, 77.6069] }))).toBe('saved')
    await storeServerUser(meera)
    expect(await saveRoute(input())).toBe('saved')
    expect((await db.savedRoutes.where('userId').equals(meera._id).toArray()).length).toBe(1)
  })

  it('needs a signed-in user, refuses a bad input, and stores nothing then', async () => {
    await db.user.delete('me')
    await expect(saveRoute(input())).rejects.toBeInstanceOf(NotSignedInError)
    await storeServerUser(asha)
    await expect(saveRoute(input({ currentLocationName: '  ' }))).rejects.toBeInstanceOf(OpPayloadError)
    await expect(saveRoute(input({ currentLocation: [95, 77] }))).rejects.toThrow(
      'currentLocation latitude must be a number from -90 to 90',
    )
    expect(await db.savedRoutes.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('deletes the row and queues route.delete behind the save of the same route', async () => {
    await saveRoute(input())
    const id = (await db.savedRoutes.toCollection().first())?._id ?? ''
    await deleteRoute(id)
    expect(await db.savedRoutes.count()).toBe(0)
    expect(await ops()).toEqual([
      expect.objectContaining({ type: 'route.save' }),
      { type: 'route.delete', payload: { _id: id } },
    ])
    const entities = (await db.outbox.toArray()).map((o) => o.entity)
    expect(entities).toEqual([`route:${id}`, `route:${id}`])
    // Saving the same route again after deleting it is allowed.
    expect(await saveRoute(input())).toBe('saved')
  })

  it('forgets a route the server rejected, keeping the rejection as a conflict', async () => {
    await saveRoute(input())
    const id = (await db.savedRoutes.toCollection().first())?._id ?? ''
    syncServer({ push: () => ({ status: 'rejected', code: 'CONFLICT', message: 'Route already saved!' }) })
    const engine = new SyncEngine({ useLocks: false, isOnline: () => true })
    expect(await engine.sync()).toMatchObject({ rejected: 1 })
    expect(await db.savedRoutes.get(id)).toBeUndefined()
    expect(await db.conflicts.toArray()).toEqual([
      expect.objectContaining({ type: 'route.save', code: 'CONFLICT', message: 'Route already saved!' }),
    ])
  })

  it('useSavedRoutes gives the signed-in user’s routes newest first, live', async () => {
    await db.savedRoutes.bulkPut([
      { ...input(), _id: '1'.repeat(24), userId: asha._id, createdAt: '2025-03-01T10:00:00.000Z' },
      { ...input(), _id: '2'.repeat(24), userId: asha._id, createdAt: '2025-03-03T10:00:00.000Z' },
      { ...input(), _id: '3'.repeat(24), userId: meera._id, createdAt: '2025-03-04T10:00:00.000Z' },
      { ...input(), _id: '4'.repeat(24), userId: asha._id },
    ])
    const wrapper = ({ children }: { children: ReactNode }) => createElement(AuthProvider, null, children)
    const { result } = renderHook(() => useSavedRoutes(), { wrapper })
    await waitFor(() => expect(result.current?.map((r) => r._id[0])).toEqual(['2', '1', '4']))
    await saveRoute(input({ currentLocation: [13, 77] }))
    await waitFor(() => expect(result.current).toHaveLength(4))
    expect(result.current?.[0]?.currentLocation).toEqual([13, 77])
  })
})
