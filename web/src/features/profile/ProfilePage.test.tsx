import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import female from '../../assets/avatar-female.svg'
import { db } from '../../db/db.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { storeUser } from '../auth/AuthProvider.tsx'
import { ProfilePage, SAVED_LABEL_MS } from './ProfilePage.tsx'

const asha = testUser()

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

describe('ProfilePage', () => {
  const fetchMock = vi.fn()
  beforeEach(async () => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    await db.user.clear()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends a visitor without a stored user to the login page', async () => {
    renderInApp(<ProfilePage />, '/profile')
    await waitFor(() => expect(screen.getByTestId('elsewhere').textContent).toBe('/login'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('loads the profile, saves it, says "Saved!" for 3 s and updates the stored user', async () => {
    await storeUser(asha)
    const updated = { ...asha, firstName: 'Asha M' }
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/profile')
        return json(200, { success: true, data: fetchMock.mock.calls.length > 2 ? updated : asha })
      if (url === '/api/profile/update' && init.method === 'PATCH')
        return json(200, { success: true, message: 'Profile updated successfully!', data: updated })
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
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await screen.findByRole('button', { name: 'Saved!' })
    expect(screen.getByRole('status').textContent).toContain('Profile updated successfully!')
    const patch = fetchMock.mock.calls.find(([url]) => url === '/api/profile/update') as [string, RequestInit]
    expect(JSON.parse(String(patch[1].body))).toEqual({
      firstName: 'Asha M',
      lastName: 'Rao',
      age: 28,
      gender: 'female',
    })
    await waitFor(async () => expect((await db.user.get('me'))?.user.firstName).toBe('Asha M'))
    await act(async () => {
      vi.advanceTimersByTime(SAVED_LABEL_MS)
    })
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy()
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

  it('says "Failed to load profile data" and "Error updating profile"', async () => {
    await storeUser(asha)
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/profile' ? json(500, { success: false, message: 'boom', code: 'INTERNAL_ERROR' }) : json(500, {}),
    )
    const user = userEvent.setup()
    renderInApp(<ProfilePage />, '/profile')
    await screen.findByText('Failed to load profile data', {}, { timeout: 5000 })
    await user.click(screen.getByRole('button', { name: 'Save Profile' }))
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Error updating profile'))).toBe(true),
    )
  })
})
