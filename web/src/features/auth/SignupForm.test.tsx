import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { answer, gate, refuse, requests, server } from '../../test/api.ts'
import { renderInApp } from '../../test/render.tsx'
import { canCreate, SignupForm, signupBody } from './SignupForm.tsx'

const filled = {
  firstName: 'Asha',
  lastName: 'Rao',
  age: '28',
  gender: 'female',
  email: 'asha@example.in',
  password: 'Str0ng!pass',
}

describe('signup rules', () => {
  it('enables Create only when every field is filled and the e-mail is valid', () => {
    expect(canCreate(filled)).toBe(true)
    expect(canCreate({ ...filled, gender: '' })).toBe(false)
    expect(canCreate({ ...filled, age: ' ' })).toBe(false)
    expect(canCreate({ ...filled, email: 'asha@example' })).toBe(false)
  })
  it('sends age as a number', () => {
    expect(signupBody(filled)).toEqual({ ...filled, age: 28 })
  })
})

describe('SignupForm', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, values = filled) {
    await user.type(screen.getByLabelText('First name'), values.firstName)
    await user.type(screen.getByLabelText('Last name'), values.lastName)
    await user.type(screen.getByLabelText('Age'), values.age)
    await user.selectOptions(screen.getByLabelText('Gender'), values.gender)
    await user.type(screen.getByLabelText('Email'), values.email)
    await user.type(screen.getByLabelText('Password'), values.password)
  }

  it('keeps Create disabled until all is filled and the e-mail is valid, with live messages', async () => {
    const user = userEvent.setup()
    await renderInApp(<SignupForm />, '/signup')
    const create = await screen.findByRole('button', { name: 'Create' })
    expect(create).toHaveProperty('disabled', true)
    expect(screen.getByText('Minimum 8 characters, at least 1 symbol, at least 1 capital letter')).toBeTruthy()

    await fill(user, { ...filled, email: 'asha@example' })
    expect(create).toHaveProperty('disabled', true)
    // The e-mail field was left: its message shows under it.
    const email = screen.getByLabelText('Email')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Invalid email format')).toBeTruthy()
    expect(email.getAttribute('aria-describedby')).toContain(screen.getByText('Invalid email format').id)

    await user.type(email, '.in')
    expect(create).toHaveProperty('disabled', false)
    expect(screen.queryByText('Invalid email format')).toBeNull()
  })

  it('shows a field message only once the field was touched', async () => {
    const user = userEvent.setup()
    await renderInApp(<SignupForm />, '/signup')
    const first = await screen.findByLabelText('First name')
    expect(screen.queryByText('First name is required')).toBeNull()
    await user.click(first)
    await user.tab()
    expect(screen.getByText('First name is required')).toBeTruthy()
  })

  it('does not send a weak password and says why', async () => {
    const user = userEvent.setup()
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user, { ...filled, password: 'weakpassword1' })
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(requests()).toEqual([])
    expect(screen.getByText('Password must contain at least 1 symbol')).toBeTruthy()
  })

  it('does not send a password of mostly spaces, nor a name of invisible characters', async () => {
    const user = userEvent.setup()
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user, { ...filled, firstName: '\u200B\u200D', password: '       A!' })
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(requests()).toEqual([])
    expect(screen.getByText('Password must not be mostly spaces')).toBeTruthy()
    expect(screen.getByText('First name is required')).toBeTruthy()
  })

  it('shows the server refusing a common password', async () => {
    const user = userEvent.setup()
    const tooCommon = 'This password is too common. Please choose another.'
    const signup = refuse('signup', 400, tooCommon)
    server.use(signup)
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user, { ...filled, firstName: 'श्री', password: 'Password@123' })
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(tooCommon))
    expect(signup.calls[0]?.body).toMatchObject({ firstName: 'श्री', password: 'Password@123' })
  })

  it('sends the six fields with age as a number and says "Creating..." while busy', async () => {
    const user = userEvent.setup()
    const reply = gate()
    const signup = answer('signup', async () => {
      await reply.opened
      return { success: true, message: 'Account created successfully' }
    })
    server.use(signup)
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create' }))
    const busy = screen.getByRole('button', { name: 'Creating...' })
    expect(busy).toHaveProperty('disabled', true)
    await waitFor(() => expect(signup.calls.map((call) => call.body)).toEqual([{ ...filled, age: 28 }]))
    expect(requests()).toEqual(['POST /api/signup'])
    reply.open()
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Account created successfully'))
  })

  it('shows the server message on failure, else "Something went wrong!"', async () => {
    const user = userEvent.setup()
    server.use(refuse('signup', 409, 'An account with this email already exists', { once: true }))
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('An account with this email already exists'),
    )
    expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false)

    server.use(answer('signup', new Response('', { status: 500 })))
    await user.click(screen.getByRole('button', { name: 'Create' }))
    // The spec's words, then what she can do: never "Something went wrong!" alone.
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        "Something went wrong! The problem is on Wings' side, not yours. Try again in a few minutes.",
      ),
    )
  })
})
