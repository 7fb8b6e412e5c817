import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../db/db.ts'
import { storeUser } from '../features/auth/AuthProvider.tsx'
import { installQuickExitKey, setQuickExitNavigator } from '../features/quick-exit/quickExit.ts'
import { onSosRequest } from '../features/sos/sosRequest.ts'
import { answer, server } from '../test/api.ts'
import { testUser } from '../test/fixtures.ts'
import { renderInApp } from '../test/render.tsx'
import { Header } from './Header.tsx'

const asha = testUser()

describe('Header', () => {
  const leave = vi.fn()
  let removeQuickExitKey = () => {}
  beforeEach(async () => {
    // main.tsx installs the Escape key for the whole app; the header's menu must take Escape first.
    removeQuickExitKey = installQuickExitKey()
    leave.mockReset()
    setQuickExitNavigator(leave)
    await db.user.clear()
  })
  afterEach(() => {
    removeQuickExitKey()
  })

  it('shows the main links and a Login link to a visitor', async () => {
    renderInApp(<Header />)
    const nav = await screen.findByRole('navigation', { name: 'Main' })
    for (const name of ['Blog', 'Contact us', 'Want help?', 'Safety tools', 'Route Planner', 'Report an incident']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy()
    }
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Want help?' }).getAttribute('href')).toBe('/help')
    expect(screen.getByRole('link', { name: 'Safety tools' }).getAttribute('href')).toBe('/safety')
    expect(screen.getByRole('button', { name: 'Emergency SOS' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Quick exit' })).toBeTruthy()
  })

  it('opens Safety tools from the menu with the keyboard alone', async () => {
    const user = userEvent.setup()
    const { router } = renderInApp(<Header />)
    const menu = await screen.findByRole('button', { name: 'Menu' })
    menu.focus()
    await user.keyboard('{Enter}')
    const link = screen.getByRole('link', { name: 'Safety tools' })
    while (document.activeElement !== link) await user.tab()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.pathname).toBe('/safety'))
    expect(menu.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens the SOS sheet from its button, named "Emergency SOS" also where it reads "SOS"', async () => {
    const opened = vi.fn()
    const stop = onSosRequest(opened)
    try {
      const user = userEvent.setup()
      renderInApp(<Header />)
      const sos = await screen.findByRole('button', { name: 'Emergency SOS' })
      expect(sos.textContent).toBe('Emergency SOS')
      await user.click(sos)
      expect(opened).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })

  it('opens and closes the menu; Escape closes it without leaving, a second Escape leaves', async () => {
    const user = userEvent.setup()
    renderInApp(<Header />)
    const menu = await screen.findByRole('button', { name: 'Menu' })
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(menu.getAttribute('aria-controls')).toBe('main-menu')
    await user.click(menu)
    expect(menu.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toBe('Blog')
    await user.keyboard('{Escape}')
    expect(menu.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(menu)
    expect(leave).not.toHaveBeenCalled()
    await user.keyboard('{Escape}')
    expect(leave).toHaveBeenCalledTimes(1)
  })

  it('greets a signed-in user and logs out', async () => {
    await storeUser(asha)
    const logout = answer('logout', { success: true, message: 'Logged out' })
    server.use(logout)
    const user = userEvent.setup()
    renderInApp(<Header />)
    expect(await screen.findByText('Hi, Asha')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByText('Logged out successfully!')).toBeTruthy()
    expect(logout.calls).toHaveLength(1)
    expect(await db.user.get('me')).toBeUndefined()
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy()
  })

  it('says "Logout failed. Please try again." and keeps the user when the server fails', async () => {
    await storeUser(asha)
    server.use(answer('logout', new Response('', { status: 500 })))
    const user = userEvent.setup()
    renderInApp(<Header />)
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Logout failed. Please try again.'))
    expect((await db.user.get('me'))?.user.firstName).toBe('Asha')
  })
})
