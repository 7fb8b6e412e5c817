import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { db, type SavedRouteRow } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { SavedRoutesPage } from './SavedRoutesPage.tsx'

const asha = testUser()
const ROW: SavedRouteRow = {
  _id: 'c'.repeat(24),
  userId: asha._id,
  currentLocationName: 'Dadar',
  currentLocation: [19.0178, 72.8478],
  destinationLocationName: 'Worli',
  destinationLocation: [19.0176, 72.8172],
  createdAt: '2025-03-05T10:00:00.000Z',
  route: { mode: 'foot', label: 'Safest', geometry: '_p~iF~ps|U', distance: 4830, duration: 3600, safetyScore: 82 },
}

describe('saved routes in Hindi and Marathi', () => {
  beforeEach(clearDb)

  it('lists her routes in Hindi, and deletes one in Hindi', async () => {
    await storeUser(asha)
    await db.savedRoutes.put(ROW)
    await setLanguage('hi')
    const user = userEvent.setup()
    renderInApp(<SavedRoutesPage />, '/routes')
    await screen.findByRole('heading', { level: 1, name: 'सेव किए रास्ते' })
    expect(document.title).toBe('सेव किए रास्ते · Wings')
    const item = await screen.findByRole('article', { name: 'Dadar से Worli' })
    expect(within(item).getByText('कहाँ से')).toBeTruthy()
    expect(within(item).getByText('कहाँ तक')).toBeTruthy()
    expect(item.textContent).toMatch(/सबसे सुरक्षित रास्ता · पैदल · .+ · .+ · सुरक्षा स्कोर 82/)
    expect(within(item).getByRole('link', { name: 'प्लानर में खोलें' })).toBeTruthy()
    await user.click(within(item).getByRole('button', { name: 'Dadar से Worli तक का रास्ता हटाएँ' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('रास्ता हटा दिया गया'))
    await screen.findByText('अभी कोई रास्ता सेव नहीं है।')
    expect(screen.getByRole('link', { name: 'रास्ता प्लान करें' }).getAttribute('href')).toBe('/routeplanner')
  })

  it('asks a visitor to log in, in Marathi', async () => {
    await setLanguage('mr')
    renderInApp(<SavedRoutesPage />, '/routes')
    await screen.findByRole('heading', { level: 1, name: 'सेव्ह केलेले मार्ग' })
    expect((await screen.findByRole('link', { name: 'लॉग इन' })).getAttribute('href')).toBe('/login?redirect=%2Froutes')
  })
})
