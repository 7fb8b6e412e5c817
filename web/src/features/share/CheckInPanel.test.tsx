import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { CheckInPanel, CheckInText, deadlineFrom } from './CheckInPanel.tsx'
import { clockText } from './format.ts'
import { readShare } from './session.ts'
import { minutesFromNow, session, shareServer, stored, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

const NOON = new Date(2026, 2, 1, 12, 0)

describe('deadlineFrom', () => {
  it('reads minutes from now, or a time today', () => {
    expect(deadlineFrom('', '30', NOON)).toEqual(new Date(2026, 2, 1, 12, 30))
    expect(deadlineFrom('18:30', '', NOON)).toEqual(new Date(2026, 2, 1, 18, 30))
    expect(deadlineFrom('', '', NOON)).toBe(CheckInText.noTime)
    expect(deadlineFrom('', '226', NOON)).toBe(CheckInText.minutes)
    expect(deadlineFrom('', '2.5', NOON)).toBe(CheckInText.minutes)
    expect(deadlineFrom('11:50', '', NOON)).toBe(CheckInText.passed)
  })
})

describe('CheckInPanel', () => {
  beforeEach(async () => {
    await clearDb()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('starts a check-in in so many minutes: a share long enough, with the destination', async () => {
    const { calls } = shareServer()
    const user = userEvent.setup()
    render(<CheckInPanel />)
    expect(screen.getByRole('heading', { name: 'Check-in timer' })).toBeTruthy()
    expect(await screen.findByRole('group', { name: "I'll be there by" })).toBeTruthy()
    await user.type(screen.getByRole('spinbutton', { name: 'In (minutes)' }), '30')
    await user.type(screen.getByRole('textbox', { name: 'Destination (optional)' }), 'Home')
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Start check-in' }))

    expect(await screen.findByRole('button', { name: "I'm safe" })).toBeTruthy()
    expect(calls[0]?.url).toBe('/api/share')
    const body = calls[0]?.body as { durationMinutes: number; checkIn: { deadline: string; destination: string } }
    expect(body.durationMinutes).toBe(60)
    expect(body.checkIn.destination).toBe('Home')
    const deadline = Date.parse(body.checkIn.deadline)
    expect(deadline - before).toBeGreaterThanOrEqual(30 * 60_000 - 1_000)
    expect(deadline - before).toBeLessThanOrEqual(30 * 60_000 + 5_000)
    expect(screen.getByText(`Check in by ${clockText(deadline)}`)).toBeTruthy()
    expect(screen.getByText('Destination: Home')).toBeTruthy()
    const share = await readShare()
    expect(screen.getByRole('status').textContent).toBe(
      `Check-in set for ${clockText(deadline)}. Your live location is shared until ${clockText(share?.expiresAt ?? 0)}.`,
    )
  })

  it('takes a time, and typing one clears the minutes (and back)', async () => {
    const user = userEvent.setup()
    render(<CheckInPanel />)
    const minutes = await screen.findByRole('spinbutton', { name: 'In (minutes)' })
    const time = screen.getByLabelText('Time')
    await user.type(minutes, '20')
    await user.type(time, '18:30')
    expect(minutes).toHaveProperty('value', '')
    expect(time).toHaveProperty('value', '18:30')
    await user.type(minutes, '5')
    expect(time).toHaveProperty('value', '')
  })

  it('says what is missing or wrong', async () => {
    const { calls } = shareServer()
    const user = userEvent.setup()
    render(<CheckInPanel />)
    await user.click(await screen.findByRole('button', { name: 'Start check-in' }))
    expect((await screen.findByRole('alert')).textContent).toBe(CheckInText.noTime)
    await user.type(screen.getByRole('spinbutton', { name: 'In (minutes)' }), '300')
    await user.click(screen.getByRole('button', { name: 'Start check-in' }))
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number of minutes from 1 to 225.')
    expect(calls).toEqual([])
  })

  it('asks for permission to notify when she starts a check-in', async () => {
    shareServer()
    const requestPermission = vi.fn(async () => 'granted')
    vi.stubGlobal('Notification', { permission: 'default', requestPermission })
    const user = userEvent.setup()
    render(<CheckInPanel />)
    await user.type(await screen.findByRole('spinbutton', { name: 'In (minutes)' }), '10')
    await user.click(screen.getByRole('button', { name: 'Start check-in' }))
    expect(requestPermission).toHaveBeenCalledTimes(1)
  })

  it('"I\'m safe" ends the timer and tells the server', async () => {
    const { calls } = shareServer()
    await storeSession(session({ checkIn: { deadline: minutesFromNow(10) } }))
    const user = userEvent.setup()
    render(<CheckInPanel />)
    await user.click(await screen.findByRole('button', { name: "I'm safe" }))
    expect(await screen.findByRole('button', { name: 'Start check-in' })).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Marked as safe at \d\d:\d\d\.$/))
    expect(calls).toEqual([{ url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY } }])
    expect((await stored())?.safeAt).toBeDefined()
  })

  it('says when she missed the check-in, and still lets her say she is safe', async () => {
    shareServer()
    const deadline = minutesFromNow(-2)
    await storeSession(session({ checkIn: { deadline } }))
    render(<CheckInPanel />)
    expect((await screen.findByRole('alert')).textContent).toContain(
      `You missed your check-in at ${clockText(deadline)}.`,
    )
    expect(screen.getByRole('button', { name: "I'm safe" })).toBeTruthy()
  })

  it('shows the server’s refusal in words', async () => {
    shareServer(() => 'offline')
    const user = userEvent.setup()
    render(<CheckInPanel />)
    await user.type(await screen.findByRole('spinbutton', { name: 'In (minutes)' }), '10')
    await user.click(screen.getByRole('button', { name: 'Start check-in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Live sharing needs a connection.')
  })
})
