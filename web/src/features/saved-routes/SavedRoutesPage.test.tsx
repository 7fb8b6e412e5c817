import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { db, type SavedRouteRow } from '../../db/db.ts'
import { requests } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { SavedRoutesPage } from './SavedRoutesPage.tsx'

const asha = testUser()
const meera = testUser({ _id: 'b'.repeat(24), firstName: 'Meera', email: 'meera@example.in' })
const OLDER = `${'c'.repeat(23)}1`
const NEWER = `${'c'.repeat(23)}2`

type Place = [name: string, at: [number, number]]

/** A saved route from `from` to `to`, saved at 10:00 on March `day`, 2025. */
const row = (_id: string, userId: string, [from, fromAt]: Place, [to, toAt]: Place, day: string) =>
  ({
    _id,
    userId,
    currentLocationName: from,
    currentLocation: fromAt,
    destinationLocationName: to,
    destinationLocation: toAt,
    createdAt: `2025-03-${day}T10:00:00.000Z`,
  }) satisfies SavedRouteRow

const rows: SavedRouteRow[] = [
  row(OLDER, asha._id, ['Koramangala', [12.93521234, 77.6245]], ['MG Road', [12.9756, 77.60689]], '01'),
  {
    ...row(NEWER, asha._id, ['Indiranagar', [12.9784, 77.6408]], ['Cubbon Park', [12.9763, 77.5929]], '05'),
    route: { mode: 'foot', label: 'Safest', geometry: '_p~iF~ps|U', distance: 4830, duration: 3600, safetyScore: 82 },
  },
  row('d'.repeat(24), meera._id, ['Jayanagar', [12.925, 77.5938]], ['BTM Layout', [12.9166, 77.6101]], '06'),
]

describe('SavedRoutesPage', () => {
  beforeEach(clearDb)

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
    expect(requests()).toEqual([])
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
