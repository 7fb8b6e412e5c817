import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { GuardianMessages } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { setLanguage } from '../../i18n/language.ts'
import { testUser } from '../../test/fixtures.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, json, type PushCall } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { patchShare, readPending, readShare, retryPendingShare, ShareTruthText } from '../share/index.ts'
import { shareServer, TOKEN } from '../share/testing.ts'
import {
  LocationText,
  lastKnownPosition,
  rememberPosition,
  requestSos,
  SOS_CONFIRM,
  SOS_MESSAGE,
  SOS_MESSAGE_NO_PLACE,
  SOS_NO_GEOLOCATION,
} from '../sos/index.ts'
import { HELD_ALERT_KEY, SOS_ALERT_MESSAGE } from './guardianAlert.ts'
import { SosSheet, SosText } from './SosSheet.tsx'

const contacts = vi.hoisted(() => ({ now: vi.fn(async () => [] as { name: string; phone: string }[]) }))
vi.mock('../trusted-contacts/contacts.ts', () => ({ trustedContactsNow: contacts.now }))

const HERE = { lat: 18.922, lon: 72.8347 }
const LIVE = `${location.origin}/s/${TOKEN}`

interface Call {
  url: string
  body: Record<string, unknown> | undefined
}

/**
 * The server as the sheet meets it: shares (made with TOKEN), the sync push and pull, and GET /api/guardians.
 * `net.offline` makes every request fail as with no network; `net.share` may answer a share request instead.
 */
function fakeServer(options: { guardians?: unknown[]; push?: (body: PushCall) => Response | undefined } = {}) {
  const pushes: PushCall[] = []
  const net: { offline: boolean; share?: ((call: Call) => Response | undefined) | undefined } = { offline: false }
  const { calls } = shareServer(
    (call) => {
      if (net.offline) return 'offline'
      if (call.url === '/api/sync/push') {
        const push = call.body as unknown as PushCall
        pushes.push(push)
        return (
          options.push?.(push) ??
          json(200, { success: true, results: push.ops.map((op) => ({ opId: op.opId, status: 'applied' })) })
        )
      }
      if (call.url.startsWith('/api/sync/pull'))
        return json(200, { success: true, cursor: 0, more: false, changes: [] })
      if (call.url === '/api/guardians') return json(200, { guardians: options.guardians ?? [] })
      return call.url.startsWith('/api/share') ? net.share?.(call) : undefined
    },
    ['syncPush', 'syncPull', 'guardians', 'sos'],
  )
  const shareCalls = () => calls.filter((c) => c.url.startsWith('/api/share'))
  const sosOps = () => pushes.flatMap((p) => p.ops).filter((op) => op.type === 'sos.alert')
  return { calls, shareCalls, pushes, sosOps, net }
}

const sheet = () => screen.getByRole('dialog', { name: 'Emergency SOS', hidden: true })
const linkTo = (name: string) => within(sheet()).getByRole('link', { name, hidden: true }).getAttribute('href') ?? ''
const button = (name: string) => within(sheet()).getByRole('button', { name, hidden: true })
const decoded = (href: string, prefix: string) => decodeURIComponent(href.slice(prefix.length))
const liveLine = () => document.querySelector('.sos-sheet__live')?.textContent ?? ''
const guardiansLine = () => document.querySelector('.sos-sheet__guardians')?.textContent ?? null
const queuedSos = async () => (await db.outbox.toArray()).filter((op) => op.type === 'sos.alert')

/** The SOS flow goes on after a test's last look: it must not write into the next test's database. */
async function settle() {
  await waitFor(() => expect(liveLine()).not.toBe(SosText.making))
  await new Promise((resolve) => setTimeout(resolve, 30))
}

async function openSheet(request = {}) {
  const user = userEvent.setup()
  renderInApp(<SosSheet />, '/')
  // The router renders the screen a tick later: the sheet listens once its (closed) dialog is there.
  await waitFor(() => expect(document.querySelector('dialog')).not.toBeNull())
  await act(async () => requestSos(request))
  // What follows Call 112 comes with its own script, a moment later.
  await waitFor(() => expect(document.querySelector('dialog .sos-sheet__actions')).not.toBeNull())
  return user
}

