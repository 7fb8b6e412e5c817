import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FoundRoute } from '@wings/contract'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { answer, type Handler, notFound, refuse, requests, server, unreachable } from '../../test/api.ts'
import { foundRoute, testUser } from '../../test/fixtures.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { alertingScreenEachTest } from '../../test/hooks.ts'
import { renderInApp } from '../../test/render.tsx'
import { SOUTH_MUMBAI } from '../map/testing.ts'
import { noAreaBundles } from '../offline-planner/testing.ts'
import { PlannerPage, SAVE_BUTTON_DELAY_MS } from './PlannerPage.tsx'
import { INITIAL_PLANNER, loadPlanner, storePlanner } from './state.ts'

// The maps are Leaflet's business (and the browser tests'); here a stand-in names what it was asked to draw.
// Each line is a button here, so a tap on a line can be made.
vi.mock('../map/MapView.tsx', () => ({
  default: (props: {
    label: string
    lines?: { color: string; name: string; dashArray?: string; highlighted?: boolean; onSelect?: () => void }[]
  }) => (
    <section
      aria-label={props.label}
      data-colors={(props.lines ?? []).map((l) => l.color).join(',')}
      data-dashes={(props.lines ?? []).map((l) => l.dashArray ?? 'solid').join(',')}
    >
      {(props.lines ?? []).map((l) => (
        <button key={l.name} type="button" data-highlighted={String(l.highlighted ?? '')} onClick={l.onSelect}>
          {`${l.name} line`}
        </button>
      ))}
    </section>
  ),
}))
vi.mock('../map/OfflineMaps.tsx', () => ({ default: () => null }))

const asha = testUser()
const place = (place_id: string, display_name: string, lat: number, lon: number, type: string) =>
  ({ place_id, display_name, lat, lon, type, kind: 'poi' }) as const
const OPERA = place('n1', 'Royal Opera House, Girgaon, Mumbai', 18.956, 72.8156, 'theatre')
const BABULNATH = place('n2', 'Babulnath, Gamdevi, Mumbai', 18.9584, 72.8069, 'temple')

const route = (label: FoundRoute['label'], safetyScore: number, distance: number): FoundRoute =>
  foundRoute({ label, safetyScore, summary: { distance, duration: distance / 1.3 } })
const ROUTES = [route('Fastest', 55, 1234), route('Safest', 61, 1456), route('Balanced', 58, 1300)]

/** Places, the reverse geocoder and `routeFind` (all three routes by default) on the fake server. */
function plannerServer(routeFind: Handler<'routeFind'> = answer('routeFind', { routes: ROUTES })) {
  server.use(
    answer('geocodeSearch', ({ query }) => [query.q?.startsWith('bab') ? BABULNATH : OPERA]),
    answer('geocodeReverse', { ...OPERA, distance: 4 }),
    notFound('region'),
    noAreaBundles(),
    routeFind,
  )
  return routeFind
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, text: string, option: string) {
  await user.type(await screen.findByRole('combobox', { name: label }), text)
  await user.click(await screen.findByRole('option', { name: option }))
}

/** Save This Route, which shows SAVE_BUTTON_DELAY_MS after the routes. */
const saveButton = () =>
  screen.findByRole('button', { name: 'Save This Route' }, { timeout: SAVE_BUTTON_DELAY_MS + 1000 })

/** The planner on screen with Opera House as the start and Babulnath as the destination. */
async function plannerFromOperaToBabulnath() {
  const user = userEvent.setup()
  renderInApp(<PlannerPage />, '/routeplanner')
  await choose(user, 'Start', 'opera', OPERA.display_name)
  await choose(user, 'Destination', 'babul', BABULNATH.display_name)
  return user
}

