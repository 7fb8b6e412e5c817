import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, refuse, requests, server } from '../../test/api.ts'
import { testUser } from '../../test/fixtures.ts'
import { renderInApp } from '../../test/render.tsx'
import { LoginForm } from './LoginForm.tsx'

describe('LoginForm', () => {
  it('says "Please fill all fields" and sends nothing when a field is empty', async () => {
    const user = userEvent.setup()
    await renderInApp(<LoginForm />, '/login')
    await user.click(await screen.findByRole('button', { name: 'Login' }))
    expect(screen.getByRole('alert').textContent).toBe('Please fill all fields')
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
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Invalid email or password'))

    server.use(answer('login', new Response('oops', { status: 500 })))
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Login failed'))
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
