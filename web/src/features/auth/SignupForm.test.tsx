import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
  const fetchMock = vi.fn()
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

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
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByText('Password must contain at least 1 symbol')).toBeTruthy()
  })

  it('does not send a password of mostly spaces, nor a name of invisible characters', async () => {
    const user = userEvent.setup()
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user, { ...filled, firstName: '\u200B\u200D', password: '       A!' })
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByText('Password must not be mostly spaces')).toBeTruthy()
    expect(screen.getByText('First name is required')).toBeTruthy()
  })

  it('shows the server refusing a common password', async () => {
    const user = userEvent.setup()
    const tooCommon = 'This password is too common. Please choose another.'
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ success: false, message: tooCommon, code: 'VALIDATION_ERROR' }), { status: 400 }),
    )
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user, { ...filled, firstName: 'श्री', password: 'Password@123' })
    await user.click(screen.getByRole('button', { name: 'Create' }))
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({
      firstName: 'श्री',
      password: 'Password@123',
    })
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(tooCommon))
  })

  it('sends the six fields with age as a number and says "Creating..." while busy', async () => {
    const user = userEvent.setup()
    let answer: (r: Response) => void = () => undefined
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create' }))
    const busy = screen.getByRole('button', { name: 'Creating...' })
    expect(busy).toHaveProperty('disabled', true)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/signup')
    expect(JSON.parse(String(init.body))).toEqual({ ...filled, age: 28 })
    answer(new Response(JSON.stringify({ success: true, message: 'Account created successfully' }), { status: 201 }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Account created successfully'))
  })

  it('shows the server message on failure, else "Something went wrong!"', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ success: false, message: 'An account with this email already exists', code: 'CONFLICT' }),
        {
          status: 409,
        },
      ),
    )
    await renderInApp(<SignupForm />, '/signup')
    await screen.findByRole('button', { name: 'Create' })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('An account with this email already exists'),
    )
    expect(screen.getByRole('button', { name: 'Create' })).toHaveProperty('disabled', false)

    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }))
    await user.click(screen.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Something went wrong!'))
  })
})
