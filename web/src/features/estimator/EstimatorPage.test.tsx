import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { safetyScore } from '@wings/safety'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, json } from '../../test/sync.ts'
import { EstimatorPage } from './EstimatorPage.tsx'

const COLABA = { place_id: 'n1', display_name: 'Colaba Causeway, Colaba, Mumbai', lat: 18.9151, lon: 72.8258 }
const FACTORS = { light_intensity: 70, traffic_density: 45, crowd_density: 60, crime_rate: 25, accident_rate: 20 }

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>

function server(predict: Handler = () => json(200, { safety_score: 71.6 })) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/geocode/search')) return json(200, [COLABA])
    if (url === '/api/predict') return predict(url, init)
    return json(404, { success: false, message: 'Not found' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('EstimatorPage', () => {
  const alertMock = vi.fn()
  beforeEach(async () => {
    // Places kept by an earlier test would also be offered under 'Places on this phone'.
    await clearDb()
    alertMock.mockReset()
    vi.stubGlobal('alert', alertMock)
  })
  afterEach(() => {
    removeGeolocation()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  async function fillAll(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Source latitude'), '19.076')
    await user.type(screen.getByLabelText('Source longitude'), '72.8777')
    await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    for (const [name, value] of Object.entries(FACTORS)) await user.type(screen.getByLabelText(name), String(value))
  }

  it('ticking Detect my location fills the source rounded to 4 decimals; unticking clears it', async () => {
    server()
    mockGeolocation({ lat: 19.07609123, lon: 72.87765432 })
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const box = await screen.findByRole('checkbox', { name: 'Detect my location' })
    await user.click(box)
    await waitFor(() => expect(screen.getByLabelText('Source latitude')).toHaveProperty('value', '19.0761'))
    expect(screen.getByLabelText('Source longitude')).toHaveProperty('value', '72.8777')
    expect(box).toHaveProperty('checked', true)
    await user.click(box)
    expect(screen.getByLabelText('Source latitude')).toHaveProperty('value', '')
    expect(screen.getByLabelText('Source longitude')).toHaveProperty('value', '')
    expect(box).toHaveProperty('checked', false)
  })

  it('a detection failure alerts its reason and unticks the box', async () => {
    server()
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const box = await screen.findByRole('checkbox', { name: 'Detect my location' })
    await user.click(box)
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Error fetching location: User denied Geolocation'))
    expect(box).toHaveProperty('checked', false)
  })

  it('no geolocation: alerts that it is not supported and unticks', async () => {
    server()
    removeGeolocation()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const box = await screen.findByRole('checkbox', { name: 'Detect my location' })
    await user.click(box)
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Geolocation is not supported by your browser.'))
    expect(box).toHaveProperty('checked', false)
  })

  it('requires a destination chosen from the suggestions and every factor from 1 to 100', async () => {
    const fetchMock = server()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await user.type(await screen.findByLabelText('crime_rate'), '101')
    await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Co')
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(screen.getByText('Please choose a destination from the suggestions')).toBeTruthy()
    expect(screen.getByText('Light intensity is required')).toBeTruthy()
    expect(screen.getByText('Crime rate must be a number from 1 to 100')).toBeTruthy()
    expect(screen.getByText('Source latitude is required')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Source latitude'))
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/predict')).toBe(false)
  })

  it('destination coordinates are read-only and filled only by choosing a suggestion; typing clears them', async () => {
    server()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const lat2 = await screen.findByLabelText('Destination latitude')
    expect(lat2).toHaveProperty('readOnly', true)
    const search = screen.getByRole('combobox', { name: 'Destination' })
    await user.type(search, 'Colaba')
    expect(lat2).toHaveProperty('value', '')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    expect(lat2).toHaveProperty('value', '18.9151')
    expect(screen.getByLabelText('Destination longitude')).toHaveProperty('value', '72.8258')
    await user.type(search, 'x')
    expect(lat2).toHaveProperty('value', '')
  })

  it("online: says 'Calculating...' while busy, then shows the server's score rounded", async () => {
    let answer: (r: Response) => void = () => undefined
    const fetchMock = server(() => new Promise<Response>((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('Source latitude')
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(screen.getByRole('button', { name: 'Calculating...' })).toHaveProperty('disabled', true)
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/predict')
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      lat1: 19.076,
      lon1: 72.8777,
      lat2: COLABA.lat,
      lon2: COLABA.lon,
      ...FACTORS,
    })
    answer(json(200, { safety_score: 71.6 }))
    expect(await screen.findByText('Safety Score: 72%')).toBeTruthy()
    expect(screen.queryByText('Calculated on this phone')).toBeNull()
    expect(screen.getByRole('button', { name: 'Calculate Safety Score' })).toHaveProperty('disabled', false)
  })

  it('offline: computes the same score on the phone and says so quietly', async () => {
    const fetchMock = server()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('Source latitude')
    await fillAll(user)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(await screen.findByText(`Safety Score: ${Math.round(safetyScore(FACTORS))}%`)).toBeTruthy()
    expect(screen.getByText('Calculated on this phone')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/predict')).toBe(false)
    expect(alertMock).not.toHaveBeenCalled()
  })

  it('in airplane mode: says what needs the network, offers places kept on the phone, and scores on the phone', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    vi.stubGlobal('fetch', fetchMock)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await db.recentPlaces.put({ placeId: 'n9', displayName: 'Byculla, Mumbai', lat: 18.9767, lon: 72.8328, usedAt: 1 })
    await db.savedRoutes.put({
      _id: 'c'.repeat(24),
      currentLocationName: 'Grant Road, Mumbai',
      currentLocation: [18.9634, 72.8158],
      destinationLocationName: 'Royal Opera House, Mumbai',
      destinationLocation: [18.956, 72.8156],
    })
    mockGeolocation({ lat: 18.96341, lon: 72.81583 })
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByText(/^You are offline\. Searching for a new place needs a connection/)
    const known = await screen.findByRole('combobox', { name: 'Places on this phone' })
    await waitFor(() => expect(known.querySelectorAll('option')).toHaveLength(4))
    await user.click(screen.getByRole('checkbox', { name: 'Detect my location' }))
    await waitFor(() => expect(screen.getByLabelText('Source latitude')).toHaveProperty('value', '18.9634'))
    await user.selectOptions(known, 'Royal Opera House, Mumbai')
    expect(screen.getByLabelText('Destination latitude')).toHaveProperty('value', '18.956')
    for (const [name, value] of Object.entries(FACTORS)) await user.type(screen.getByLabelText(name), String(value))
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(await screen.findByText(`Safety Score: ${Math.round(safetyScore(FACTORS))}%`)).toBeTruthy()
    screen.getByText('Calculated on this phone')
    expect(alertMock).not.toHaveBeenCalled()
  })

  it('a place chosen from a search is kept on the phone for next time', async () => {
    server()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await user.type(await screen.findByRole('combobox', { name: 'Destination' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    await waitFor(async () =>
      expect((await db.recentPlaces.toArray()).map((p) => p.displayName)).toEqual([COLABA.display_name]),
    )
    expect(screen.queryByText(/^You are offline/)).toBeNull()
  })

  it('a real server failure alerts the spec text', async () => {
    server(() => json(500, { success: false, message: 'Internal error' }))
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('Source latitude')
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Failed to calculate safety score. Try again.'))
    expect(screen.queryByText(/Safety Score:/)).toBeNull()
  })

  it("a source outside the region's outline gets the coverage message; the estimate still works", async () => {
    const answer = server().getMockImplementation()
    const south = [
      [72.8035, 18.9535],
      [72.8375, 18.9535],
      [72.8375, 18.9787],
      [72.8035, 18.9787],
      [72.8035, 18.9535],
    ]
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      url === '/api/region'
        ? json(200, {
            name: 'south',
            bbox: [72.8035, 18.9535, 72.8375, 18.9787],
            attribution: 'x',
            dataDate: '',
            importedAt: 'v1',
            tileUrl: '/api/tiles/{z}/{x}/{y}.mvt',
            outline: { type: 'MultiPolygon', coordinates: [[south]] },
          })
        : (answer?.(url as string, init) as Promise<Response>),
    )
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const coverage =
      'Wings has no map data for this area yet: this place is outside the line on the map. ' +
      'The score here uses only the ratings you give.'
    // Grant Road: inside, nothing said.
    await user.type(await screen.findByLabelText('Source latitude'), '18.9633')
    await user.type(screen.getByLabelText('Source longitude'), '72.8158')
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/region', expect.anything()))
    expect(screen.queryByText(coverage)).toBeNull()
    // Bandra (19.076, 72.8777 in fillAll): outside.
    await user.clear(screen.getByLabelText('Source latitude'))
    await user.clear(screen.getByLabelText('Source longitude'))
    await fillAll(user)
    await screen.findByText(coverage)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(await screen.findByText('Safety Score: 72%')).toBeTruthy()
  })
})
