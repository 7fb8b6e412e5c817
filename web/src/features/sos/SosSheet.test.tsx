import { act, screen, waitFor, within } from '@testing-library/react'
import { GuardianMessages } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { testUser } from '../../test/fixtures.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, json, syncServer } from '../../test/sync.ts'
import { storeUser } from '../auth/AuthProvider.tsx'
import { SOS_ALERT_MESSAGE } from './guardianAlert.ts'
import { lastKnownPosition, rememberPosition } from './lastPosition.ts'
import { SosSheet } from './SosSheet.tsx'
import { SOS_CONFIRM, SOS_MESSAGE, SOS_NO_LOCATION } from './sos.ts'
import { requestSos } from './sosRequest.ts'

const share = vi.hoisted(() => ({
  current: vi.fn(async (): Promise<{ url: string; token?: string } | null> => null),
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

describe('SosSheet alerting her guardians', () => {
  const SHARE_TOKEN = 'S'.repeat(43)
  const confirmMock = vi.fn(() => true)
  const guardian = (n: number, state: 'invited' | 'active' | 'stopped') => ({
    id: String(n).padStart(24, '0'),
    name: `Friend ${n}`,
    state,
    push: state === 'active',
    email: false,
  })
  const withGuardians = (guardians: unknown[]) => (url: string) =>
    url === '/api/guardians' ? json(200, { guardians }) : json(404, { success: false, message: 'x', code: 'NOT_FOUND' })
  const sosOps = async () => (await db.outbox.toArray()).filter((op) => op.type === 'sos.alert')
  const guardiansLine = () => document.querySelector('.sos-sheet__guardians')

  beforeEach(async () => {
    await clearDb()
    confirmMock.mockReset().mockReturnValue(true)
    vi.stubGlobal('confirm', confirmMock)
    share.current.mockResolvedValue(null)
    share.start.mockClear()
    contacts.now.mockResolvedValue([])
    await storeUser(testUser())
  })
  afterEach(() => {
    removeGeolocation()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  async function pressSos(request = {}) {
    renderInApp(<SosSheet />, '/')
    await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull())
    await act(async () => requestSos(request))
  }

  it('sends her position, the live link and her message to the server, and says how many are alerted', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    share.current.mockResolvedValue({ url: '/s/abc', token: SHARE_TOKEN })
    const { pushes } = syncServer({
      other: withGuardians([guardian(1, 'active'), guardian(2, 'invited'), guardian(3, 'active')]),
    })
    await pressSos()
    await screen.findByText('2 guardians alerted.')
    const sent = pushes.flatMap((p) => p.ops).filter((op) => op.type === 'sos.alert')
    expect(sent).toEqual([
      expect.objectContaining({
        payload: { lat: 18.922, lon: 72.8347, shareToken: SHARE_TOKEN, message: SOS_ALERT_MESSAGE },
      }),
    ])
    expect(await sosOps()).toEqual([])
    // Everything the sheet did before is still there.
    expect(linkTo('Call 112')).toBe('tel:112')
    await waitFor(() => expect(linkTo('Send on WhatsApp')).toContain('s%2Fabc'))
  })

  it('with no guardians, says nobody was alerted and where to invite one', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    syncServer({ other: withGuardians([]) })
    await pressSos()
    await waitFor(() => expect(guardiansLine()?.textContent).toBe('No guardians yet: invite one on Safety tools.'))
    expect(
      within(guardiansLine() as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/safety')
  })

  it('with guardians who have not turned alerts on, does not claim anyone was alerted', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    syncServer({ other: withGuardians([guardian(1, 'invited'), guardian(2, 'stopped')]) })
    await pressSos()
    await screen.findByText('None of your guardians has turned on alerts yet, so nobody was alerted by Wings.')
  })

  it('offline, keeps the alert in the outbox and says it goes when she is back online', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { pushes } = syncServer()
    await pressSos()
    await screen.findByText('Your guardians will be alerted when you are back online.')
    expect(await sosOps()).toEqual([
      expect.objectContaining({ payload: { lat: 18.922, lon: 72.8347, message: SOS_ALERT_MESSAGE } }),
    ])
    expect(pushes).toEqual([])
  })

  it('says so when the server refuses the alert', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    syncServer({
      push: (body) =>
        json(200, {
          success: true,
          results: body.ops.map((op) => ({
            opId: op.opId,
            status: 'rejected',
            code: 'RATE_LIMITED',
            message: GuardianMessages.tooManyAlerts,
          })),
        }),
    })
    await pressSos()
    await screen.findByText(GuardianMessages.tooManyAlerts)
  })

  it('with only a last known position, sends it and says how old it is', async () => {
    await rememberPosition({ lat: 18.95, lon: 72.81, accuracy: 30, at: Date.now() - 12 * 60_000 })
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    syncServer()
    await pressSos()
    await screen.findByText('Your guardians will be alerted when you are back online.')
    const [payload] = (await sosOps()).map((op) => op.payload as { message: string })
    expect(payload).toMatchObject({ lat: 18.95, lon: 72.81, accuracy: 30 })
    expect(payload?.message).toContain('last known position, 12 minutes ago')
  })

  it('with no position at all, queues nothing and says her guardians could not be alerted', async () => {
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    syncServer()
    await pressSos()
    await screen.findByText(/Your guardians could not be alerted: your location is not known/)
    expect(await sosOps()).toEqual([])
  })

  it('sends nothing when she cancels, when signed out, or for a missed check-in (the server alerts for that)', async () => {
    mockGeolocation({ lat: 18.922, lon: 72.8347 })
    const { pushes } = syncServer({ other: withGuardians([guardian(1, 'active')]) })
    confirmMock.mockReturnValue(false)
    await pressSos()
    confirmMock.mockReturnValue(true)
    await act(async () => requestSos({ message: "I didn't check in by 23:30.", skipConfirm: true }))
    await screen.findByText('Your location: 18.92200, 72.83470')
    expect(guardiansLine()).toBeNull()

    await db.user.clear()
    await act(async () => requestSos())
    await screen.findByText('Your location: 18.92200, 72.83470')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(guardiansLine()).toBeNull()
    expect(await sosOps()).toEqual([])
    expect(pushes).toEqual([])
  })
})
