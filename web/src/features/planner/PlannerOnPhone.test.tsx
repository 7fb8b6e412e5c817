import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FoundRoute } from '@wings/contract'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AreaBundleRow, db } from '../../db/db.ts'
import { answer, server, unreachable } from '../../test/api.ts'
import { foundRoute } from '../../test/fixtures.ts'
import { removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { resetRegionSession } from '../map/index.ts'
import { SOUTH_MUMBAI } from '../map/testing.ts'
import { replaceWorker, type WorkerAnswer, type WorkerRequest } from '../offline-planner/testing.ts'
import { PlannerPage } from './PlannerPage.tsx'

/*
 * The planner on the phone (issue 28): with no server, the routes come from the area bundles kept on the phone,
 * marked as such with the date of their data; a trip leaving them says which end and offers to keep the area.
 * The worker is a stand-in here (offline-planner tests it; the browser test runs the real one).
 */
vi.mock('../map/MapView.tsx', () => ({
  default: (props: { label: string; lines?: { name: string }[] }) => (
    <section aria-label={props.label}>{(props.lines ?? []).map((l) => `${l.name} line;`)}</section>
  ),
}))
vi.mock('../map/OfflineMaps.tsx', () => ({ default: () => null }))

const place = (place_id: string, display_name: string, lat: number, lon: number) =>
  ({ place_id, display_name, lat, lon, type: 'station', kind: 'poi' }) as const
const GRANT_ROAD = place('n1', 'Grant Road, Mumbai', 18.9633, 72.8148)
const BYCULLA = place('n2', 'Byculla, Mumbai', 18.9767, 72.8333)
const ZOO = place('n3', 'Zoo gate, Byculla, Mumbai', 18.9795, 72.8355)
const ROUTES: FoundRoute[] = [
  foundRoute({ label: 'Fastest', safetyScore: 64 }),
  foundRoute({ label: 'Safest', safetyScore: 71 }),
]

const KEPT: AreaBundleRow = {
  id: 'auto:grant-road',
  kind: 'auto',
  areaId: '',
  box: [72.81, 18.96, 72.836, 18.978],
  size: 3,
  version: 'v1',
  importedAt: SOUTH_MUMBAI.importedAt,
  dataDate: '2026-11-19T00:00:00Z',
  signalsVersion: 's1',
  checkedAt: 1,
  lastUsed: 1,
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, text: string, option: string) {
  await user.type(await screen.findByRole('combobox', { name: label }), text)
  await user.click(await screen.findByRole('option', { name: option }))
}

async function planTrip(from = GRANT_ROAD, to = BYCULLA) {
  const user = userEvent.setup()
  renderInApp(<PlannerPage />, '/routeplanner')
  await user.click(await screen.findByRole('checkbox', { name: 'Use my current location' }))
  await choose(user, 'Start', from.display_name.slice(0, 5), from.display_name)
  await choose(user, 'Destination', to.display_name.slice(0, 5), to.display_name)
  await user.click(screen.getByRole('radio', { name: 'Foot' }))
  await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
  return user
}

describe('the planner on the phone', () => {
  const asked: WorkerRequest[] = []
  beforeEach(async () => {
    removeGeolocation()
    resetRegionSession()
    asked.length = 0
    await db.areaBundles.clear()
    await db.areaBundleData.clear()
    await db.meta.clear()
    await db.areaBundles.put(KEPT)
    await db.areaBundleData.put({ id: KEPT.id, bytes: new Uint8Array([1, 2, 3]).buffer })
    replaceWorker((request, reply) => {
      asked.push(request)
      const answerOf = (r: WorkerRequest): WorkerAnswer =>
        r.type === 'plan'
          ? { id: r.id, ok: true, routes: ROUTES }
          : { id: r.id, ok: true, info: { ...KEPT, box: KEPT.box } }
      queueMicrotask(() => reply(answerOf(request)))
    })
    server.use(
      answer('geocodeSearch', ({ query }) =>
        [GRANT_ROAD, BYCULLA, ZOO].filter((p) => p.display_name.toLowerCase().startsWith(query.q?.toLowerCase() ?? '')),
      ),
      answer('geocodeReverse', { ...GRANT_ROAD, distance: 4 }),
      answer('region', SOUTH_MUMBAI),
      http.get('*/api/offline/area', () => new HttpResponse(null, { status: 304 })),
    )
  })
  afterEach(() => replaceWorker(null))

  it('with no server, plans on the phone: route cards with Safety Score, lines, and the date of its data', async () => {
    server.use(unreachable('routeFind'))
    await planTrip()
    const results = screen.getByRole('region', { name: 'Routes' })
    await within(results).findByText('Planned on this phone with map data from 19 Nov 2026.')
    expect(within(results).getAllByText('Safety Score').length).toBe(2)
    expect(await screen.findByText(/Route 1 line/)).toBeTruthy()
    const plan = asked.find((r) => r.type === 'plan')
    expect(plan).toMatchObject({
      version: 'v1',
      body: { source: [18.9633, 72.8148], destination: [18.9767, 72.8333], mode: 'foot' },
    })
  })

  it('the way back: start and destination swap places, and the phone plans the reverse trip', async () => {
    server.use(unreachable('routeFind'))
    const user = await planTrip()
    await screen.findByText('Planned on this phone with map data from 19 Nov 2026.')
    await user.click(screen.getByRole('button', { name: 'Swap start and destination' }))
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Start' }).value).toBe(BYCULLA.display_name)
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Destination' }).value).toBe(GRANT_ROAD.display_name)
    await user.click(screen.getByRole('button', { name: 'GET ROUTES' }))
    await waitFor(() => expect(asked.filter((r) => r.type === 'plan').length).toBe(2))
    expect(asked.at(-1)).toMatchObject({ body: { source: [18.9767, 72.8333], destination: [18.9633, 72.8148] } })
    await screen.findByText('Planned on this phone with map data from 19 Nov 2026.')
  })

  it('offline (the browser says so), the server is not asked', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const routeFind = vi.fn(() => HttpResponse.json({ routes: [] }))
    server.use(http.post('*/api/route/find', routeFind))
    await planTrip()
    await screen.findByText('Planned on this phone with map data from 19 Nov 2026.')
    expect(routeFind).not.toHaveBeenCalled()
    onLine.mockRestore()
  })

  it("the server's answer is not marked, and the area of the trip (1 km around it, in the region) is kept", async () => {
    const seen: string[] = []
    server.use(
      answer('routeFind', { routes: ROUTES }),
      http.get('*/api/offline/area', ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.arrayBuffer(new Uint8Array([9, 9]).buffer)
      }),
    )
    await planTrip()
    await screen.findAllByText('Safety Score')
    expect(screen.queryByText(/Planned on this phone/)).toBeNull()
    // South of Grant Road by 1 km, clipped to the region's north and east edges.
    const trip = '?south=18.95432&west=72.80530&north=18.97870&east=72.83750'
    await waitFor(() => expect(seen).toContain(trip))
    await waitFor(async () => expect((await db.areaBundles.get(`auto:${trip.slice(1)}`))?.version).toBe('v1'))
  })

  it("storage full: the trip's area could not be kept, and she is told", async () => {
    server.use(
      answer('routeFind', { routes: ROUTES }),
      http.get('*/api/offline/area', () => HttpResponse.arrayBuffer(new Uint8Array([9, 9]).buffer)),
    )
    const full = vi.spyOn(db.areaBundleData, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'))
    await planTrip()
    await screen.findAllByText('Safety Score')
    await screen.findByText(
      "Your phone's storage is full: the map data around this trip could not be kept for use without a connection.",
    )
    full.mockRestore()
    // The automatic areas went first, to make room.
    expect(await db.areaBundles.get(KEPT.id)).toBeUndefined()
  })

  it('a destination outside the kept data says so, shows no route, and offers to keep the area when online', async () => {
    server.use(unreachable('routeFind'))
    const user = await planTrip(GRANT_ROAD, ZOO)
    await screen.findByText('Your destination is outside the map data kept on this phone.')
    expect(screen.queryByText('Safety Score')).toBeNull()
    expect(asked.some((r) => r.type === 'plan')).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Keep this area when I am online' }))
    await screen.findByText('Wings will keep the map data for this trip the next time you are online.')
    const wanted = (await db.meta.get('areaBundleWanted'))?.value as number[][]
    expect(wanted).toHaveLength(1)
    const [west, south, east, north] = wanted[0] as number[]
    expect(west).toBeLessThan(72.8148)
    expect(east).toBeGreaterThan(72.8355)
    expect(south).toBeLessThan(18.9633)
    expect(north).toBeGreaterThan(18.9795)
  })

  it('data of an older region import is not used: it says the kept data is out of date', async () => {
    server.use(unreachable('routeFind'))
    await db.areaBundles.update(KEPT.id, { importedAt: '2026-01-01T00:00:00.000Z' })
    await planTrip()
    await screen.findByText(/The map data kept on this phone is out of date/)
    expect(screen.queryByText('Safety Score')).toBeNull()
  })
})
