import { act, renderHook, waitFor } from '@testing-library/react'
import { DEFAULT_TILE_URL, type RegionInfo } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, hang, offContract, requests, server, unreachable } from '../../test/api.ts'
import { clearDb } from '../../test/sync.ts'
import { MUMBAI } from './testing.ts'
import {
  currentRegion,
  FALLBACK_REGION,
  REGION_META_KEY,
  REGION_WAIT_MS,
  readStoredRegion,
  refreshRegion,
  resetRegionSession,
  useRegion,
} from './useRegion.ts'

const REGION = MUMBAI
const STORED: RegionInfo = { ...REGION, importedAt: '2025-01-01T00:00:00.000Z' }

describe('useRegion', () => {
  beforeEach(async () => {
    await clearDb()
    resetRegionSession()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('fetches the region once per session and remembers it for offline use', async () => {
    server.use(answer('region', REGION))
    expect(await refreshRegion()).toEqual(REGION)
    expect(await refreshRegion()).toEqual(REGION)
    expect(requests()).toEqual(['GET /api/region'])
    expect((await db.meta.get(REGION_META_KEY))?.value).toEqual(REGION)
    expect(await readStoredRegion()).toEqual(REGION)
    expect(await currentRegion()).toEqual(REGION)
  })

  it('shows the stored region at once, then the server answer; the version is importedAt', async () => {
    await db.meta.put({ key: REGION_META_KEY, value: STORED })
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    server.use(answer('region', () => released.then(() => REGION)))
    const { result } = renderHook(() => useRegion())
    expect(result.current.ready).toBe(false)
    await waitFor(() => expect(result.current).toMatchObject({ ready: true, known: true, version: STORED.importedAt }))
    act(() => release())
    await waitFor(() => expect(result.current.version).toBe(REGION.importedAt))
    expect(result.current.region).toEqual(REGION)
  })

  it('never fetched and offline: the contract defaults', async () => {
    server.use(unreachable('region', { once: true }), answer('region', REGION))
    const { result } = renderHook(() => useRegion())
    await waitFor(() => expect(result.current.ready).toBe(true))
    expect(result.current).toMatchObject({ known: false, version: '' })
    expect(result.current.region.tileUrl).toBe(DEFAULT_TILE_URL)
    expect(result.current.region.attribution).toBe('© OpenStreetMap contributors')
    expect(await currentRegion()).toEqual(FALLBACK_REGION)
    // A later map tries again.
    expect(await refreshRegion()).toEqual(REGION)
  })

  it('a server that does not answer does not hold the map back for long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    server.use(hang('region'))
    const { result } = renderHook(() => useRegion())
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REGION_WAIT_MS + 10)
    })
    expect(result.current).toMatchObject({ ready: true, known: false })
  })

  it('ignores a stored value that is not a region', async () => {
    await db.meta.put({ key: REGION_META_KEY, value: { name: 'x' } })
    expect(await readStoredRegion()).toBeNull()
    server.use(answer('region', offContract({ nonsense: true })))
    expect(await refreshRegion()).toBeNull()
  })
})
