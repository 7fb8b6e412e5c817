import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import female from '../../assets/avatar-female.svg'
import { db } from '../../db/db.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { storeUser } from '../auth/AuthProvider.tsx'
import { ProfilePage, SAVED_LABEL_MS } from './ProfilePage.tsx'

const asha = testUser()

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

describe('ProfilePage', () => {
  const fetchMock = vi.fn()
  beforeEach(async () => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    await clearDb()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends a visitor without a stored user to the login page', async () => {
    renderInApp(<ProfilePage />, '/profile')
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/login'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('saves at once through the outbox, says "Saved!" for 3 s, and queues only the changed field', {
    timeout: 10_000,
  }, async () => {
    await storeUser(asha)
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/profile') return json(200, { success: true, data: asha })
      return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' })
    })
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    const first = await screen.findByLabelText('First name')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/profile', expect.anything()))
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
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    const first = await screen.findByLabelText('First name')
    expect((first as HTMLInputElement).value).toBe('Asha')
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 50))
    expect(screen.queryByText('Failed to load profile data')).toBeNull()
    await user.selectOptions(screen.getByLabelText('Gender'), 'not to say')
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await screen.findByRole('button', { name: 'Saved!' })
    expect((await db.outbox.toArray())[0]?.payload).toEqual({ gender: 'not to say' })
  })

  it('shows her trusted contacts under the profile form', async () => {
    await storeUser(asha)
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await db.trustedContacts.put({
      _id: 'f'.repeat(24),
      userId: asha._id,
      name: 'Amma',
      phone: '+919876543210',
      createdAt: '2025-03-01T10:00:00.000Z',
    })
    renderInApp(<ProfilePage />, '/profile')
    const section = await screen.findByRole('region', { name: 'Trusted contacts' })
    const profileForm = screen.getByRole('form', { name: 'Edit profile' })
    expect(profileForm.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(await within(section).findByRole('button', { name: 'Remove Amma' })).toBeTruthy()
    expect(within(section).getByRole('form', { name: 'Add a trusted contact' })).toBeTruthy()
  })

  it('keeps what she typed when the server copy arrives afterwards', async () => {
    await storeUser(asha)
    let answer: (response: Response) => void = () => {}
    fetchMock.mockImplementation(
      (url: string) =>
        new Promise<Response>((resolve) => {
          if (url === '/api/profile') answer = resolve
        }),
    )
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    const first = await screen.findByLabelText('First name')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/profile', expect.anything()))
    await user.clear(first)
    await user.type(first, 'Meenakshi')
    await act(async () => answer(json(200, { success: true, data: asha })))
    await waitFor(async () => expect((await db.user.get('me'))?.user.firstName).toBe('Asha'))
    expect((first as HTMLInputElement).value).toBe('Meenakshi')
  })

  it('says "Failed to load profile data" on a server error, and "Error updating profile" when saving fails', async () => {
    await storeUser(asha)
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/profile' ? json(500, { success: false, message: 'boom', code: 'INTERNAL_ERROR' }) : json(500, {}),
    )
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    await screen.findByText('Failed to load profile data', {}, { timeout: 5000 })
    const first = screen.getByLabelText('First name')
    await user.clear(first)
    await user.type(first, 'Asha M')
    const put = vi.spyOn(db, 'transaction').mockRejectedValueOnce(new Error('disk trouble'))
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Error updating profile'))).toBe(true),
    )
    put.mockRestore()
  })
})
