import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { failure, gate, requests } from '../../test/api.ts'
import { syncServer } from '../../test/sync.ts'
import { ContactForm } from './ContactForm.tsx'

const BODY = { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Can we book a demo?' }

import { freshContactForm, InApp, news } from './testing.ts'

describe('ContactForm', () => {
  freshContactForm()

  /** Sends a filled form and waits for the words said when the message waits in the outbox. */
  async function sendAndHearItWaits() {
    const user = userEvent.setup()
    render(<ContactForm />, { wrapper: InApp })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(news()).toBe('You are offline. Your message will be sent when you are back online.'))
  }

  async function fill(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Full name'), BODY.fullName)
    await user.type(screen.getByLabelText('Email'), BODY.emailId)
    await user.type(screen.getByLabelText('Your query'), BODY.query)
  }

  it('says "Sending..." while busy, a success toast once the server has it, and clears the fields', async () => {
    const reply = gate()
    const { pushes } = syncServer({
      push: async () => {
        await reply.opened
        return 'applied' as const
      },
    })
    const user = userEvent.setup()
    render(<ContactForm />, { wrapper: InApp })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true)
    await waitFor(() => expect(pushes).toHaveLength(1))
    const op = pushes[0]?.ops[0]
    expect(op).toMatchObject({ type: 'contact.send', payload: BODY })
    reply.open()
    await waitFor(() => expect(news()).toBe('Message sent successfully!'))
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', '')
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false)
    expect(await db.outbox.count()).toBe(0)
  })

  it('offline: keeps the message in the outbox, says it will be sent, and clears the fields', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    syncServer()
    await sendAndHearItWaits()
    expect(requests()).toEqual([])
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', '')
    expect((await db.outbox.toArray()).map((op) => op.payload)).toEqual([BODY])
    vi.restoreAllMocks()
  })

  it('server out of reach: the message waits in the outbox and the same words are said', async () => {
    syncServer({ push: () => failure(503) })
    await sendAndHearItWaits()
    expect(await db.outbox.count()).toBe(1)
  })

  it('says the failure beside Send and keeps the values when the server refuses the message', async () => {
    syncServer({ push: () => ({ status: 'rejected', code: 'RATE_LIMITED', message: 'Too many messages' }) })
    const user = userEvent.setup()
    render(<ContactForm />, { wrapper: InApp })
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    // Said beside Send (role=alert) until she sends again; her words stay.
    const failed = await screen.findByText('Failed to send message. Please try again.')
    expect(failed.getAttribute('role')).toBe('alert')
    expect(failed.closest('form')).not.toBeNull()
    expect(news()).toBe('')
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Asha Rao')
    // Answered here, so not also listed as a conflict.
    expect(await db.conflicts.count()).toBe(0)
    expect(await db.outbox.count()).toBe(0)
  })

  it('sends nothing while a field is empty and says which', async () => {
    syncServer()
    const user = userEvent.setup()
    render(<ContactForm />, { wrapper: InApp })
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(requests()).toEqual([])
    expect(await db.outbox.count()).toBe(0)
    expect(screen.getByText('Full name is required')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'))
  })
})
