import { I18nProvider } from '@lingui/react'
import { act, render as renderAlone, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, useEffect } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { setLanguage } from '../../i18n/language.ts'
import { answer, requests, server } from '../../test/api.ts'
import { noAreaBundles } from '../offline-planner/testing.ts'
import type { Bbox } from './geo.ts'
import type { MapViewProps } from './MapView.tsx'
import OfflineMaps from './OfflineMaps.tsx'
import { countTiles } from './offlineAreas.ts'
import { freshMapEachTest, hangUntilAborted, MUMBAI, mapServer, pngResponse } from './testing.ts'
import { resetRegionSession } from './useRegion.ts'

// Each saved area keeps its road data too (offline-planner/keep.test.ts tests it): none here.
beforeEach(() => {
  server.use(noAreaBundles())
})

/** The screen speaks her language: it renders inside the app's I18nProvider. */
const render = (ui: ReactNode) => renderAlone(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

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

/** Mumbai and its tiles on the fake server, PNGs of 1000 bytes unless `tile` says otherwise. */
const serveMumbai = (tile?: Parameters<typeof mapServer>[1]) => mapServer(MUMBAI, tile, 1000)

describe('OfflineMaps', () => {
  freshMapEachTest()
  beforeEach(() => {
    shown.bbox = [72.82, 19.04, 72.86, 19.07]
    shown.zoom = 16
    // Nearest help's places, kept with each saved area (offlineAreas.test.ts tests them).
    server.use(answer('nearbyArea', { v: 1, timeZone: 'Asia/Kolkata', dataDate: '', bbox: shown.bbox, rows: [] }))
  })

  it('saves the area on the map with progress, then lists it with its size and a Delete button', async () => {
    serveMumbai()
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
    expect(await db.nearbyAreas.get(area?.id ?? '')).toBeTruthy()
    // Each of its tiles goes through the fake server and IndexedDB: more than the default 5 s on a busy machine.
  }, 20_000)

  it('says how large the area is before she saves it: the server vector tiles exactly, a basemap by its tiles', async () => {
    const vector = { ...MUMBAI, tileUrl: '/api/tiles/{z}/{x}/{y}.mvt' }
    const tiles = mapServer(vector)
    server.use(answer('tileAreaSize', { tiles: 14, bytes: 650_000 }))
    const { unmount } = render(<OfflineMaps />)
    expect(
      await screen.findByText('Saving this area takes about 0.6 MB (14 tiles).', {}, { timeout: 3000 }),
    ).toBeTruthy()
    const save = screen.getByRole('button', { name: 'Save this area for offline use' })
    expect(save.getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toContain('0.6 MB')
    // Nothing was downloaded to say it.
    expect(tiles).not.toHaveBeenCalled()
    expect(requests().every((r) => r === 'GET /api/region' || r.startsWith('GET /api/tiles/size?'))).toBe(true)
    unmount()

    resetRegionSession()
    serveMumbai()
    render(<OfflineMaps />)
    const count = countTiles(shown.bbox, 15, 17)
    expect(await screen.findByText(`Saving this area takes ${count} tiles.`, {}, { timeout: 3000 })).toBeTruthy()
  })

  it('shows "Saving map: N of M tiles" with a labelled progress bar, and Cancel stops it and saves nothing', async () => {
    let answered = 0
    serveMumbai((_url, init) => {
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
    mapServer({ ...MUMBAI, bbox: [-180, -85, 180, 85] })
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
    serveMumbai()
    shown.bbox = [10, 10, 10.1, 10.1]
    const user = userEvent.setup()
    render(<OfflineMaps />)
    await waitFor(async () => expect(await db.meta.get('region')).toBeTruthy())
    await user.click(screen.getByRole('button', { name: 'Save this area for offline use' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/outside the mapped region/)
  })

  it('a full disk says "Not enough space on this device to save the area."', async () => {
    serveMumbai()
    vi.spyOn(db.tiles, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const user = userEvent.setup()
    render(<OfflineMaps />)
    await user.click(await screen.findByRole('button', { name: 'Save this area for offline use' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not enough space on this device to save the area. Delete a saved area or free some space on the phone, then try again.',
    )
  })

  it('Delete removes the area from the list and says so', async () => {
    serveMumbai()
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

  it('in Hindi: the screen, the size before saving, the saved areas with their sizes, and Delete', async () => {
    await setLanguage('hi')
    serveMumbai()
    const area = { bbox: [72.82, 19.04, 72.86, 19.07] as Bbox, minZoom: 14, maxZoom: 17 }
    await db.offlineAreas.bulkPut([
      { ...area, id: 'a1', name: 'दादर', tileCount: 120, bytes: 3_456_789, createdAt: 2 },
      { ...area, id: 'a2', name: 'कोलाबा', tileCount: 1, bytes: 20_000, createdAt: 1 },
    ])
    const user = userEvent.setup()
    render(<OfflineMaps />)
    expect(screen.getByRole('heading', { name: 'ऑफ़लाइन नक्शे' })).toBeTruthy()
    expect(await screen.findByRole('region', { name: 'ऑफ़लाइन इस्तेमाल के लिए सेव करने वाले इलाके का नक्शा' })).toBeTruthy()
    const count = countTiles(shown.bbox, 15, 17)
    expect(
      await screen.findByText(`यह इलाका सेव करने के लिए ${count} टाइलें डाउनलोड होंगी।`, {}, { timeout: 3000 }),
    ).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'सेव किए इलाके' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('दादर120 टाइलें, 3.3 MB'), expect.stringContaining('कोलाबा1 टाइल, 0.0 MB')])
    await user.click(within(list).getByRole('button', { name: 'दादर डिलीट करें' }))
    expect(await screen.findByText('दादर डिलीट हो गया।')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'यह इलाका ऑफ़लाइन के लिए सेव करें' })).toBeTruthy()
  })

  it('in Hindi: saving names the area in Hindi and says so; a switch of language retells the size', async () => {
    serveMumbai()
    const user = userEvent.setup()
    render(<OfflineMaps />)
    const count = countTiles(shown.bbox, 15, 17)
    await screen.findByText(`Saving this area takes ${count} tiles.`, {}, { timeout: 3000 })
    await act(() => setLanguage('hi'))
    expect(await screen.findByText(`यह इलाका सेव करने के लिए ${count} टाइलें डाउनलोड होंगी।`)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'यह इलाका ऑफ़लाइन के लिए सेव करें' }))
    expect(
      await screen.findByText(
        /^ऑफ़लाइन के लिए सेव हो गया: \d+ .+, \d\d:\d\d को सेव किया इलाका \(\d+ टाइलें, \d+\.\d MB\)।$/,
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy()
    const [saved] = await db.offlineAreas.toArray()
    expect(saved?.name).toMatch(/ को सेव किया इलाका$/)
  }, 20_000)

  it('in Hindi: an area too large to save says so in Hindi', async () => {
    await setLanguage('hi')
    shown.bbox = [60, 5, 90, 35]
    shown.zoom = 5
    mapServer({ ...MUMBAI, bbox: [-180, -85, 180, 85] })
    const user = userEvent.setup()
    render(<OfflineMaps />)
    await screen.findByText('अभी कोई इलाका सेव नहीं है।')
    await waitFor(async () => expect(await db.meta.get('region')).toBeTruthy())
    await user.click(screen.getByRole('button', { name: 'यह इलाका ऑफ़लाइन के लिए सेव करें' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'यह इलाका सेव करने के लिए बहुत बड़ा है। ज़ूम इन करके फिर से कोशिश करें।',
    )
  })
})
