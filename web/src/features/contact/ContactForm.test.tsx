import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContactForm } from './ContactForm.tsx'

describe('ContactForm', () => {
  const fetchMock = vi.fn()
  const alertMock = vi.fn()
  beforeEach(() => {
    fetchMock.mockReset()
    alertMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('alert', alertMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Full name'), 'Asha Rao')
    await user.type(screen.getByLabelText('Email'), 'asha@example.in')
    await user.type(screen.getByLabelText('Your query'), 'Can we book a demo?')
  }

  it('says "Sending..." while busy, alerts success and clears the fields', async () => {
    let answer: (r: Response) => void = () => undefined
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    const user = userEvent.setup()
    render(<ContactForm />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/contact')
    expect(JSON.parse(String(init.body))).toEqual({
      fullName: 'Asha Rao',
      emailId: 'asha@example.in',
      query: 'Can we book a demo?',
    })
    answer(new Response(JSON.stringify({ success: true, message: 'Message sent successfully!' }), { status: 201 }))
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Message sent successfully!'))
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', '')
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false)
  })

  it('alerts failure and keeps the values', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }))
    const user = userEvent.setup()
    render(<ContactForm />)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Failed to send message. Please try again.'))
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Asha Rao')
  })

  it('sends nothing while a field is empty and says which', async () => {
    const user = userEvent.setup()
    render(<ContactForm />)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByText('Full name is required')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'))
  })
})
