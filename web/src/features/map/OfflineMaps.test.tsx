import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { OSM_ATTRIBUTION, type RegionInfo } from '@wings/contract'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { clearDb, json } from '../../test/sync.ts'
import type { Bbox } from './geo.ts'
import type { MapViewProps } from './MapView.tsx'
import OfflineMaps from './OfflineMaps.tsx'
import { countTiles } from './offlineAreas.ts'
import { hangUntilAborted, pngResponse } from './testing.ts'
import { setTileCacheCap, tileCacheSettled } from './tileCache.ts'
import { resetRegionSession } from './useRegion.ts'

/** What the stand-in map reports as its view. */
const shown: { bbox: Bbox; zoom: number } = { bbox: [72.82, 19.04, 72.86, 19.07], zoom: 16 }

vi.mock('./MapView.tsx', () => ({
  default: function FakeMap({ label, onViewChange }: MapViewProps) {
    useEffect(() => {
      onViewChange?.({ bbox: shown.bbox, zoom: shown.zoom })
    }, [onViewChange])
    return <section aria-label={label} />
  },
}))

const REGION: RegionInfo = {
  name: 'Mumbai',
  bbox: [72.77, 18.89, 72.99, 19.28],
  attribution: OSM_ATTRIBUTION,
  dataDate: '2025-03-01T00:00:00Z',
  importedAt: '2025-03-02T10:00:00.000Z',
  tileUrl: '/api/tiles/{z}/{x}/{y}.png',
}

