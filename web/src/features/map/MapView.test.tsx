import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Coords } from 'leaflet'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { answer, server } from '../../test/api.ts'
import { fakeIntersectionObserver } from '../../test/intersection.ts'
import { renderInApp } from '../../test/render.tsx'
import { CachedTileLayer } from './CachedTileLayer.ts'
import { LazyMapView } from './LazyMapView.tsx'
import MapView, { HEATMAP_OFFLINE, type MapLine } from './MapView.tsx'
import { freshMapEachTest, mapServer, prepareLeaflet } from './testing.ts'

/** A line from the start to the end the tests draw. */
const ROUTE_1: Omit<MapLine, 'color'> = {
  name: 'Route 1',
  positions: [
    [19.05, 72.83],
    [19.1, 72.9],
  ],
}

describe('MapView (jsdom)', () => {
  freshMapEachTest()
  beforeEach(prepareLeaflet)

  it('is a named region with labelled, focusable start and end markers, lines and the OSM credit', async () => {
    mapServer()
    const onViewChange = vi.fn()
    renderInApp(
      <MapView
        label="Map of route 1"
        start={[19.05, 72.83]}
        end={[19.1, 72.9]}
        lines={[{ ...ROUTE_1, color: '#1565c0' }]}
        center={[19.05, 72.83]}
        zoom={11}
        onViewChange={onViewChange}
      />,
      '/routeplanner',
    )
    const map = await screen.findByRole('region', { name: 'Map of route 1' })
    expect(map.getAttribute('tabindex')).toBe('0')
    expect(map.getAttribute('aria-describedby')).toBeTruthy()
    const start = await screen.findByRole('button', { name: 'Start Point' })
    expect(start.getAttribute('title')).toBe('Start Point')
    expect(start.getAttribute('tabindex')).toBe('0')
    expect(screen.getByRole('button', { name: 'End Point' })).toBeTruthy()
    expect(screen.getAllByText('Start Point').length).toBeGreaterThan(0)
    // Named from the moment Leaflet adds it, before React fills it in (axe: aria-tooltip-name).
    expect(map.querySelector('[role="tooltip"]')?.getAttribute('aria-label')).toBe('Start Point')
    expect(map.querySelector('.leaflet-control-attribution')?.textContent).toBe('© OpenStreetMap contributors')
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeTruthy()
    await waitFor(() => expect(map.querySelector('path.map-line')?.getAttribute('stroke')).toBe('#1565c0'))
    expect(onViewChange).toHaveBeenCalledWith({ bbox: expect.any(Array), zoom: 11 })
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')).toBeTruthy())
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('alt')).toBe('')
  })

  it('fits the view to its points before the tiles load, so it asks only for the tiles of the fitted view', async () => {
    mapServer()
    const createTile = vi.spyOn(
      CachedTileLayer.prototype as unknown as { createTile: (c: Coords) => HTMLElement },
      'createTile',
    )
    renderInApp(
      <MapView
        label="Map of route 1"
        center={[19.05, 72.83]}
        zoom={11}
        fit={[
          [19.05, 72.83],
          [19.052, 72.834],
        ]}
      />,
      '/routeplanner',
    )
    const map = await screen.findByRole('region', { name: 'Map of route 1' })
    await waitFor(() => expect(map.querySelector('img.leaflet-tile')).toBeTruthy())
    // Zoom 11 was only the starting view: no tile of it was made, let alone fetched.
    expect(new Set(createTile.mock.calls.map(([coords]) => coords.z))).toEqual(new Set([16]))
  })

  it('as LazyMapView, is a keyboard stop before it is drawn, and hands the focus to the map once drawn', async () => {
    mapServer()
    const observers = fakeIntersectionObserver()
    renderInApp(<LazyMapView label="Map of route 1" center={[19.05, 72.83]} zoom={13} />, '/routeplanner')
    const placeholder = await screen.findByRole('region', { name: 'Map of route 1' })
    expect(placeholder.getAttribute('tabindex')).toBe('0')
    expect(placeholder.getAttribute('aria-busy')).toBe('true')
    expect(document.querySelector('.leaflet-container')).toBeNull()
    // Tabbing to it scrolls it onto the screen (both observers: near, then on screen).
    placeholder.focus()
    act(() => {
      for (const observer of observers) observer.callback([{ isIntersecting: true }])
    })
    await waitFor(() => expect(document.activeElement?.classList.contains('leaflet-container')).toBe(true))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Map of route 1')
  })

  it('as LazyMapView, leaves the focus where she moved it before the map was drawn', async () => {
    mapServer()
    const observers = fakeIntersectionObserver()
    renderInApp(
      <>
        <LazyMapView label="Map of route 1" center={[19.05, 72.83]} zoom={13} />
        <button type="button">Next</button>
      </>,
      '/routeplanner',
    )
    const placeholder = await screen.findByRole('region', { name: 'Map of route 1' })
    placeholder.focus()
    const next = screen.getByRole('button', { name: 'Next' })
    fireEvent.blur(document.activeElement as Element, { relatedTarget: next })
    next.focus()
    act(() => {
      for (const observer of observers) observer.callback([{ isIntersecting: true }])
    })
    await waitFor(() => expect(document.querySelector('.leaflet-container')).toBeTruthy())
    await waitFor(() => expect(document.querySelector('.map-tiles')).toBeTruthy())
    expect(document.activeElement).toBe(next)
  })

  it('the heatmap checkbox draws the reported incidents, and says when it needs a connection', async () => {
    mapServer()
    const heatmap = answer('heatmap', { cells: [{ lat: 19.05, lon: 72.83, weight: 2 }], cellMeters: 50 })
    server.use(heatmap)
    const user = userEvent.setup()
    renderInApp(<MapView label="Map" center={[19.05, 72.83]} zoom={13} heatmapToggle />, '/routeplanner')
    const box = await screen.findByRole('checkbox', { name: 'Show reported incidents' })
    expect(document.querySelector('.incident-heatmap')).toBeNull()
    await user.click(box)
    await waitFor(() => expect(document.querySelector('.incident-heatmap path.incident-heatmap__cell')).toBeTruthy())
    expect(heatmap.calls[0]?.query).toEqual({ bbox: expect.stringMatching(/^72\.\d+,19\.\d+,72\.\d+,19\.\d+$/) })
    await user.click(box)
    expect(document.querySelector('.incident-heatmap')).toBeNull()

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await user.click(box)
    expect(await screen.findByText(HEATMAP_OFFLINE)).toBeTruthy()
    expect(HEATMAP_OFFLINE).toBe('Reported incidents need a connection.')
  })

  it('a failed heatmap request says it needs a connection', async () => {
    mapServer()
    server.use(answer('heatmap', new Response('', { status: 500 })))
    const user = userEvent.setup()
    renderInApp(<MapView label="Map" center={[19.05, 72.83]} zoom={13} heatmapToggle />, '/routeplanner')
    await user.click(await screen.findByRole('checkbox', { name: 'Show reported incidents' }))
    expect(await screen.findByText('Reported incidents need a connection.')).toBeTruthy()
  })

  it('Enter on the map opens "Report an incident here" for the centre, with the place in the link', async () => {
    mapServer()
    renderInApp(<MapView label="Map" center={[19.054412, 72.833123]} zoom={13} reportHere />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map' })
    map.focus()
    fireEvent.keyDown(map, { key: 'Enter' })
    const link = await screen.findByRole('link', { name: 'Report an incident here' })
    expect(link.getAttribute('href')).toBe('/report?lat=19.0544&lon=72.8331')
    await waitFor(() => expect(document.activeElement).toBe(link))
  })

  it('a click, or a touch held for 500 ms, opens "Report an incident here" at that place', async () => {
    mapServer()
    renderInApp(<MapView label="Map" center={[19.05, 72.83]} zoom={13} reportHere />, '/routeplanner')
    const map = await screen.findByRole('region', { name: 'Map' })
    fireEvent.click(map, { clientX: 180, clientY: 130 })
    const link = await screen.findByRole('link', { name: 'Report an incident here' })
    expect(link.getAttribute('href')).toMatch(/^\/report\?lat=19\.\d{1,4}&lon=72\.\d{1,4}$/)
    expect(document.activeElement).not.toBe(link)

    // Escape in the popup closes it (and is taken, so it is not also the app's Quick exit); the map gets the focus.
    link.focus()
    expect(fireEvent.keyDown(link, { key: 'Escape' })).toBe(false)
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Report an incident here' })).toBeNull())
    expect(document.activeElement).toBe(map)
    // With no popup open, Escape is left to Quick exit.
    expect(fireEvent.keyDown(map, { key: 'Escape' })).toBe(true)

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.touchStart(map, { touches: [{ clientX: 50, clientY: 50 }] })
    vi.advanceTimersByTime(300)
    fireEvent.touchEnd(map, { touches: [] })
    vi.advanceTimersByTime(500)
    expect(screen.queryByRole('link', { name: 'Report an incident here' })).toBeNull()
    fireEvent.touchStart(map, { touches: [{ clientX: 50, clientY: 50 }] })
    await act(async () => {
      vi.advanceTimersByTime(500)
    })
    vi.useRealTimers()
    expect(await screen.findByRole('link', { name: 'Report an incident here' })).toBeTruthy()
  })

  it('community tips near the lines show as markers with the tip in a popup', async () => {
    mapServer()
    const tips = answer('tips', {
      tips: [{ lat: 19.07, lon: 72.86, text: 'Well lit after 9 pm', rating: 4, createdAt: '2025-03-01T20:00:00Z' }],
    })
    server.use(tips)
    const user = userEvent.setup()
    renderInApp(
      <MapView label="Map" lines={[{ ...ROUTE_1, color: 'blue' }]} center={[19.05, 72.83]} zoom={13} tips />,
      '/routeplanner',
    )
    const tip = await screen.findByRole('button', { name: 'Community tip, rated 4 of 5' })
    expect(tips.calls.map((c) => c.query.bbox)).toContain('72.828,19.048,72.902,19.102')
    await user.click(tip)
    expect(await screen.findByText('Well lit after 9 pm')).toBeTruthy()
  })

  it('in Hindi: the zoom buttons, markers, keyboard help, heatmap toggle and "Report an incident here"', async () => {
    await setLanguage('hi')
    mapServer()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const user = userEvent.setup()
    renderInApp(
      <MapView
        label="नक्शा"
        start={[19.05, 72.83]}
        end={[19.1, 72.9]}
        center={[19.05, 72.83]}
        zoom={13}
        heatmapToggle
        reportHere
      />,
      '/routeplanner',
    )
    const map = await screen.findByRole('region', { name: 'नक्शा' })
    // Leaflet's zoom control is ours, with its buttons named in her language (not Leaflet's English).
    expect(screen.getByRole('button', { name: 'ज़ूम इन करें' }).getAttribute('title')).toBe('ज़ूम इन करें')
    expect(screen.getByRole('button', { name: 'ज़ूम आउट करें' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull()
    expect(map.querySelectorAll('.leaflet-control-zoom')).toHaveLength(1)
    const start = await screen.findByRole('button', { name: 'शुरुआत' })
    expect(start.getAttribute('title')).toBe('शुरुआत')
    expect(screen.getByRole('button', { name: 'मंज़िल' })).toBeTruthy()
    expect(document.getElementById(map.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'नक्शा खिसकाने के लिए ऐरो कीज़ और ज़ूम करने के लिए प्लस और माइनस कीज़ दबाएँ। ' +
        'नक्शे के बीच वाली जगह पर घटना की रिपोर्ट करने के लिए Enter दबाएँ।',
    )
    await user.click(screen.getByRole('checkbox', { name: 'रिपोर्ट हुई घटनाएँ दिखाएँ' }))
    expect(await screen.findByText('रिपोर्ट हुई घटनाएँ देखने के लिए इंटरनेट चाहिए।')).toBeTruthy()
    map.focus()
    fireEvent.keyDown(map, { key: 'Enter' })
    const link = await screen.findByRole('link', { name: 'यहाँ घटना की रिपोर्ट करें' })
    expect(link.getAttribute('href')).toBe('/report?lat=19.05&lon=72.83')
    expect(map.querySelector('.leaflet-popup-close-button')?.getAttribute('aria-label')).toBe('बंद करें')
  })

  it('switching to Marathi renames the zoom buttons and markers on the map already drawn', async () => {
    mapServer()
    renderInApp(<MapView label="Map" start={[19.05, 72.83]} center={[19.05, 72.83]} zoom={13} />, '/routeplanner')
    await screen.findByRole('button', { name: 'Start Point' })
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeTruthy()
    await act(() => setLanguage('mr'))
    expect(await screen.findByRole('button', { name: 'झूम इन करा' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'सुरुवात' }).getAttribute('title')).toBe('सुरुवात')
    expect(screen.getAllByText('सुरुवात').length).toBeGreaterThan(0)
    await waitFor(() => expect(document.querySelector('[role="tooltip"]')?.getAttribute('aria-label')).toBe('सुरुवात'))
  })

  it('in Hindi: a community tip is named and rated in Hindi, with its date by Intl', async () => {
    await setLanguage('hi')
    mapServer()
    server.use(
      answer('tips', {
        tips: [{ lat: 19.07, lon: 72.86, text: 'Well lit after 9 pm', rating: 4, createdAt: '2025-03-01T12:00:00Z' }],
      }),
    )
    const user = userEvent.setup()
    renderInApp(
      <MapView label="Map" lines={[{ ...ROUTE_1, color: 'blue' }]} center={[19.05, 72.83]} zoom={13} tips />,
      '/routeplanner',
    )
    await user.click(await screen.findByRole('button', { name: 'लोगों की सलाह, 5 में से 4 रेटिंग' }))
    expect(await screen.findByText('5 में से 4 रेटिंग · 1 मार्च 2025')).toBeTruthy()
  })
})
