import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { NearbyArea, NearbyPlace, NearbyWeek } from '@wings/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, refuse, requests, server, unreachable } from '../../test/api.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { alertingScreenEachTest } from '../../test/hooks.ts'
import { renderInApp } from '../../test/render.tsx'
import { NearbyPage } from './NearbyPage.tsx'

const HER = { lat: 18.9601, lon: 72.8201 }
const STATION: NearbyPlace = {
  name: 'Station Road Police',
  kind: 'police',
  category: 'police',
  lat: 18.9602,
  lon: 72.8232,
  distanceMeters: 348,
  walkingSeconds: 278,
  phone: '+91 22 2307 1234',
}
const PUMP: NearbyPlace = {
  name: '',
  kind: 'open',
  category: 'fuel',
  lat: 18.9602,
  lon: 72.827,
  distanceMeters: 1262,
  walkingSeconds: 1010,
  openNow: true,
}
const CHOWKI: NearbyPlace = {
  ...STATION,
  name: 'Hill Road Chowki',
  lat: 18.9618,
  lon: 72.8201,
  distanceMeters: 1910,
  walkingSeconds: 1528,
}
// Wednesday 09:00-21:00 every day but Sunday.
const DAYTIME: NearbyWeek = [[], ...Array.from({ length: 6 }, (): [number, number][] => [[540, 1260]])]
const PACK: NearbyArea = {
  v: 1,
  timeZone: 'Asia/Kolkata',
  dataDate: '2026-11-01',
  bbox: [72.8, 18.94, 72.84, 18.98],
  rows: [
    ['police', 'police', 'Hill Road Chowki', 1896180, 7282010, '', []],
    ['police', 'police', 'Station Road Police', 1896020, 7282320, '+91 22 2307 1234', []],
    ['open', 'pharmacy', 'Day Pharmacy', 1896020, 7282100, '', DAYTIME],
  ],
}