async function pressSos(request = {}) {
  const user = await openSheet(request)
  await user.click(button('Send SOS'))
  return user
}

/** Each test starts on an empty phone with no trusted contacts, and ends with every fake undone. */
function freshSheetEachTest() {
  beforeEach(async () => {
    await clearDb()
    contacts.now.mockResolvedValue([])
  })
  afterEach(async () => {
    await settle()
    removeGeolocation()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
}

describe('SosSheet', () => {
  freshSheetEachTest()

  it('opens at once with Call 112 first, the helplines and Safety tools, and asks in the sheet', async () => {
    const confirm = vi.fn(() => true)
    vi.stubGlobal('confirm', confirm)
    const geo = mockGeolocation(HERE)
    const server = fakeServer()
    await openSheet()
    expect(sheet().hasAttribute('open')).toBe(true)
    expect(confirm).not.toHaveBeenCalled()
    // Call 112 is the first thing she can reach after the heading.
    const reachable = sheet().querySelectorAll('a[href], button')
    expect(reachable[0]?.textContent).toBe('Call 112')
    expect(reachable[0]?.getAttribute('href')).toBe('tel:112')
    expect(linkTo('Helplines')).toBe('/help')
    expect(linkTo('Safety tools')).toBe('/safety')
    // The question is there with Call 112, right after it, and its Send SOS has the focus: one key answers it.
    expect(within(sheet()).getByText(SOS_CONFIRM)).toBeTruthy()
    expect(reachable[1]?.textContent).toBe('Send SOS')
    expect(document.activeElement).toBe(button('Send SOS'))
    expect(button('Send SOS').getAttribute('aria-describedby')).toBe(within(sheet()).getByText(SOS_CONFIRM).id)
    // Nothing is read or sent before she answers.
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(geo.calls).toBe(0)
    expect(server.calls).toEqual([])
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toBe(SOS_MESSAGE_NO_PLACE)
  })

  it("'Don't send' reads and sends nothing, says so, and leaves 112, the helplines and SMS", async () => {
    const geo = mockGeolocation(HERE)
    const server = fakeServer()
    await storeUser(testUser())
    const user = await openSheet()
    await user.click(button("Don't send"))
    const note = within(sheet()).getByText(SosText.declined)
    expect(document.activeElement).toBe(note)
    expect(linkTo('Call 112')).toBe('tel:112')
    expect(linkTo('Helplines')).toBe('/help')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toBe(SOS_MESSAGE_NO_PLACE)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(geo.calls).toBe(0)
    expect(server.calls).toEqual([])
    expect(await queuedSos()).toEqual([])
    expect(await readShare()).toBeNull()
  })

  it('answers from the keyboard: Enter on Send SOS sends, and the focus goes to what it did', async () => {
    mockGeolocation(HERE)
    fakeServer()
    const user = await openSheet()
    button('Send SOS').focus()
    await user.keyboard('{Enter}')
    await within(sheet()).findByText('Your location: 18.92200, 72.83470')
    expect(document.activeElement?.className).toContain('sos-sheet__where')
  })

  it('Space on the focused Send SOS sends too; Tab and Shift+Tab go round inside the sheet', async () => {
    mockGeolocation(HERE)
    fakeServer()
    const user = await openSheet()
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(document.activeElement?.textContent).toBe('Call 112')
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(document.activeElement?.textContent).toBe('Close')
    await user.keyboard('{Tab}')
    expect(document.activeElement?.textContent).toBe('Call 112')
    await user.keyboard('{Tab}')
    await user.keyboard(' ')
    await within(sheet()).findByText('Your location: 18.92200, 72.83470')
  })

  it('Escape closes it without an answer and the focus goes back to what opened it', async () => {
    const geo = mockGeolocation(HERE)
    const server = fakeServer()
    const opener = document.body.appendChild(document.createElement('button'))
    opener.textContent = 'Emergency SOS'
    opener.focus()
    const user = await openSheet()
    expect(document.activeElement).toBe(button('Send SOS'))
    await user.keyboard('{Escape}')
    expect(document.querySelector('dialog')?.hasAttribute('open')).toBe(false)
    expect(document.activeElement).toBe(opener)
    opener.remove()
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(geo.calls).toBe(0)
    expect(server.calls).toEqual([])
  })

  it('after yes: WhatsApp, SMS to her contacts and 112, with the position, a maps link and the live link', async () => {
    mockGeolocation(HERE)
    contacts.now.mockResolvedValue([
      { name: 'Amma', phone: '+919876543210' },
      { name: 'Riya', phone: '+447700900123' },
    ])
    const server = fakeServer()
    await pressSos()
    await within(sheet()).findByText('Your location: 18.92200, 72.83470')
    await waitFor(() => expect(linkTo('Send on WhatsApp')).toContain(encodeURIComponent(LIVE)))
    const text = decoded(linkTo('Send on WhatsApp'), 'https://wa.me/?text=')
    expect(text).toContain(`${SOS_MESSAGE} 18.92200, 72.83470`)
    expect(text).toContain('https://maps.google.com/?q=18.92200,72.83470')
    expect(text).toContain(`Follow my live location: ${LIVE}`)
    // Marked as SOS, so that the server never refuses it for its rate limits.
    expect(server.shareCalls()[0]?.body).toMatchObject({ durationMinutes: 60, sos: true })
    expect(linkTo('Send SMS to trusted contacts')).toBe(
      `sms:+919876543210,+447700900123?body=${encodeURIComponent(text)}`,
    )
    expect(linkTo('Call 112')).toBe('tel:112')
    screen.getByText('SMS goes to Amma, Riya and works without mobile data.')
    expect(await lastKnownPosition()).toMatchObject(HERE)
  })

  it('says "waiting for your position" until the server took one, then that it is shared', async () => {
    mockGeolocation(HERE)
    fakeServer()
    await pressSos()
    await waitFor(() =>
      expect(liveLine()).toBe(`Your live link is ready. ${ShareTruthText.waiting} ${SosText.inMessage}`),
    )
    expect(liveLine()).not.toMatch(/shared until|Sharing/)
    await act(async () => {
      await patchShare(TOKEN, { lastSentAt: new Date().toISOString() })
    })
    await waitFor(() =>
      expect(liveLine()).toMatch(/^Live location shared until \d\d:\d\d\. The link is in the message\.$/),
    )
    // Refused updates: no longer "shared".
    await act(async () => {
      await patchShare(TOKEN, { problem: 'refused', problemStatus: 429 })
    })
    await waitFor(() => expect(liveLine()).toMatch(/^Not updated since \d\d:\d\d: .*too many updates/))
    // What happened in words, never the raw status (issue 24, point 5).
    expect(liveLine()).not.toContain('429')
    expect(liveLine()).toContain(ShareTruthText.helpNow)
  })

  it.each([
    ['timeout', 3],
    ['unavailable', 2],
  ] as const)('a %s says which, uses the last known position, and still makes the live link', async (kind, code) => {
    await rememberPosition({ lat: 18.95, lon: 72.81, accuracy: 30, at: Date.now() - 12 * 60_000 })
    mockGeolocation({ code, message: kind })
    fakeServer()
    await pressSos()
    await within(sheet()).findByText('Last known position, 12 minutes ago: 18.95000, 72.81000 (within 30 m)')
    expect(within(sheet()).getByRole('alert', { hidden: true }).textContent).toBe(LocationText[kind])
    expect(LocationText[kind]).not.toContain('Please enable location access')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain('(last known position, 12 minutes ago)')
    await waitFor(() => expect(liveLine()).toContain(ShareTruthText.waiting))
  })

  it('with location denied, says how to allow it, makes no live link and never claims anything is shared', async () => {
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    const server = fakeServer()
    await pressSos()
    const alert = await within(sheet()).findByRole('alert', { hidden: true })
    expect(alert.textContent).toBe(LocationText.denied)
    expect(alert.textContent).toContain('Site settings')
    await waitFor(() => expect(liveLine()).toMatch(/^No live link: Wings cannot use your location/))
    expect(sheet().textContent).not.toMatch(/shared until|Sharing location|Live location shared/)
    expect(await readShare()).toBeNull()
    // The share asked for at the same time was stopped at once.
    expect(server.shareCalls().map((c) => c.url)).toEqual(['/api/share', `/api/share/${TOKEN}/stop`])
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).not.toContain('Follow my live location')
    expect(linkTo('Call 112')).toBe('tel:112')
  })

  it('without geolocation in the browser, says so (the spec’s words)', async () => {
    removeGeolocation()
    fakeServer()
    await pressSos()
    expect((await within(sheet()).findByRole('alert', { hidden: true })).textContent).toBe(SOS_NO_GEOLOCATION)
    await waitFor(() => expect(liveLine()).toMatch(/^No live link/))
  })

  it('offline: says the live link is not shared yet and starts when she is back, and SMS still has her position', async () => {
    mockGeolocation(HERE)
    const server = fakeServer()
    server.net.offline = true
    await pressSos()
    await waitFor(() => expect(liveLine()).toBe(`${ShareTruthText.pendingOffline} ${ShareTruthText.helpNow}`))
    expect(await readPending()).toMatchObject({ sos: true, durationMinutes: 60, reason: 'offline' })
    expect(linkTo('Call 112')).toBe('tel:112')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain('18.92200, 72.83470')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).not.toContain('Follow my live location')

    // Back online: the link is made (ShareRunner's retry), and the sheet and the message follow by themselves.
    server.net.offline = false
    await act(async () => {
      await retryPendingShare()
    })
    await waitFor(() => expect(liveLine()).toContain(ShareTruthText.waiting))
    await waitFor(() => expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain(`Follow my live location: ${LIVE}`))
  })

  it.each([503, 429])('a %s to the share says it is not shared yet and that Wings keeps trying', async (status) => {
    mockGeolocation(HERE)
    const server = fakeServer()
    server.net.share = () => json(status, { success: false, message: 'Busy', code: 'BUSY' })
    await pressSos()
    await waitFor(() => expect(liveLine()).toMatch(/^Not shared yet: Wings cannot start your live link right now/))
    expect(liveLine()).toContain(`It keeps trying by itself. ${ShareTruthText.helpNow}`)
    expect(liveLine()).not.toContain(String(status))
    expect(await readPending()).toMatchObject({ reason: 'busy', status })
  })

  it('a share refused for good says so, and the message still has her position', async () => {
    mockGeolocation(HERE)
    const server = fakeServer()
    server.net.share = () => json(400, { success: false, message: 'Bad share', code: 'VALIDATION' })
    await pressSos()
    await waitFor(() => expect(liveLine()).toMatch(/^Not shared: the live link could not be made\. Bad share\./))
    expect(await readPending()).toBeNull()
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain('18.92200, 72.83470')
  })

  it('a missed check-in opens it without asking, with its own message', async () => {
    mockGeolocation(HERE)
    fakeServer()
    await openSheet({ message: "I didn't check in by 23:30. I may need help. My last location is:", skipConfirm: true })
    expect(within(sheet()).queryByText(SOS_CONFIRM)).toBeNull()
    await within(sheet()).findByText('Your location: 18.92200, 72.83470')
    expect(decoded(linkTo('Send SMS'), 'sms:?body=')).toContain("I didn't check in by 23:30.")
  })
})

