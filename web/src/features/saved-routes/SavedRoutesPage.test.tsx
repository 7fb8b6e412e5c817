import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db, type SavedRouteRow } from '../../db/db.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/AuthProvider.tsx'
import { SavedRoutesPage } from './SavedRoutesPage.tsx'

const asha = testUser()
const meera = testUser({ _id: 'b'.repeat(24), firstName: 'Meera', email: 'meera@example.in' })
const OLDER = `${'c'.repeat(23)}1`
const NEWER = `${'c'.repeat(23)}2`

const rows: SavedRouteRow[] = [
  {
    _id: OLDER,
    userId: asha._id,
    currentLocationName: 'Koramangala',
    currentLocation: [12.93521234, 77.6245],
    destinationLocationName: 'MG Road',
    destinationLocation: [12.9756, 77.60689],
    createdAt: '2025-03-01T10:00:00.000Z',
  },
  {
    _id: NEWER,
    userId: asha._id,
    currentLocationName: 'Indiranagar',
    currentLocation: [12.9784, 77.6408],
    destinationLocationName: 'Cubbon Park',
    destinationLocation: [12.9763, 77.5929],
    route: { mode: 'foot', label: 'Safest', geometry: '_p~iF~ps|U', distance: 4830, duration: 3600, safetyScore: 82 },
    createdAt: '2025-03-05T10:00:00.000Z',
  },
  {
    _id: 'd'.repeat(24),
    userId: meera._id,
    currentLocationName: 'Jayanagar',
    currentLocation: [12.925, 77.5938],
    destinationLocationName: 'BTM Layout',
    destinationLocation: [12.9166, 77.6101],
    createdAt: '2025-03-06T10:00:00.000Z',
  },
]

describe('SavedRoutesPage', () => {
  const fetchMock = vi.fn()
  beforeEach(async () => {
    fetchMock.mockReset()
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    vi.stubGlobal('fetch', fetchMock)
    await clearDb()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('asks a visitor to log in, coming back here after', async () => {
    renderInApp(<SavedRoutesPage />, '/routes')
    await screen.findByRole('heading', { level: 1, name: 'Saved Routes' })
    const login = await screen.findByRole('link', { name: 'Log in' })
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Froutes')
    expect(document.title).toBe('Saved Routes · Wings')
  })

  it('says so when she has none, with a way to the planner', async () => {
    await storeUser(asha)
    renderInApp(<SavedRoutesPage />, '/routes')
    await screen.findByText('No saved routes yet.')
    expect(screen.getByRole('link', { name: 'Plan a route' }).getAttribute('href')).toBe('/routeplanner')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('lists her routes from the phone, newest first, with places, coordinates, the route and a planner link', async () => {
    await storeUser(asha)
    await db.savedRoutes.bulkPut(rows)
    renderInApp(<SavedRoutesPage />, '/routes')
    const items = await screen.findAllByRole('listitem')
    expect(items).toHaveLength(2)
    const [first, second] = items as [HTMLElement, HTMLElement]
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe('Indiranagar to Cubbon Park')
    expect(first.textContent).toContain('Indiranagar (12.9784, 77.6408)')
    expect(first.textContent).toContain('Cubbon Park (12.9763, 77.5929)')
    expect(first.textContent).toContain('Safest route · Foot · 4.83 km · 60.0 min · safety score 82')
    expect(within(first).getByRole('link', { name: 'Open in planner' }).getAttribute('href')).toBe(
      `/routeplanner?saved=${NEWER}`,
    )
    expect(within(second).getByRole('article', { name: 'Koramangala to MG Road' })).toBeTruthy()
    expect(second.textContent).toContain('Koramangala (12.9352, 77.6245)')
    expect(second.textContent).toContain('MG Road (12.9756, 77.6069)')
    expect(second.textContent).not.toContain('safety score')
    expect(screen.queryByText(/Jayanagar/)).toBeNull()
    // Read from the phone only: it works offline and asks the server nothing.
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("deletes a route at once through the outbox and says 'Route deleted'", async () => {
    await storeUser(asha)
    await db.savedRoutes.bulkPut(rows)
    const user = userEvent.setup()
    renderInApp(<SavedRoutesPage />, '/routes')
    await user.click(await screen.findByRole('button', { name: 'Delete route from Koramangala to MG Road' }))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(screen.getByRole('status').textContent).toContain('Route deleted')
    expect(await db.savedRoutes.get(OLDER)).toBeUndefined()
    const ops = await db.outbox.toArray()
    expect(ops).toEqual([expect.objectContaining({ type: 'route.delete', payload: { _id: OLDER }, userId: asha._id })])
    await user.click(screen.getByRole('button', { name: 'Delete route from Indiranagar to Cubbon Park' }))
    await screen.findByText('No saved routes yet.')
  })
})
