import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { safetyScore } from '@wings/safety'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { answer, failure, gate, noNetwork, notFound, type Reply, server } from '../../test/api.ts'
import { testPlace } from '../../test/fixtures.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { alertingScreenEachTest } from '../../test/hooks.ts'
import { renderInApp } from '../../test/render.tsx'
import { EstimatorPage } from './EstimatorPage.tsx'

const COLABA = testPlace()
const FACTORS = { light_intensity: 70, traffic_density: 45, crowd_density: 60, crime_rate: 25, accident_rate: 20 }

/** Place search finds Colaba, the region is unknown, and POST /api/predict answers `predict`; answers that handler. */
function estimatorServer(predict: () => Reply<'predict'> | Promise<Reply<'predict'>> = () => ({ safety_score: 71.6 })) {
  const handler = answer('predict', predict)
  server.use(answer('geocodeSearch', [COLABA]), notFound('region'), handler)
  return handler
}

/** What the form says now as an alert (the toasts' alert region, empty here, left aside). */
const problem = () => screen.queryAllByRole('alert').find((region) => !region.closest('.toasts')) ?? null
const saidProblem = () => waitFor(() => problem() ?? Promise.reject(new Error('no alert yet')))

describe('EstimatorPage', () => {
  // The empty database: places kept by an earlier test would also be offered under 'Places on this phone'.
  const alertMock = alertingScreenEachTest()
  afterEach(removeGeolocation)

  async function fillAll(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Source latitude'), '19.076')
    await user.type(screen.getByLabelText('Source longitude'), '72.8777')
    await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    for (const [name, value] of Object.entries(FACTORS)) await user.type(screen.getByLabelText(name), String(value))
  }

  it('ticking Detect my location fills the source rounded to 4 decimals; unticking clears it', async () => {
    estimatorServer()
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

  it.each([
    [
      'a detection failure says its reason and what to do beside the box, and unticks it',
      () => mockGeolocation({ code: 1, message: 'User denied Geolocation' }),
      'Error fetching location: User denied Geolocation Type the source latitude and longitude yourself, or allow location for Wings in your browser and tick the box again.',
    ],
    [
      'no geolocation: says that it is not supported and what to do, and unticks',
      removeGeolocation,
      'Geolocation is not supported by your browser. Type the source latitude and longitude yourself.',
    ],
  ])('%s', async (_, geolocation, alertText) => {
    estimatorServer()
    geolocation()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const box = await screen.findByRole('checkbox', { name: 'Detect my location' })
    await user.click(box)
    const said = await saidProblem()
    expect(said.textContent).toBe(alertText)
    expect(said.closest('fieldset')?.contains(box)).toBe(true)
    expect(box).toHaveProperty('checked', false)
    expect(alertMock).not.toHaveBeenCalled()
    // Typing the coordinates herself, as it said, ends the message.
    await user.type(screen.getByLabelText('Source latitude'), '19')
    expect(problem()).toBeNull()
  })

  it('requires a destination chosen from the suggestions and every factor from 1 to 100', async () => {
    const predict = estimatorServer()
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
    expect(predict.calls).toEqual([])
  })

  it('destination coordinates are read-only and filled only by choosing a suggestion; typing clears them', async () => {
    estimatorServer()
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
    const reply = gate()
    const predict = estimatorServer(async () => {
      await reply.opened
      return { safety_score: 71.6 }
    })
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('Source latitude')
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(screen.getByRole('button', { name: 'Calculating...' })).toHaveProperty('disabled', true)
    await waitFor(() => expect(predict.calls).toHaveLength(1))
    expect(predict.calls[0]?.body).toEqual({
      lat1: 19.076,
      lon1: 72.8777,
      lat2: COLABA.lat,
      lon2: COLABA.lon,
      ...FACTORS,
    })
    reply.open()
    expect(await screen.findByText('Safety Score: 72%')).toBeTruthy()
    expect(screen.queryByText('Calculated on this phone')).toBeNull()
    expect(screen.getByRole('button', { name: 'Calculate Safety Score' })).toHaveProperty('disabled', false)
  })

  it('offline: computes the same score on the phone and says so quietly', async () => {
    const predict = estimatorServer()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('Source latitude')
    await fillAll(user)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(await screen.findByText(`Safety Score: ${Math.round(safetyScore(FACTORS))}%`)).toBeTruthy()
    expect(screen.getByText('Calculated on this phone')).toBeTruthy()
    expect(predict.calls).toEqual([])
    expect(alertMock).not.toHaveBeenCalled()
  })

  it('in airplane mode: says what needs the network, offers places kept on the phone, and scores on the phone', async () => {
    server.use(noNetwork())
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
    estimatorServer()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await user.type(await screen.findByRole('combobox', { name: 'Destination' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    await waitFor(async () =>
      expect((await db.recentPlaces.toArray()).map((p) => p.displayName)).toEqual([COLABA.display_name]),
    )
    expect(screen.queryByText(/^You are offline/)).toBeNull()
  })

  it('a real server failure says the spec text beside the button, not in a native alert', async () => {
    estimatorServer(() => failure(500, 'Internal error'))
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('Source latitude')
    await fillAll(user)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    const said = await saidProblem()
    expect(said.textContent).toBe('Failed to calculate safety score. Try again.')
    expect(said.previousElementSibling?.textContent).toBe('Calculate Safety Score')
    expect(alertMock).not.toHaveBeenCalled()
    expect(screen.queryByText(/Safety Score:/)).toBeNull()
  })

  it("a source outside the region's outline gets the coverage message; the estimate still works", async () => {
    estimatorServer()
    const south: [number, number][] = [
      [72.8035, 18.9535],
      [72.8375, 18.9535],
      [72.8375, 18.9787],
      [72.8035, 18.9787],
      [72.8035, 18.9535],
    ]
    const region = answer('region', {
      name: 'south',
      bbox: [72.8035, 18.9535, 72.8375, 18.9787],
      attribution: 'x',
      dataDate: '',
      importedAt: 'v1',
      tileUrl: '/api/tiles/{z}/{x}/{y}.mvt',
      outline: { type: 'MultiPolygon', coordinates: [[south]] },
    })
    server.use(region)
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const coverage =
      'Wings has no map data for this area yet: this place is outside the line on the map. ' +
      'The score here uses only the ratings you give.'
    // Grant Road: inside, nothing said.
    await user.type(await screen.findByLabelText('Source latitude'), '18.9633')
    await user.type(screen.getByLabelText('Source longitude'), '72.8158')
    await waitFor(() => expect(region.calls).toHaveLength(1))
    expect(screen.queryByText(coverage)).toBeNull()
    // Bandra (19.076, 72.8777 in fillAll): outside.
    await user.clear(screen.getByLabelText('Source latitude'))
    await user.clear(screen.getByLabelText('Source longitude'))
    await fillAll(user)
    await screen.findByText(coverage)
    await user.click(screen.getByRole('button', { name: 'Calculate Safety Score' }))
    expect(await screen.findByText('Safety Score: 72%')).toBeTruthy()
  })

  it('in Marathi: the form, its labels and hints, and a result calculated on the phone', async () => {
    await setLanguage('mr')
    const predict = estimatorServer()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    const form = await screen.findByRole('form', { name: 'मार्गाचा सुरक्षितता अंदाज' })
    expect(form).toBeTruthy()
    expect(screen.getByRole('link', { name: 'स्कोअर कसा काढला जातो' }).getAttribute('href')).toBe('/routecalculation')
    expect(screen.getByRole('group', { name: 'कुठून' })).toBeTruthy()
    expect(screen.getByRole('group', { name: 'रेटिंग (प्रत्येकी 1 ते 100)' })).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: 'माझे लोकेशन शोधा' })).toBeTruthy()
    expect(screen.getByText('1 अंधार, 100 भरपूर उजेड')).toBeTruthy()
    await user.type(screen.getByLabelText('सुरुवातीचे अक्षांश (latitude)'), '19.076')
    await user.type(screen.getByLabelText('सुरुवातीचे रेखांश (longitude)'), '72.8777')
    await user.type(screen.getByRole('combobox', { name: 'जायचे ठिकाण' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    expect(screen.getByLabelText('जायच्या ठिकाणाचे अक्षांश (latitude)')).toHaveProperty('value', '18.9151')
    const labels = ['उजेड', 'वाहतूक', 'गर्दी', 'गुन्ह्यांचा धोका', 'अपघाताचा धोका']
    for (const [i, value] of Object.values(FACTORS).entries())
      await user.type(screen.getByLabelText(labels[i] ?? ''), String(value))
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await user.click(screen.getByRole('button', { name: 'सुरक्षितता स्कोअर काढा' }))
    expect(await screen.findByText(`सुरक्षितता स्कोअर: ${Math.round(safetyScore(FACTORS))}%`)).toBeTruthy()
    expect(screen.getByText('याच फोनवर काढला')).toBeTruthy()
    expect(screen.getByText(/^तुम्ही ऑफलाइन आहात\./)).toBeTruthy()
    expect(predict.calls).toEqual([])
  })

  it("in Marathi: the server's score, shown in Marathi", async () => {
    await setLanguage('mr')
    estimatorServer()
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await screen.findByLabelText('सुरुवातीचे अक्षांश (latitude)')
    await user.type(screen.getByLabelText('सुरुवातीचे अक्षांश (latitude)'), '19.076')
    await user.type(screen.getByLabelText('सुरुवातीचे रेखांश (longitude)'), '72.8777')
    await user.type(screen.getByRole('combobox', { name: 'जायचे ठिकाण' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    for (const [label, value] of [
      ['उजेड', 70],
      ['वाहतूक', 45],
      ['गर्दी', 60],
      ['गुन्ह्यांचा धोका', 25],
      ['अपघाताचा धोका', 20],
    ] as const)
      await user.type(screen.getByLabelText(label), String(value))
    await user.click(screen.getByRole('button', { name: 'सुरक्षितता स्कोअर काढा' }))
    expect(await screen.findByText('सुरक्षितता स्कोअर: 72%')).toBeTruthy()
    expect(screen.queryByText('याच फोनवर काढला')).toBeNull()
  })

  it('in Hindi: every problem of the form, and a server failure said in Hindi', async () => {
    await setLanguage('hi')
    const predict = estimatorServer(() => failure(500, 'Internal error'))
    const user = userEvent.setup()
    renderInApp(<EstimatorPage />, '/routescorer')
    await user.type(await screen.findByLabelText('अपराध का ख़तरा'), '101')
    await user.click(screen.getByRole('button', { name: 'सुरक्षा स्कोर निकालें' }))
    expect(screen.getByText('सुझावों में से मंज़िल चुनें।')).toBeTruthy()
    expect(screen.getByText('रोशनी भरना ज़रूरी है।')).toBeTruthy()
    expect(screen.getByText('अपराध का ख़तरा: 1 से 100 तक की कोई संख्या भरें।')).toBeTruthy()
    expect(screen.getByText('शुरुआत का अक्षांश भरना ज़रूरी है।')).toBeTruthy()
    expect(predict.calls).toEqual([])
    // Told again in English when she switches back, without a new try.
    await act(() => setLanguage('en'))
    expect(await screen.findByText('Light intensity is required')).toBeTruthy()
    await act(() => setLanguage('hi'))
    await user.type(screen.getByLabelText('शुरुआत का अक्षांश (latitude)'), '19.076')
    await user.type(screen.getByLabelText('शुरुआत का देशांतर (longitude)'), '72.8777')
    await user.type(screen.getByRole('combobox', { name: 'मंज़िल' }), 'Colaba')
    await user.click(await screen.findByRole('option', { name: COLABA.display_name }))
    await user.clear(screen.getByLabelText('अपराध का ख़तरा'))
    for (const [label, value] of [
      ['रोशनी', 70],
      ['ट्रैफ़िक', 45],
      ['भीड़', 60],
      ['अपराध का ख़तरा', 25],
      ['दुर्घटना का ख़तरा', 20],
    ] as const)
      await user.type(screen.getByLabelText(label), String(value))
    await user.click(screen.getByRole('button', { name: 'सुरक्षा स्कोर निकालें' }))
    expect((await saidProblem()).textContent).toBe('सुरक्षा स्कोर नहीं निकल सका। फिर से कोशिश करें।')
  })
})