describe('SosSheet alerting her guardians', () => {
  const guardian = (n: number, state: 'invited' | 'active' | 'stopped') => ({
    id: String(n).padStart(24, '0'),
    name: `Friend ${n}`,
    state,
    push: state === 'active',
    email: false,
  })

  freshSheetEachTest()
  beforeEach(() => storeUser(testUser()))

  it('sends her position, the live link and her message to the server, and says how many are alerted', async () => {
    mockGeolocation(HERE)
    const server = fakeServer({ guardians: [guardian(1, 'active'), guardian(2, 'invited'), guardian(3, 'active')] })
    await pressSos()
    await screen.findByText('2 guardians alerted.')
    expect(server.sosOps()).toEqual([
      expect.objectContaining({
        payload: { lat: HERE.lat, lon: HERE.lon, shareToken: TOKEN, message: SOS_ALERT_MESSAGE },
      }),
    ])
    expect(await queuedSos()).toEqual([])
    expect(await db.meta.get(HELD_ALERT_KEY)).toBeUndefined()
    expect(linkTo('Call 112')).toBe('tel:112')
  })

  it('with no guardians, says nobody was alerted and where to invite one', async () => {
    mockGeolocation(HERE)
    fakeServer({ guardians: [] })
    await pressSos()
    await waitFor(() => expect(guardiansLine()).toBe('No guardians yet: invite one on Safety tools.'))
    const line = document.querySelector('.sos-sheet__guardians') as HTMLElement
    expect(within(line).getByRole('link', { hidden: true }).getAttribute('href')).toBe('/safety')
  })

  it('with guardians who have not turned alerts on, does not claim anyone was alerted', async () => {
    mockGeolocation(HERE)
    fakeServer({ guardians: [guardian(1, 'invited'), guardian(2, 'stopped')] })
    await pressSos()
    await screen.findByText('None of your guardians has turned on alerts yet, so nobody was alerted by Wings.')
  })

  it('offline: holds the alert for the live link, and sends both once a request gets through', async () => {
    mockGeolocation(HERE)
    const server = fakeServer({ guardians: [guardian(1, 'active')] })
    server.net.offline = true
    await pressSos()
    await screen.findByText('Your guardians will be alerted when you are back online.')
    await waitFor(async () => expect(await db.meta.get(HELD_ALERT_KEY)).toBeDefined())
    expect(await queuedSos()).toEqual([])

    server.net.offline = false
    await act(async () => {
      await retryPendingShare()
    })
    await screen.findByText('1 guardian alerted.')
    expect(server.sosOps()).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ shareToken: TOKEN, lat: HERE.lat }) }),
    ])
    expect(await db.meta.get(HELD_ALERT_KEY)).toBeUndefined()
  })

  it('with a share already running, offline, queues the alert with its link at once', async () => {
    mockGeolocation(HERE)
    const server = fakeServer()
    await db.meta.put({
      key: 'share',
      value: {
        token: TOKEN,
        writeKey: 'W'.repeat(43),
        url: `/s/${TOKEN}`,
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      },
    })
    server.net.offline = true
    await pressSos()
    await screen.findByText('Your guardians will be alerted when you are back online.')
    expect(await queuedSos()).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ shareToken: TOKEN }) }),
    ])
  })

  it('says so when the server refuses the alert', async () => {
    mockGeolocation(HERE)
    fakeServer({
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

  it('with only a last known position (location denied), sends it without a link and says how old it is', async () => {
    await rememberPosition({ lat: 18.95, lon: 72.81, accuracy: 30, at: Date.now() - 12 * 60_000 })
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    const server = fakeServer()
    await pressSos()
    await waitFor(() => expect(server.sosOps()).toHaveLength(1))
    const payload = server.sosOps()[0]?.payload as { message: string; shareToken?: string }
    expect(payload).toMatchObject({ lat: 18.95, lon: 72.81, accuracy: 30 })
    expect(payload.shareToken).toBeUndefined()
    expect(payload.message).toContain('last known position, 12 minutes ago')
  })

  it('with no position at all, queues nothing and says her guardians could not be alerted', async () => {
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    fakeServer()
    await pressSos()
    await screen.findByText(/Your guardians could not be alerted: your location is not known/)
    expect(await queuedSos()).toEqual([])
    expect(await db.meta.get(HELD_ALERT_KEY)).toBeUndefined()
  })

  it('sends nothing when she declines, when signed out, or for a missed check-in (the server alerts for that)', async () => {
    mockGeolocation(HERE)
    const server = fakeServer({ guardians: [guardian(1, 'active')] })
    const user = await openSheet()
    await user.click(button("Don't send"))
    await act(async () => requestSos({ message: "I didn't check in by 23:30.", skipConfirm: true }))
    await within(sheet()).findByText('Your location: 18.92200, 72.83470')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(guardiansLine()).toBeNull()

    await db.user.clear()
    await act(async () => requestSos({ message: 'Help', skipConfirm: false }))
    await user.click(button('Send SOS'))
    await within(sheet()).findByText('Your location: 18.92200, 72.83470')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(guardiansLine()).toBeNull()
    expect(await queuedSos()).toEqual([])
    expect(server.pushes).toEqual([])
  })
})

describe('SosSheet in Hindi and Marathi', () => {
  freshSheetEachTest()

  const sheetIn = (title: string) => screen.getByRole('dialog', { name: title, hidden: true })

  it.each([
    ['hi', 'इमरजेंसी SOS', '112 पर कॉल करें', 'अपनी अभी की लोकेशन के साथ इमरजेंसी SOS भेजें?', 'SOS भेजें', 'न भेजें'],
    ['mr', 'इमर्जन्सी SOS', '112 ला कॉल करा', 'तुमच्या सध्याच्या लोकेशनसह इमर्जन्सी SOS पाठवायचा?', 'SOS पाठवा', 'पाठवू नका'],
  ] as const)(
    'in %s: Call 112 first, in her words, still dialling 112',
    async (language, title, call, question, yes, no) => {
      await setLanguage(language)
      mockGeolocation(HERE)
      fakeServer()
      await openSheet()
      const dialog = sheetIn(title)
      const first = dialog.querySelectorAll('a[href], button')[0]
      expect(first?.textContent).toBe(call)
      expect(first?.getAttribute('href')).toBe('tel:112')
      expect(within(dialog).getByText(question)).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: yes, hidden: true })).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: no, hidden: true })).toBeTruthy()
      expect(dialog.textContent).not.toMatch(/Send SOS|Helplines|Safety tools|Send SMS/)
    },
  )

  it('sends the SOS in Hindi: her words, then her coordinates, the maps link and the live link, intact', async () => {
    await setLanguage('hi')
    mockGeolocation(HERE)
    contacts.now.mockResolvedValue([{ name: 'Amma', phone: '+919876543210' }])
    fakeServer()
    const user = await openSheet()
    const dialog = sheetIn('इमरजेंसी SOS')
    await user.click(within(dialog).getByRole('button', { name: 'SOS भेजें', hidden: true }))
    await within(dialog).findByText('आपकी लोकेशन: 18.92200, 72.83470')
    const sms = () =>
      within(dialog).getByRole('link', { name: 'भरोसेमंद संपर्कों को SMS भेजें', hidden: true }).getAttribute('href') ?? ''
    await waitFor(() => expect(sms()).toContain(encodeURIComponent(LIVE)))
    expect(decoded(sms(), 'sms:+919876543210?body=').split('\n')).toEqual([
      'मुझे मदद चाहिए! यह इमरजेंसी है। कृपया जल्द से जल्द मुझसे संपर्क करें। मेरी अभी की लोकेशन: 18.92200, 72.83470',
      'https://maps.google.com/?q=18.92200,72.83470',
      `मेरी लाइव लोकेशन यहाँ देखें: ${LIVE}`,
    ])
    const whatsapp = within(dialog).getByRole('link', { name: 'WhatsApp पर भेजें', hidden: true }).getAttribute('href')
    expect(decoded(whatsapp ?? '', 'https://wa.me/?text=')).toBe(decoded(sms(), 'sms:+919876543210?body='))
    expect(dialog.textContent).toContain('SMS Amma को जाएगा')
    expect(within(dialog).getByRole('link', { name: '112 पर कॉल करें', hidden: true }).getAttribute('href')).toBe(
      'tel:112',
    )
  })

  it('in Marathi, says what is wrong with her location and what to do', async () => {
    await setLanguage('mr')
    mockGeolocation({ code: 1, message: 'User denied Geolocation' })
    fakeServer()
    const user = await openSheet()
    const dialog = sheetIn('इमर्जन्सी SOS')
    await user.click(within(dialog).getByRole('button', { name: 'SOS पाठवा', hidden: true }))
    const alert = await within(dialog).findByRole('alert', { hidden: true })
    expect(alert.textContent).toContain('लोकेशन मिळालं नाही.')
    await waitFor(() => expect(liveLine()).toMatch(/^लाइव्ह लिंक नाही: /))
    expect(within(dialog).getByText('तुमचं लोकेशन माहीत नाही.')).toBeTruthy()
  })
})
