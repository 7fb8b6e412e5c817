import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb } from '../../test/sync.ts'
import { lastKnownPosition, rememberPosition } from './lastPosition.ts'
import { SosSheet } from './SosSheet.tsx'
import { SOS_CONFIRM, SOS_MESSAGE, SOS_NO_LOCATION } from './sos.ts'
import { requestSos } from './sosRequest.ts'

const share = vi.hoisted(() => ({
  current: vi.fn(async (): Promise<{ url: string } | null> => null),
  start: vi.fn(async (_minutes: number, _checkIn?: unknown, _options?: { sos?: boolean }) => ({ url: '/s/abc' })),
}))
vi.mock('../share/session.ts', () => ({
  currentShare: share.current,
  startShare: share.start,
  shareLink: (s: { url: string }) => `https://wings.test${s.url}`,
}))
const contacts = vi.hoisted(() => ({ now: vi.fn(async () => [] as { name: string; phone: string }[]) }))
vi.mock('../trusted-contacts/contacts.ts', () => ({ trustedContactsNow: contacts.now }))

const linkTo = (name: string) => screen.getByRole('link', { name }).getAttribute('href') ?? ''
const decoded = (href: string, prefix: string) => decodeURIComponent(href.slice(prefix.length))

describe('SosSheet', () => {
  const confirmMock = vi.fn(() => true)
  beforeEach(async () => {
    await clearDb()
    confirmMock.mockReset().mockReturnValue(true)
    vi.stubGlobal('confirm', confirmMock)
    share.current.mockResolvedValue(null)
    share.start.mockClear()
    contacts.now.mockResolvedValue([])
  })
  afterEach(() => {
    removeGeolocation()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  async function openSheet(request = {}) {
    renderInApp(<SosSheet />, '/')
    // The router renders the screen a tick later: the sheet listens once its (closed) dialog is there.
    await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull())
    await act(async () => requestSos(request))
  }

  it('asks first, and does nothing when she cancels', async () => {
    confirmMock.mockReturnValue(false)
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    await openSheet()
    expect(confirmMock).toHaveBeenCalledWith(SOS_CONFIRM)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('offers WhatsApp, SMS to her trusted contacts and 112, with the position, a maps link and a live link', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    contacts.now.mockResolvedValue([
      { name: 'Amma', phone: '+919876543210' },
      { name: 'Riya', phone: '+447700900123' },
    ])
    await openSheet()
    const dialog = await screen.findByRole('dialog', { name: 'Emergency SOS' })
    await within(dialog).findByText('Your location: 18.92200, 72.83470')
    await waitFor(() => expect(linkTo('Send on WhatsApp')).toContain('s%2Fabc'))
    const text = decoded(linkTo('Send on WhatsApp'), 'https://wa.me/?text=')
    expect(text).toContain(`${SOS_MESSAGE} 18.92200, 72.83470`)
    expect(text).toContain('https://maps.google.com/?q=18.92200,72.83470')
    expect(text).toContain('Follow my live location: https://wings.test/s/abc')
    // Marked as SOS, so that the server never refuses it for its rate limits.
    expect(share.start).toHaveBeenCalledWith(60, undefined, { sos: true })
    expect(linkTo('Send SMS to trusted contacts')).toBe(
      `sms:+919876543210,+447700900123?body=${encodeURIComponent(text)}`,
    )
    expect(linkTo('Call 112')).toBe('tel:112')
    screen.getByText('SMS goes to Amma, Riya and works without mobile data.')
    expect(await lastKnownPosition()).toMatchObject({ lat: 18.922, lon: 72.8347 })
  })

  it('without a fix, uses the last known position with its age and says why', async () => {
    await rememberPosition({ lat: 18.95, lon: 72.81, accuracy: 30, at: Date.now() - 12 * 60_000 })
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    await openSheet()
    await screen.findByText('Last known position, 12 minutes ago: 18.95000, 72.81000 (within 30 m)')
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(SOS_NO_LOCATION)
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain('(last known position, 12 minutes ago)')
  })

  it('offline, it still offers SMS and a call, and says the message has no live link', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    await openSheet()
    await screen.findByText('No connection: the message has no live link.')
    expect(share.start).not.toHaveBeenCalled()
    expect(linkTo('Call 112')).toBe('tel:112')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain('18.92200, 72.83470')
  })

  it('a missed check-in opens it without asking, with its own message', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    await openSheet({ message: "I didn't check in by 23:30. I may need help. My last location is:", skipConfirm: true })
    expect(confirmMock).not.toHaveBeenCalled()
    await screen.findByText('Your location: 18.92200, 72.83470')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain("I didn't check in by 23:30.")
  })
})
