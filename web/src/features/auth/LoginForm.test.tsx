import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render.tsx'
import { LoginForm } from './LoginForm.tsx'

describe('LoginForm', () => {
  const fetchMock = vi.fn()
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('says "Please fill all fields" and sends nothing when a field is empty', async () => {
    const user = userEvent.setup()
    await renderInApp(<LoginForm />, '/login')
    await user.click(await screen.findByRole('button', { name: 'Login' }))
    expect(screen.getByRole('alert').textContent).toBe('Please fill all fields')
    await user.type(screen.getByLabelText('Email'), 'asha@example.in')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getByRole('alert').textContent).toContain('Please fill all fields')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows and hides the password', async () => {
    const user = userEvent.setup()
    await renderInApp(<LoginForm />, '/login')
    const password = await screen.findByLabelText('Password')
    expect(password.getAttribute('type')).toBe('password')
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    await user.click(toggle)
    expect(password.getAttribute('type')).toBe('text')
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('shows the server message on failure, else "Login failed"', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: 'Invalid email or password', code: 'UNAUTHENTICATED' }), {
        status: 401,
      }),
    )
    await renderInApp(<LoginForm />, '/login')
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in')
    await user.type(screen.getByLabelText('Password'), 'Wrong!pass1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid email or password'))

    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }))
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Login failed'))
  })

  it('says "Logged in successfully" and signs in', async () => {
    const user = userEvent.setup()
    const data = {
      _id: 'a'.repeat(24),
      firstName: 'Asha',
      lastName: 'Rao',
      age: 28,
      gender: 'female',
      email: 'asha@example.in',
      likedPosts: [],
      dislikedPosts: [],
    }
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: true, message: 'Logged in successfully', data }), { status: 200 }),
    )
    await renderInApp(<LoginForm />, '/login')
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in')
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Logged in successfully'))
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', true)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/login')
    expect(JSON.parse(String(init.body))).toEqual({ email: 'asha@example.in', password: 'Str0ng!pass' })
  })
})
