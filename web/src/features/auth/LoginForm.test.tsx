import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, refuse, requests, server, unreachable } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { LoginForm } from './LoginForm.tsx'

describe('LoginForm', () => {
  it('says "Please fill all fields" and sends nothing when a field is empty', async () => {
    const user = userEvent.setup()
    await renderInApp(<LoginForm />, '/login')
    await user.click(await screen.findByRole('button', { name: 'Login' }))
    expect(screen.getByRole('alert').querySelector('.toast__text')?.textContent).toBe('Please fill all fields')
    await user.type(screen.getByLabelText('Email'), 'asha@example.in')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(screen.getByRole('alert').textContent).toContain('Please fill all fields')
    expect(requests()).toEqual([])
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
    server.use(refuse('login', 401, 'Invalid email or password', { once: true }))
    await renderInApp(<LoginForm />, '/login')
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in')
    await user.type(screen.getByLabelText('Password'), 'Wrong!pass1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Invalid email or password. Check what you entered and try again.',
      ),
    )

    server.use(answer('login', new Response('oops', { status: 500 })))
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        "Login failed. The problem is on Wings' side, not yours. Try again in a few minutes.",
      ),
    )
  })

  it('says why a login failed and what to do: offline, too many tries (with the wait), never a bare status', async () => {
    const user = userEvent.setup()
    server.use(unreachable('login', { once: true }))
    await renderInApp(<LoginForm />, '/login')
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in')
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Login failed. There is no connection. Try again when you are back online.',
      ),
    )
    server.use(
      refuse('login', 429, 'Too many login attempts. Please try again later.', { headers: { 'Retry-After': '45' } }),
    )
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Too many login attempts. Please try again later. You can try again in 45 seconds.',
      ),
    )
    expect(screen.getByRole('alert').textContent).not.toMatch(/\b429\b/)
  })

  it('says "Logged in successfully" and signs in', async () => {
    const user = userEvent.setup()
    const login = answer('login', { success: true, message: 'Logged in successfully', data: testUser() })
    server.use(login)
    await renderInApp(<LoginForm />, '/login')
    await user.type(await screen.findByLabelText('Email'), 'asha@example.in')
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Logged in successfully'))
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', true)
    expect(login.calls.map((call) => call.body)).toEqual([{ email: 'asha@example.in', password: 'Str0ng!pass' }])
  })
})