function server(tile: (url: string, init?: RequestInit) => Response | Promise<Response> = () => pngResponse(1000)) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/api/region' ? json(200, REGION) : tile(url, init),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('OfflineMaps', () => {
  beforeEach(async () => {
    await clearDb()
    setTileCacheCap()
    resetRegionSession()
    shown.bbox = [72.82, 19.04, 72.86, 19.07]
    shown.zoom = 16
  })
  afterEach(async () => {
    await tileCacheSettled()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('saves the area on the map with progress, then lists it with its size and a Delete button', async () => {
    server()
    const user = userEvent.setup()
    render(<OfflineMaps />)
    expect(screen.getByRole('heading', { name: 'Offline maps' })).toBeTruthy()
    expect(await screen.findByRole('region', { name: 'Map of the area to save for offline use' })).toBeTruthy()
    expect(await screen.findByText('No saved areas yet.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Save this area for offline use' }))
    const total = countTiles(shown.bbox, 15, 17)
    // Every tile goes through IndexedDB: give it time when the suite shares 2 cores.
    expect(
      await screen.findByText(
        /Saved for offline use: Area saved .* \(\d+ tiles, \d+\.\d MB\)\./,
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy()
    const list = screen.getByRole('list', { name: 'Saved areas' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(1)
    const [area] = await db.offlineAreas.toArray()
    expect(area).toMatchObject({ minZoom: 15, maxZoom: 17, tileCount: total, bytes: total * 1000 })
    expect(items[0]?.textContent).toContain(area?.name)
    expect(items[0]?.textContent).toContain(`${total} tiles, ${((total * 1000) / 1048576).toFixed(1)} MB`)
    expect(within(list).getByRole('button', { name: `Delete ${area?.name}` })).toBeTruthy()
  })

  it('says how large the area is before she saves it: the server vector tiles exactly, a basemap by its tiles', async () => {
    const vector = { ...REGION, tileUrl: '/api/tiles/{z}/{x}/{y}.mvt' }
    const asked: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/region') return json(200, vector)
        asked.push(url)
        return url.startsWith('/api/tiles/size?') ? json(200, { tiles: 14, bytes: 650_000 }) : pngResponse(10)
      }),
    )
    const { unmount } = render(<OfflineMaps />)
    expect(
      await screen.findByText('Saving this area takes about 0.6 MB (14 tiles).', {}, { timeout: 3000 }),
    ).toBeTruthy()
    const save = screen.getByRole('button', { name: 'Save this area for offline use' })
    expect(save.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toContain('0.6 MB')
    // Nothing was downloaded to say it.
    expect(asked.every((url) => url.startsWith('/api/tiles/size?'))).toBe(true)
    unmount()

    resetRegionSession()
    server()
    render(<OfflineMaps />)
    const tiles = countTiles(shown.bbox, 15, 17)
    expect(await screen.findByText(`Saving this area takes ${tiles} tiles.`, {}, { timeout: 3000 })).toBeTruthy()
  })

  it('shows "Saving map: N of M tiles" with a labelled progress bar, and Cancel stops it and saves nothing', async () => {
    let answered = 0
    server((_url, init) => {
      if (answered >= 2) return hangUntilAborted(init?.signal)
      answered += 1
      return pngResponse(500)
    })
    const user = userEvent.setup()
    render(<OfflineMaps />)
    const total = countTiles(shown.bbox, 15, 17)
    // This region's basemap, not the server's own vector tiles the app assumes until /api/region has answered.
    await screen.findByText(`Saving this area takes ${total} tiles.`, {}, { timeout: 3000 })
    await user.click(screen.getByRole('button', { name: 'Save this area for offline use' }))
    // Generous waits: the whole suite shares 2 cores.
    expect(await screen.findByText(`Saving map: 2 of ${total} tiles`, {}, { timeout: 5000 })).toBeTruthy()
    const progress = screen.getByRole('progressbar', { name: 'Saving map' }) as HTMLProgressElement
    expect(progress.value).toBe(2)
    expect(progress.max).toBe(total)
    expect((screen.getByRole('button', { name: 'Save this area for offline use' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByText('Saving cancelled. Nothing was saved.', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(await db.offlineAreas.count()).toBe(0)
    expect((await db.tiles.toArray()).every((t) => t.areas.length === 0)).toBe(true)
    await waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save this area for offline use' })),
      { timeout: 5000 },
    )
    // Its waits above add up to more than the default 5 s a test may take.
  }, 20_000)

  it('an area too large to save says so', async () => {
    shown.bbox = [60, 5, 90, 35]
    shown.zoom = 5
    // The region does not limit the box here: pretend it is the world.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ...REGION, bbox: [-180, -85, 180, 85] })),
    )
    const user = userEvent.setup()
    render(<OfflineMaps />)
    await screen.findByText('No saved areas yet.')
    await waitFor(async () => expect(await db.meta.get('region')).toBeTruthy())
    await user.click(screen.getByRole('button', { name: 'Save this area for offline use' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This area is too large to save. Zoom in and try again.',
    )
    expect(await db.offlineAreas.count()).toBe(0)
  })

  it('an area outside the mapped region says so', async () => {
    server()
    shown.bbox = [10, 10, 10.1, 10.1]
    const user = userEvent.setup()
    render(<OfflineMaps />)
    await waitFor(async () => expect(await db.meta.get('region')).toBeTruthy())
    await user.click(screen.getByRole('button', { name: 'Save this area for offline use' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/outside the mapped region/)
  })

  it('a full disk says "Not enough space on this device to save the area."', async () => {
    server()
    vi.spyOn(db.tiles, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const user = userEvent.setup()
    render(<OfflineMaps />)
    await user.click(await screen.findByRole('button', { name: 'Save this area for offline use' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Not enough space on this device to save the area.')
  })

  it('Delete removes the area from the list and says so', async () => {
    server()
    await db.offlineAreas.bulkPut([
      {
        id: 'a1',
        name: 'Area saved 22 Nov, 14:05',
        bbox: [72.82, 19.04, 72.86, 19.07],
        minZoom: 14,
        maxZoom: 17,
        tileCount: 120,
        bytes: 3_456_789,
        createdAt: 2,
      },
      {
        id: 'a2',
        name: 'Area saved 20 Nov, 09:00',
        bbox: [72.82, 19.04, 72.86, 19.07],
        minZoom: 14,
        maxZoom: 17,
        tileCount: 1,
        bytes: 20_000,
        createdAt: 1,
      },
    ])
    const user = userEvent.setup()
    render(<OfflineMaps />)
    const list = await screen.findByRole('list', { name: 'Saved areas' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Area saved 22 Nov, 14:05120 tiles, 3.3 MB'),
      expect.stringContaining('Area saved 20 Nov, 09:001 tile, 0.0 MB'),
    ])
    await user.click(within(list).getByRole('button', { name: 'Delete Area saved 22 Nov, 14:05' }))
    expect(await screen.findByText('Deleted Area saved 22 Nov, 14:05.')).toBeTruthy()
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(await db.offlineAreas.get('a1')).toBeUndefined()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved areas' }))
  })
})
