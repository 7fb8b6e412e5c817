import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { safetyScore } from '@wings/safety'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { json } from '../../test/sync.ts'
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
  beforeEach(() => {
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
})
