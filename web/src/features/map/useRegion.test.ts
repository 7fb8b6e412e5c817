import { act, renderHook, waitFor } from '@testing-library/react'
import { DEFAULT_TILE_URL, OSM_ATTRIBUTION, type RegionInfo } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { clearDb, json } from '../../test/sync.ts'
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

const REGION: RegionInfo = {
  name: 'Mumbai',
  bbox: [72.77, 18.89, 72.99, 19.28],
  attribution: OSM_ATTRIBUTION,
  dataDate: '2025-03-01T00:00:00Z',
  importedAt: '2025-03-02T10:00:00.000Z',
  tileUrl: '/api/tiles/{z}/{x}/{y}.png',
}
const STORED: RegionInfo = { ...REGION, importedAt: '2025-01-01T00:00:00.000Z' }

describe('useRegion', () => {
  beforeEach(async () => {
    await clearDb()
    resetRegionSession()
  })
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('fetches the region once per session and remembers it for offline use', async () => {
    const fetchMock = vi.fn(async () => json(200, REGION))
    vi.stubGlobal('fetch', fetchMock)
    expect(await refreshRegion()).toEqual(REGION)
    expect(await refreshRegion()).toEqual(REGION)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]).toEqual(['/api/region', expect.anything()])
    expect((await db.meta.get(REGION_META_KEY))?.value).toEqual(REGION)
    expect(await readStoredRegion()).toEqual(REGION)
    expect(await currentRegion()).toEqual(REGION)
  })

  it('shows the stored region at once, then the server answer; the version is importedAt', async () => {
    await db.meta.put({ key: REGION_META_KEY, value: STORED })
    let answer: (r: Response) => void = () => undefined
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    )
    const { result } = renderHook(() => useRegion())
    expect(result.current.ready).toBe(false)
    await waitFor(() => expect(result.current).toMatchObject({ ready: true, known: true, version: STORED.importedAt }))
    act(() => answer(json(200, REGION)))
    await waitFor(() => expect(result.current.version).toBe(REGION.importedAt))
    expect(result.current.region).toEqual(REGION)
  })

  it('never fetched and offline: the contract defaults', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const { result } = renderHook(() => useRegion())
    await waitFor(() => expect(result.current.ready).toBe(true))
    expect(result.current).toMatchObject({ known: false, version: '' })
    expect(result.current.region.tileUrl).toBe(DEFAULT_TILE_URL)
    expect(result.current.region.attribution).toBe('© OpenStreetMap contributors')
    expect(await currentRegion()).toEqual(FALLBACK_REGION)
    // A later map tries again.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, REGION)),
    )
    expect(await refreshRegion()).toEqual(REGION)
  })

  it('a server that does not answer does not hold the map back for long', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    )
    const { result } = renderHook(() => useRegion())
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REGION_WAIT_MS + 10)
    })
    expect(result.current).toMatchObject({ ready: true, known: false })
  })

  it('ignores a stored value that is not a region', async () => {
    await db.meta.put({ key: REGION_META_KEY, value: { name: 'x' } })
    expect(await readStoredRegion()).toBeNull()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { nonsense: true })),
    )
    expect(await refreshRegion()).toBeNull()
  })
})
