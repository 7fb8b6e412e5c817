import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { testContact } from '../../test/fixtures.ts'
import { clearDb, json } from '../../test/sync.ts'
import { LocationText } from '../sos/index.ts'
import { clockText } from './format.ts'
import { LiveSharePanel } from './LiveSharePanel.tsx'
import { readPending } from './pendingShare.ts'
import { readShare } from './session.ts'
import { ShareTruthText } from './shareStatus.ts'
import { I18n, session, shareServer, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

const LINK = `${location.origin}/s/${TOKEN}`

describe('LiveSharePanel', () => {
  beforeEach(async () => {
    await clearDb()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'share')
  })

  it('offers 15 min, 1 hour and 4 hours, then shares for the chosen time and shows the link', async () => {
    const { calls } = shareServer()
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    expect(screen.getByRole('heading', { name: 'Share my live location' })).toBeTruthy()
    const group = await screen.findByRole('group', { name: 'For how long' })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['15 min', '1 hour', '4 hours'])
    expect(screen.getByRole('radio', { name: '1 hour' })).toHaveProperty('checked', true)
    await user.click(screen.getByRole('radio', { name: '4 hours' }))
    await user.click(screen.getByRole('button', { name: 'Share my live location' }))

    const link = await screen.findByRole('textbox', { name: 'Your live location link' })
    expect(link).toHaveProperty('value', LINK)
    expect(calls).toEqual([{ url: '/api/share', body: { durationMinutes: 240, deviceId: expect.any(String) } }])
    const share = await readShare()
    expect(screen.getByText(`The link works until ${clockText(share?.expiresAt ?? 0)}.`)).toBeTruthy()
    // Not "sharing" before the server has her position.
    expect(screen.getByText(`Your live link is ready. ${ShareTruthText.waiting}`)).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Your live link is ready until ${clockText(share?.expiresAt ?? 0)}.`,
      ),
    )
    expect(document.body.textContent).not.toMatch(/Sharing your live location|Sharing until/)
    expect(document.body.textContent).not.toContain(WRITE_KEY)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy link' })))
    expect(screen.queryByRole('button', { name: 'Share link' })).toBeNull()
  })

  it('copies the link', async () => {
    shareServer()
    await storeSession(session())
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(LINK)
    expect(screen.getByRole('status').textContent).toBe('Link copied.')
  })

  it('passes the link to the phone’s share sheet where there is one', async () => {
    shareServer()
    const share = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'share', { configurable: true, value: share })
    await storeSession(session())
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Share link' }))
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: LINK }))
  })

  it('sends the link on WhatsApp, to a trusted contact she chooses', async () => {
    shareServer()
    const running = session()
    await storeSession(running)
    // Stored by an older version with a trunk 0: addressed in E.164.
    await db.trustedContacts.put(testContact({ phone: '+9109876543210' }))
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    const text = encodeURIComponent(`Follow my live location on Wings until ${clockText(running.expiresAt)}: ${LINK}`)
    const whatsapp = await screen.findByRole('link', { name: 'Send on WhatsApp' })
    expect(whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${text}`)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'WhatsApp to' }), 'Amma (+919876543210)')
    expect(screen.getByRole('link', { name: 'Send on WhatsApp to Amma' }).getAttribute('href')).toBe(
      `https://wa.me/919876543210?text=${text}`,
    )
  })

  it('shows when her position last went out, and why it does not', async () => {
    shareServer()
    const sentAt = new Date().toISOString()
    await storeSession(session({ lastSentAt: sentAt }))
    render(<LiveSharePanel />, { wrapper: I18n })
    expect(await screen.findByText(`Last sent ${clockText(sentAt)}`)).toBeTruthy()
    expect(screen.getByText(/^Live location shared until \d\d:\d\d\.$/)).toBeTruthy()
    await act(() => storeSession(session({ lastSentAt: sentAt, problem: 'denied' })))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(LocationText.denied))
    expect(screen.getByRole('alert').textContent).toMatch(/^Not updated since \d\d:\d\d/)
    await act(() => storeSession(session({ lastSentAt: sentAt, problem: 'refused', problemStatus: 429 })))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Wings refused your position: too many updates. It tries again by itself in a moment.',
      ),
    )
    // What the answer means, never its bare status.
    expect(screen.getByRole('alert').textContent).not.toMatch(/\b429\b/)
    expect(screen.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
    expect(document.body.textContent).not.toMatch(/Live location shared/)
  })

  it('stops sharing at once', async () => {
    const { calls } = shareServer()
    await storeSession(session())
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Stop sharing' }))
    expect(await screen.findByRole('button', { name: 'Share my live location' })).toBeTruthy()
    expect(calls).toEqual([{ url: `/api/share/${TOKEN}/stop`, body: { writeKey: WRITE_KEY } }])
    expect(screen.getByRole('status').textContent).toBe('Sharing stopped.')
    expect(await readShare()).toBeNull()
  })

  it('stops on the phone when offline, and says the link shows the last position until it ends', async () => {
    shareServer(() => 'offline')
    const running = session()
    await storeSession(running)
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Stop sharing' }))
    await screen.findByRole('button', { name: 'Share my live location' })
    // The form is back once the phone forgot the share; the words come when the server could not be told.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `Sharing stopped on this phone. Wings could not be reached, so your link shows your last position until ${clockText(running.expiresAt)}.`,
      ),
    )
  })

  it('offline, says it is not shared and starts when she is back online; she may cancel it', async () => {
    shareServer(() => 'offline')
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Share my live location' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(ShareTruthText.pendingOffline)
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(await readPending()).toMatchObject({ durationMinutes: 60, sos: false })
    await user.click(screen.getByRole('button', { name: 'Do not start it' }))
    const start = await screen.findByRole('button', { name: 'Share my live location' })
    await waitFor(() => expect(document.activeElement).toBe(start))
    expect(await readPending()).toBeNull()
  })

  it('says what the server answered when it cannot start her share now', async () => {
    shareServer(() => json(503, { success: false, message: 'Wings is busy. Please try again.', code: 'UNAVAILABLE' }))
    const user = userEvent.setup()
    render(<LiveSharePanel />, { wrapper: I18n })
    await user.click(await screen.findByRole('button', { name: 'Share my live location' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Wings is busy. Please try again.')
    expect(await readPending()).toBeNull()
  })

  it('warns that stopping also ends a check-in', async () => {
    shareServer()
    await storeSession(session({ checkIn: { deadline: new Date(Date.now() + 600_000).toISOString() } }))
    render(<LiveSharePanel />, { wrapper: I18n })
    expect(await screen.findByText('Stopping also ends your check-in timer.')).toBeTruthy()
  })
})