describe('PlannerPage', () => {
  const alertMock = alertingScreenEachTest()
  beforeEach(removeGeolocation)

  it("'Use my current location' is ticked by default and fills the start with the reverse-geocoded address", async () => {
    plannerServer()
    mockGeolocation({ lat: 18.95604, lon: 72.81557 })
    renderInApp(<PlannerPage />, '/routeplanner')
    const box = await screen.findByRole('checkbox', { name: 'Use my current location' })
    expect(box).toHaveProperty('checked', true)
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Start' })).toHaveProperty('value', OPERA.display_name),
    )
    expect(requests()).toContain('GET /api/geocode/reverse?lat=18.956&lon=72.8156')
  })

  it('without an address nearby, the start shows the coordinates rounded to 4 decimals', async () => {
    plannerServer()
    server.use(refuse('geocodeReverse', 404, 'No place found'))
    mockGeolocation({ lat: 18.956041, lon: 72.815573 })
    renderInApp(<PlannerPage />, '/routeplanner')
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Start' })).toHaveProperty('value', '18.9560, 72.8156'),
    )
  })

  it('coming back with the box ticked finds where she is now, not where she was', async () => {
    plannerServer()
    await storePlanner({
      ...INITIAL_PLANNER,
      fromName: 'Old place',
      fromLat: 19.1,
      fromLong: 72.9,
      toName: 'Babulnath',
    })
    mockGeolocation({ lat: 18.956, lon: 72.8156 })
    renderInApp(<PlannerPage />, '/routeplanner')
    const start = await screen.findByRole('combobox', { name: 'Start' })
    await waitFor(() => expect(start).toHaveProperty('value', OPERA.display_name))
    expect(screen.getByRole('combobox', { name: 'Destination' })).toHaveProperty('value', 'Babulnath')
    await waitFor(async () => expect((await loadPlanner()).fromLat).toBe(18.956))
  })

  it('unticking clears the start; typing unticks the box', async () => {
    plannerServer()
    mockGeolocation({ lat: 18.956, lon: 72.8156 })
    const user = userEvent.setup()
    renderInApp(<PlannerPage />, '/routeplanner')
    const start = await screen.findByRole('combobox', { name: 'Start' })
    await waitFor(() => expect(start).toHaveProperty('value', OPERA.display_name))
    const box = screen.getByRole('checkbox', { name: 'Use my current location' })
    await user.click(box)
    expect(start).toHaveProperty('value', '')
    expect(box).toHaveProperty('checked', false)
    await user.click(box)
    await waitFor(() => expect(start).toHaveProperty('value', OPERA.display_name))
    await user.type(start, 'x')
    expect(box).toHaveProperty('checked', false)
  })

  it('a location failure is said in words (not only logged), with what to do, and unticks the box', async () => {
    plannerServer()
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    renderInApp(<PlannerPage />, '/routeplanner')
    await screen.findByText(
      'Error fetching location: User denied Geolocation Type your start and choose it from the list, or allow location for Wings in your browser and tick the box again.',
    )
    expect(screen.getByRole('checkbox', { name: 'Use my current location' })).toHaveProperty('checked', false)
  })

  it("no geolocation: 'Geolocation is not supported by your browser.'", async () => {
    plannerServer()
    renderInApp(<PlannerPage />, '/routeplanner')
    await screen.findByText(
      'Geolocation is not supported by your browser. Type your start and choose it from the list.',
    )
  })

  it("GET ROUTES without both places says 'Please select both a source and a destination.' at the first one missing", async () => {
    const routeFind = plannerServer()
    const user = userEvent.setup()
    renderInApp(<PlannerPage />, '/routeplanner')
    await user.click(await screen.findByRole('button', { name: 'GET ROUTES' }))
    const start = screen.getByRole('combobox', { name: 'Start' })
    const destination = screen.getByRole('combobox', { name: 'Destination' })
    // The focus goes to the start box, which is invalid and described by the message (read with it).
    expect(document.activeElement).toBe(start)
    expect(start.getAttribute('aria-invalid')).toBe('true')
    const said = screen.getByText('Please select both a source and a destination.')
    expect(start.getAttribute('aria-describedby')?.split(' ')).toContain(said.id)
    expect(destination.getAttribute('aria-invalid')).toBeNull()
    expect(alertMock).not.toHaveBeenCalled()
    expect(routeFind.calls).toEqual([])

    // With the start chosen, it moves to the destination.
    await user.type(start, 'Opera')
    await user.click(await screen.findByRole('option', { name: OPERA.display_name }))
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    expect(document.activeElement).toBe(destination)
    expect(destination.getAttribute('aria-invalid')).toBe('true')
    expect(start.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getAllByText('Please select both a source and a destination.')).toHaveLength(1)
    expect(routeFind.calls).toEqual([])
  })

  it('finds routes for the chosen places and mode, shows honest cards, and Save This Route 2 s later', async () => {
    const routeFind = plannerServer()
    const user = await plannerFromOperaToBabulnath()
    expect(screen.getByRole('radio', { name: 'Car' })).toHaveProperty('checked', true)
    await user.click(screen.getByRole('radio', { name: 'Foot' }))
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    const cards = await screen.findAllByRole('article')
    expect(cards).toHaveLength(3)
    const body = routeFind.calls[0]?.body
    expect(body).toEqual({ source: [OPERA.lat, OPERA.lon], destination: [BABULNATH.lat, BABULNATH.lon], mode: 'foot' })

    const first = within(screen.getByRole('article', { name: 'Route 1' }))
    first.getByText('Fastest')
    first.getByText('1.23 km')
    first.getByText(`${(1234 / 1.3 / 60).toFixed(1)} min`)
    // Route 1 and 3 show the model's score as it is: no +25.79.
    first.getByText('55 / 100')
    within(screen.getByRole('article', { name: 'Route 3' })).getByText('58 / 100')
    first.getByText('Fastest: 780 m of empty streets at this hour')
    // One map for all routes, each in its own colour and line style.
    const map = await screen.findByRole('region', { name: 'Map of the routes' })
    expect(map.dataset.colors).toBe('#1565c0,#ad1457,#2e7d32')
    expect(map.dataset.dashes).toBe('solid,14 9,1 11')
    expect(screen.getAllByRole('region', { name: /^Map of/ })).toHaveLength(1)
    within(screen.getByRole('list', { name: 'Map legend' })).getByText('Route 2, dashed line')
    // The results' heading has the focus, and how many routes were found is said.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Routes' })))
    screen.getByText('3 routes found.')
    // How each card differs from the first, from the routes' fields; the time it was scored for.
    first.getByText('The quickest way: the others are compared with it.')
    within(screen.getByRole('article', { name: 'Route 2' })).getByText('3 min longer, 6 points safer than route 1.')
    first.getByText(/^Scored for \d\d:\d\d, (in daylight|at dusk or dawn|after dark)$/)

    expect(screen.queryByRole('button', { name: 'Save This Route' })).toBeNull()
    await saveButton()
    // What she planned is kept for when she comes back.
    const stored = await loadPlanner()
    expect(stored).toMatchObject({ fromName: OPERA.display_name, toName: BABULNATH.display_name, mode: 'foot' })
    expect(stored.routes).toHaveLength(3)
  })

  it('one card for routes that are the same, with every label it earned', async () => {
    plannerServer(
      answer('routeFind', {
        routes: [{ ...(ROUTES[0] as FoundRoute), labels: ['Fastest', 'Balanced'] }, ROUTES[1] as FoundRoute],
      }),
    )
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    expect(await screen.findAllByRole('article')).toHaveLength(2)
    const first = within(screen.getByRole('article', { name: 'Route 1' }))
    first.getByText('Fastest')
    first.getByText('Balanced')
    within(screen.getByRole('article', { name: 'Route 2' })).getByText('Safest')
  })

  it('tapping a card or its Show on map highlights its line; tapping a line selects its card', async () => {
    plannerServer()
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    const line = (n: number) => screen.getByRole('button', { name: `Route ${n} line` })
    const card = (n: number) => screen.getByRole('article', { name: `Route ${n}` })
    await user.click(await screen.findByRole('button', { name: 'Show route 2 on map' }))
    expect(screen.getByRole('button', { name: 'Show route 2 on map' }).getAttribute('aria-pressed')).toBe('true')
    expect([1, 2, 3].map((n) => line(n).dataset.highlighted)).toEqual(['false', 'true', 'false'])
    expect(card(2).getAttribute('aria-current')).toBe('true')
    // A tap on the card itself (not on one of its buttons) does the same.
    await user.click(within(card(3)).getByText('58 / 100'))
    expect(line(3).dataset.highlighted).toBe('true')
    // A tap on route 1's line selects its card.
    await user.click(line(1))
    expect(card(1).getAttribute('aria-current')).toBe('true')
    expect(card(3).getAttribute('aria-current')).toBeNull()
    expect(screen.getByRole('button', { name: 'Show route 1 on map' }).getAttribute('aria-pressed')).toBe('true')
  })

  it("'at 22:30' is sent as the next 22:30 and the cards say the routes were scored for it, after dark", async () => {
    const routeFind = plannerServer()
    const user = await plannerFromOperaToBabulnath()
    expect(screen.getByRole('radio', { name: 'Leaving now' })).toHaveProperty('checked', true)
    await user.click(screen.getByRole('radio', { name: 'Leaving at a time' }))
    const time = screen.getByLabelText('Leaving at')
    expect(time).toHaveProperty('value', '22:30')
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    await screen.findAllByRole('article')
    const at = new Date(routeFind.calls[0]?.body.at ?? '')
    expect([at.getHours(), at.getMinutes()]).toEqual([22, 30])
    expect(at.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(at.getTime()).toBeLessThan(Date.now() + 24 * 3600_000)
    within(screen.getByRole('article', { name: 'Route 1' })).getByText('Scored for 22:30, after dark')
    expect((await loadPlanner()).leaveAt).toBe('22:30')
  })

  it('an emptied time is said in the app and nothing is sent', async () => {
    const routeFind = plannerServer()
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('radio', { name: 'Leaving at a time' }))
    await user.clear(screen.getByLabelText('Leaving at'))
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    await screen.findByText('Please enter a time as hours and minutes, such as 22:30.')
    expect(routeFind.calls).toEqual([])
  })

  it.each([
    ["the server's refusal of a bad time is said in its words", 400, 'VALIDATION_ERROR', 'at must be an ISO date-time'],
    ['a route-find failure shows its message', 422, 'NOT_FOUND', 'No route found between these places'],
    [
      "a place outside the region gets the coverage message, in the app's words",
      422,
      'OUTSIDE_REGION',
      'This place is outside the mapped region',
      'Wings has no map data for this area yet: this place is outside the line on the map.',
    ],
  ])('%s', async (_what, status, code, message, shown = message) => {
    plannerServer(refuse('routeFind', status, message, { code }))
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    await screen.findByText(shown)
  })

  it("her location outside the region's outline is said under Start, from the region the app knows", async () => {
    plannerServer()
    server.use(answer('region', SOUTH_MUMBAI))
    mockGeolocation({ lat: 18.9322, lon: 72.8264 }) // Churchgate
    renderInApp(<PlannerPage />, '/routeplanner')
    await screen.findByText('Wings has no map data for this area yet: this place is outside the line on the map.')
  })

  it('offline, it says route finding needs a connection', async () => {
    plannerServer(unreachable('routeFind'))
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    await screen.findByText(/^Finding routes needs a connection/)
  })

  it('saves the chosen route through the outbox; the same route again is already saved', async () => {
    plannerServer()
    await db.user.put({ key: 'me', user: asha, savedAt: Date.now() })
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    await user.click(await screen.findByRole('button', { name: 'Choose route 2' }))
    expect(screen.getByRole('button', { name: 'Choose route 2' }).getAttribute('aria-pressed')).toBe('true')
    screen.getByRole('heading', { name: 'Rate this route' })
    const save = await saveButton()
    await user.click(save)
    await screen.findByText('Route saved successfully!')
    const [row] = await db.savedRoutes.toArray()
    expect(row).toMatchObject({
      userId: asha._id,
      currentLocationName: OPERA.display_name,
      currentLocation: [OPERA.lat, OPERA.lon],
      destinationLocation: [BABULNATH.lat, BABULNATH.lon],
      route: { label: 'Safest', safetyScore: 61, mode: 'car' },
    })
    const [op] = await db.outbox.toArray()
    expect(op).toMatchObject({ type: 'route.save', payload: { _id: row?._id, userId: asha._id } })
    await user.click(save)
    await screen.findByText('Route already saved!')
    expect(await db.savedRoutes.count()).toBe(1)
  })

  it('signed out, Save This Route asks her to log in and saves nothing', async () => {
    plannerServer()
    const user = await plannerFromOperaToBabulnath()
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    const save = await saveButton()
    await user.click(save)
    await screen.findByText('Log in to save routes.')
    expect(await db.savedRoutes.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('opens a saved route from the phone, drawn without the network', async () => {
    const routeFind = plannerServer()
    await db.savedRoutes.put({
      _id: 'b'.repeat(24),
      userId: asha._id,
      currentLocationName: OPERA.display_name,
      currentLocation: [OPERA.lat, OPERA.lon],
      destinationLocationName: BABULNATH.display_name,
      destinationLocation: [BABULNATH.lat, BABULNATH.lon],
      route: {
        mode: 'foot',
        label: 'Safest',
        geometry: ROUTES[1]?.geometry as string,
        distance: 1456,
        duration: 1120,
        safetyScore: 61,
      },
    })
    renderInApp(<PlannerPage savedId={'b'.repeat(24)} />, '/routeplanner')
    const card = within(await screen.findByRole('article', { name: 'Route 1' }))
    card.getByText('Safest')
    card.getByText('61 / 100')
    expect(screen.getByRole('combobox', { name: 'Start' })).toHaveProperty('value', OPERA.display_name)
    expect(screen.getByRole('checkbox', { name: 'Use my current location' })).toHaveProperty('checked', false)
    expect(screen.getByRole('radio', { name: 'Foot' })).toHaveProperty('checked', true)
    await act(async () => {})
    expect(routeFind.calls).toEqual([])
  })
})
