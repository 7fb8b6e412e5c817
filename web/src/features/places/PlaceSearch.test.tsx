import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render as renderAlone, screen } from '@testing-library/react'
import type { GeocodeResult } from '@wings/contract'
import { type ReactNode, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { i18n } from '../../i18n/catalog.tsx'
import { answer, type Handler, refuse, requests, server, unreachable } from '../../test/api.ts'
import { keepPlaces, keptPlace, replaceWorker } from '../offline-planner/testing.ts'
import { PlaceSearch } from './PlaceSearch.tsx'
import type { Place } from './search.ts'

const place = (i: number): GeocodeResult => ({
  place_id: `n${i}`,
  display_name: `Place ${i}, Bandra, Mumbai`,
  lat: 19 + i / 100,
  lon: 72.8 + i / 100,
  type: 'suburb',
  kind: 'place',
})

function Harness({ onChoose, delayMs }: { onChoose: (p: Place) => void; delayMs?: number }) {
  const [text, setText] = useState('')
  return (
    <PlaceSearch
      label="Destination"
      delayMs={delayMs}
      value={text}
      onTextChange={setText}
      onChoose={(p) => {
        setText(p.display_name)
        onChoose(p)
      }}
    />
  )
}

const flush = async () => {
  // The fetch promise, a failed call's message (api/errorText.ts, imported on the first failure) and React's update.
  await act(async () => {
    for (let i = 0; i < 5; i++) {
      await vi.dynamicImportSettled()
      await Promise.resolve()
    }
  })
}

/** The component speaks her language: it renders inside the app's I18nProvider. */
const render = (ui: ReactNode) => renderAlone(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

describe('PlaceSearch', () => {
  let search: Handler<'geocodeSearch'>
  beforeEach(() => {
    vi.useFakeTimers()
    search = answer('geocodeSearch', () => Array.from({ length: 8 }, (_, i) => place(i + 1)))
    server.use(search)
  })

  const type = (text: string) =>
    fireEvent.change(screen.getByRole('combobox', { name: 'Destination' }), { target: { value: text } })

  it('does not search for fewer than 3 characters', async () => {
    render(<Harness onChoose={() => undefined} />)
    type('Ba')
    await act(async () => {
      vi.advanceTimersByTime(2000)
    })
    expect(requests()).toEqual([])
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('searches once, 400 ms after the last keystroke, and shows at most 5 suggestions', async () => {
    render(<Harness onChoose={() => undefined} />)
    type('Ban')
    await act(async () => {
      vi.advanceTimersByTime(300)
    })
    type('Band')
    await act(async () => {
      vi.advanceTimersByTime(399)
    })
    expect(requests()).toEqual([])
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    expect(requests()).toEqual(['GET /api/geocode/search?q=Band&limit=5'])
    await flush()
    const listbox = screen.getByRole('listbox', { name: 'Destination suggestions' })
    expect(listbox.hidden).toBe(false)
    expect(screen.getAllByRole('option')).toHaveLength(5)
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true')
  })

  it('is keyboard navigable: arrows move, Enter chooses, Escape closes', async () => {
    const onChoose = vi.fn()
    render(<Harness onChoose={onChoose} />)
    const box = screen.getByRole('combobox', { name: 'Destination' })
    type('Bandra')
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    await flush()
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    fireEvent.keyDown(box, { key: 'ArrowDown' })
    const second = screen.getAllByRole('option')[1]
    expect(second?.getAttribute('aria-selected')).toBe('true')
    expect(box.getAttribute('aria-activedescendant')).toBe(second?.id)
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    fireEvent.keyDown(box, { key: 'ArrowUp' })
    // Wraps round to the last.
    expect(screen.getAllByRole('option')[4]?.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(box, { key: 'Enter' })
    expect(onChoose).toHaveBeenCalledWith(place(5))
    expect((box as HTMLInputElement).value).toBe('Place 5, Bandra, Mumbai')
    expect(box.getAttribute('aria-expanded')).toBe('false')
    // Choosing does not start another search.
    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
    expect(search.calls).toHaveLength(1)

    type('Colaba')
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    await flush()
    expect(box.getAttribute('aria-expanded')).toBe('true')
    const notPrevented = fireEvent.keyDown(box, { key: 'Escape' })
    expect(notPrevented).toBe(false) // default prevented: Quick exit does not take it
    expect(box.getAttribute('aria-expanded')).toBe('false')
  })

  it('choosing with the pointer works', async () => {
    const onChoose = vi.fn()
    render(<Harness onChoose={onChoose} />)
    type('Bandra')
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    await flush()
    fireEvent.click(screen.getAllByRole('option')[0] as HTMLElement)
    expect(onChoose).toHaveBeenCalledWith(place(1))
  })

  async function searchFor(text: string) {
    render(<Harness onChoose={() => undefined} />)
    type(text)
    await act(async () => {
      vi.advanceTimersByTime(400)
    })
    await flush()
    return screen.getByRole('combobox', { name: 'Destination' })
  }
  const status = (box: HTMLElement) =>
    document.getElementById(String(box.getAttribute('aria-describedby')).split(' ')[1] as string)?.textContent

  it('a place the server says is outside the region: "Wings has no map data for this area yet", no suggestion', async () => {
    server.use(refuse('geocodeSearch', 422, 'Wings has no map data for this area yet'))
    const box = await searchFor('Churchgate')
    expect(status(box)).toBe(
      'Wings has no map data for this area yet. Its map covers only the area inside the line on the map.',
    )
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    expect(box.getAttribute('aria-expanded')).toBe('false')
  })

  it('nothing found: the coverage message too (Andheri), not a bare "not found"', async () => {
    server.use(answer('geocodeSearch', []))
    const box = await searchFor('Andheri')
    expect(status(box)).toBe(
      'Wings has no map data for this area yet, or no place of this name: its map covers only the area inside the line on the map.',
    )
  })

  it('another refusal is not called a coverage problem', async () => {
    server.use(refuse('geocodeSearch', 400, 'x'))
    const box = await searchFor('Churchgate')
    expect(status(box)).toBe('Place search is not available right now. Please try again.')
  })
})

describe('PlaceSearch with no connection', () => {
  // The first search loads the kept search's module: slow on a busy machine.
  const SLOW = { timeout: 5000 }
  const BYCULLA = keptPlace('n1', 'Byculla', { importance: 80 })
  const STATION = keptPlace('n2', 'Byculla Station', { kind: 'poi', category: 'station', osmKey: 'railway' })
  const NOTE = '2 suggestions from the map data kept on this phone.'
  let offline: ReturnType<typeof vi.spyOn> | null = null
  beforeEach(async () => {
    await Promise.all([db.areaBundles.clear(), db.areaBundleData.clear(), db.meta.clear(), db.recentPlaces.clear()])
  })
  afterEach(() => {
    offline?.mockRestore()
    offline = null
    replaceWorker(null)
  })
  const goOffline = () => {
    offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    server.use(unreachable('geocodeSearch'))
  }

  async function typeIn(text: string, onChoose: (p: Place) => void = () => undefined) {
    render(<Harness onChoose={onChoose} delayMs={0} />)
    const box = screen.getByRole('combobox', { name: 'Destination' })
    fireEvent.change(box, { target: { value: text } })
    return box
  }

  it('offline, searches the places kept on the phone and says they come from there; choosing one fills the box', async () => {
    goOffline()
    await keepPlaces([[BYCULLA], [STATION, BYCULLA]])
    const onChoose = vi.fn()
    const box = await typeIn('Bycul', onChoose)
    expect(await screen.findByText(NOTE, {}, SLOW)).toBeTruthy()
    expect((await screen.findAllByRole('option', {}, SLOW)).map((o) => o.textContent)).toEqual([
      'Byculla, Mumbai',
      'Byculla Station, Mumbai',
    ])
    expect(box.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(screen.getAllByRole('option')[1] as HTMLElement)
    expect(onChoose).toHaveBeenCalledWith({
      place_id: 'n2',
      display_name: 'Byculla Station, Mumbai',
      lat: 18.97,
      lon: 72.83,
      type: 'station',
      kind: 'poi',
    })
    expect((box as HTMLInputElement).value).toBe('Byculla Station, Mumbai')
  })

  it('offline, a name the kept data does not have is said so', async () => {
    goOffline()
    await keepPlaces([[BYCULLA]])
    await typeIn('Andheri')
    expect(
      await screen.findByText(
        'No place of this name in the map data kept on this phone. Searching the whole map needs a connection.',
        {},
        SLOW,
      ),
    ).toBeTruthy()
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('with nothing kept (or only data of an older import): place search needs a connection', async () => {
    const NEEDS = 'Place search needs a connection. Try again when you are online.'
    server.use(unreachable('geocodeSearch'))
    await typeIn('Bandra')
    expect(await screen.findByText(NEEDS, {}, SLOW)).toBeTruthy()
    cleanup()
    goOffline()
    await typeIn('Byculla')
    expect(await screen.findByText(NEEDS, {}, SLOW)).toBeTruthy()
    cleanup()
    await keepPlaces([[BYCULLA]], { stale: true })
    await typeIn('Byculla')
    expect(await screen.findByText(NEEDS, {}, SLOW)).toBeTruthy()
    expect(screen.queryAllByRole('option')).toHaveLength(0)
  })

  it('online but the server cannot be reached: the kept places', async () => {
    server.use(unreachable('geocodeSearch'))
    await keepPlaces([[BYCULLA, STATION]])
    await typeIn('Byculla')
    expect(await screen.findByText(NOTE, {}, SLOW)).toBeTruthy()
    expect(requests()).toEqual(['GET /api/geocode/search?q=Byculla&limit=5'])
  })

  it('online, the server answers as before, even with places kept', async () => {
    server.use(answer('geocodeSearch', [place(1)]))
    const seen = await keepPlaces([[BYCULLA]])
    await typeIn('Byculla')
    expect(await screen.findByText('1 suggestion', {}, SLOW)).toBeTruthy()
    expect((await screen.findAllByRole('option', {}, SLOW)).map((o) => o.textContent)).toEqual([
      'Place 1, Bandra, Mumbai',
    ])
    expect(seen).toEqual([])
  })
})