const items = () => within(screen.getByRole('list')).getAllByRole('listitem')
const emergencyStillThere = () => {
  expect(screen.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
  expect(screen.getByRole('link', { name: 'All helplines' }).getAttribute('href')).toBe('/help')
}

describe('Nearest help', () => {
  alertingScreenEachTest()
  afterEach(removeGeolocation)

  it('online: lists the places in the server order (walking time) with distance, minutes, open now, Call and the way', async () => {
    mockGeolocation(HER)
    const nearby = answer('nearby', { places: [STATION, PUMP, CHOWKI] })
    const pack = answer('nearbyArea', PACK)
    const route = answer('routeFind', { routes: [] })
    server.use(nearby, pack, route)
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText('Station Road Police')
    expect(nearby.calls[0]?.query).toEqual({ lat: '18.960100', lon: '72.820100', limit: '5' })
    const [first, second, third] = items()
    expect(first?.textContent).toContain('Police station')
    expect(first?.textContent).toContain('350 m')
    expect(first?.textContent).toContain('5 min walk')
    const call = within(first as HTMLElement).getByRole('link', { name: 'Call +91 22 2307 1234' })
    expect(call.getAttribute('href')).toBe('tel:+912223071234')
    // An unnamed petrol pump is named by what it is; open now.
    expect(within(second as HTMLElement).getByRole('heading').textContent).toBe('Petrol pump')
    expect(second?.textContent).toContain('1.3 km')
    expect(second?.textContent).toContain('17 min walk')
    expect(second?.textContent).toContain('Open now')
    expect(within(second as HTMLElement).queryByRole('link')).toBeNull()
    expect(third?.textContent).toContain('Hill Road Chowki')
    expect(screen.queryByText(/about/)).toBeNull()
    emergencyStillThere()
    // The places around her are kept for offline, under 'here'.
    await waitFor(async () => expect((await db.nearbyAreas.get('here'))?.pack).toEqual(PACK))

    await userEvent.setup().click(within(first as HTMLElement).getByRole('button', { name: 'Show the way' }))
    expect(await screen.findByRole('heading', { name: 'The way to Station Road Police' })).toBe(document.activeElement)
    await waitFor(() => expect(route.calls).toHaveLength(1))
    expect(route.calls[0]?.body).toEqual({
      source: [HER.lat, HER.lon],
      destination: [STATION.lat, STATION.lon],
      mode: 'foot',
    })
    // No route found: the straight line, saying so.
    await screen.findByText(/could not find a walking route there/)
  })

  it('offline: answers from the places saved on the phone, roughly, saying so and from when', async () => {
    mockGeolocation(HER)
    await db.nearbyAreas.put({ id: 'area-1', savedAt: Date.parse('2026-11-20T08:35:00Z'), pack: PACK })
    server.use(unreachable('nearby'), unreachable('routeFind'))
    renderInApp(<NearbyPage />, '/nearby')
    const note = await screen.findByText(/You are offline: this list is from data saved on this phone on/)
    expect(note.textContent).toMatch(/20 Nov/)
    // Police only (the pharmacy's hours depend on the time the test runs: offline.test.ts reads them at fixed times).
    const names = items()
      .map((li) => within(li).getByRole('heading').textContent)
      .filter((name) => name !== 'Day Pharmacy')
    // Straight line: the chowki across the block is nearer than the station up the street.
    expect(names.slice(0, 2)).toEqual(['Hill Road Chowki', 'Station Road Police'])
    const chowki = screen.getByRole('heading', { name: 'Hill Road Chowki' }).closest('li')
    expect(chowki?.textContent).toMatch(/about \d+ m/)
    expect(chowki?.textContent).toMatch(/about \d+ min walk/)
    emergencyStillThere()
    const station = screen.getByRole('heading', { name: 'Station Road Police' }).closest('li') as HTMLElement
    await userEvent.setup().click(within(station).getByRole('button', { name: 'Show the way' }))
    await screen.findByText(/Offline: the dashed line is the straight way there, not the walking route/)
    expect(requests().filter((r) => r.includes('/route/find'))).toEqual([])
  })

  it('offline with nothing saved for where she is: says so and what to do, 112 one tap away', async () => {
    mockGeolocation(HER)
    await db.nearbyAreas.put({ id: 'far', savedAt: 1, pack: { ...PACK, bbox: [72.8, 19.0, 72.9, 19.1] } })
    server.use(unreachable('nearby'))
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText(/this phone has no saved data for where you are/)
    expect(screen.queryByRole('list')).toBeNull()
    emergencyStillThere()
  })

  it('outside the mapped region (422): says Wings has no map data there', async () => {
    mockGeolocation({ lat: 19.0596, lon: 72.8295 })
    server.use(refuse('nearby', 422, 'This place is outside the mapped region', { code: 'OUTSIDE_REGION' }))
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText(/Wings has no map data for where you are/)
    emergencyStillThere()
  })

  it('a server error: says so with Try again, which asks again', async () => {
    mockGeolocation(HER)
    server.use(answer('nearby', { places: [STATION] }), answer('nearbyArea', PACK))
    // In front of those: the first request only.
    server.use(
      refuse('nearby', 500, 'Something went wrong. Please try again later.', { code: 'INTERNAL_ERROR', once: true }),
    )
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText(/could not load the places near you/)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('Station Road Police')
  })

  it('nothing within reach: says so', async () => {
    mockGeolocation(HER)
    server.use(answer('nearby', { places: [] }), answer('nearbyArea', PACK))
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText(/No police station, hospital or open place was found within 5 km on foot/)
  })

  it('location refused: what to do, Try again, and 112 still one tap away; no request sent', async () => {
    mockGeolocation({ code: 1, message: 'denied' })
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText(/Wings is not allowed to use it/)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    emergencyStillThere()
    expect(requests().filter((r) => r.includes('/nearby'))).toEqual([])
  })

  it('no geolocation at all: says so', async () => {
    removeGeolocation()
    renderInApp(<NearbyPage />, '/nearby')
    await screen.findByText('Geolocation is not supported by your browser.')
    emergencyStillThere()
  })
})
