import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import female from '../../assets/avatar-female.svg'
import { db } from '../../db/db.ts'
import { answer, gate, noNetwork, refuse, requests, server } from '../../test/api.ts'
import { testContact, testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { ProfilePage, SAVED_LABEL_MS } from './ProfilePage.tsx'

const asha = testUser()

describe('ProfilePage', () => {
  beforeEach(async () => {
    // Offline unless a test answers: her edits wait in the outbox.
    server.use(noNetwork())
    await clearDb()
  })

  it('sends a visitor without a stored user to the login page', async () => {
    renderInApp(<ProfilePage />, '/profile')
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/login'))
    expect(requests()).toEqual([])
  })

  it('saves at once through the outbox, says "Saved!" for 3 s, and queues only the changed field', {
    timeout: 10_000,
  }, async () => {
    await storeUser(asha)
    server.use(answer('profile', { success: true, data: asha }))
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    const first = await screen.findByLabelText('First name')
    await waitFor(() => expect(requests()).toContain('GET /api/profile'))
    expect(document.querySelector('img.avatar')?.getAttribute('src')).toBe(female)
    expect(screen.getByRole('link', { name: 'My saved routes' }).getAttribute('href')).toBe('/routes')

    await user.clear(first)
    await user.type(first, 'Asha M')
    const clickedAt = Date.now()
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await screen.findByRole('button', { name: 'Saved!' })
    expect(screen.getByRole('status').textContent).toContain('Profile updated successfully!')
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha M')
    const ops = await db.outbox.toArray()
    expect(ops).toHaveLength(1)
    expect(ops[0]).toMatchObject({ type: 'profile.update', payload: { firstName: 'Asha M' }, userId: asha._id })
    await screen.findByText('Asha M Rao')
    // (Real timers: fake ones stall IndexedDB here.) The label goes back after 3 s.
    await screen.findByRole('button', { name: 'Save Profile' }, { timeout: SAVED_LABEL_MS + 2000 })
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(SAVED_LABEL_MS - 50)
  })

  it('opens offline with the stored user and no load error, and saves offline', async () => {
    await storeUser(asha)
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    const first = await screen.findByLabelText('First name')
    expect((first as HTMLInputElement).value).toBe('Asha')
    await waitFor(() => expect(requests()).toContain('GET /api/profile'))
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('Failed to load profile data')).toBeNull()
    await user.selectOptions(screen.getByLabelText('Gender'), 'not to say')
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await screen.findByRole('button', { name: 'Saved!' })
    expect((await db.outbox.toArray())[0]?.payload).toEqual({ gender: 'not to say' })
  })

  it('shows her trusted contacts under the profile form', async () => {
    await storeUser(asha)
    await db.trustedContacts.put(testContact({ userId: asha._id }))
    renderInApp(<ProfilePage />, '/profile')
    const section = await screen.findByRole('region', { name: 'Trusted contacts' })
    const profileForm = screen.getByRole('form', { name: 'Edit profile' })
    expect(profileForm.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(await within(section).findByRole('button', { name: 'Remove Amma' })).toBeTruthy()
    expect(within(section).getByRole('form', { name: 'Add a trusted contact' })).toBeTruthy()
  })

  it('keeps what she typed when the server copy arrives afterwards', async () => {
    await storeUser(asha)
    const later = gate()
    server.use(answer('profile', () => later.opened.then(() => ({ success: true as const, data: asha }))))
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    const first = await screen.findByLabelText('First name')
    await waitFor(() => expect(requests()).toContain('GET /api/profile'))
    await user.clear(first)
    await user.type(first, 'Meenakshi')
    await act(async () => later.open())
    await waitFor(async () => expect((await db.user.get('me'))?.user.firstName).toBe('Asha'))
    expect((first as HTMLInputElement).value).toBe('Meenakshi')
  })

  it('says "Failed to load profile data" on a server error, and "Error updating profile" when saving fails', async () => {
    await storeUser(asha)
    server.use(refuse('profile', 500, 'boom'), answer('syncPush', new Response('', { status: 500 })))
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    // The spec's words, then that it is not her fault and what to do.
    await screen.findByText(
      "Failed to load profile data. The problem is on Wings' side, not yours. Try again in a few minutes.",
      {},
      { timeout: 5000 },
    )
    const first = screen.getByLabelText('First name')
    await user.clear(first)
    await user.type(first, 'Asha M')
    const put = vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk trouble'))
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) =>
            a.textContent?.includes(
              'Error updating profile. Please try again. If it keeps happening, reload the page.',
            ),
          ),
      ).toBe(true),
    )
    put.mockRestore()
  })
})
