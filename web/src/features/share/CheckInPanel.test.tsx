import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Guardian } from '@wings/contract'
import { describe, expect, it, vi } from 'vitest'
import { db } from '../../db/db.ts'
import { foundRoute, testGuardian, testUser } from '../../test/fixtures.ts'
import { mockGeolocation } from '../../test/geolocation.ts'
import { emptyDbEachTest } from '../../test/hooks.ts'
import { renderInApp } from '../../test/render.tsx'
import { json } from '../../test/sync.ts'
import { storeUser } from '../auth/index.ts'
import { rememberPosition } from '../sos/index.ts'
import { ArrivalText } from './arrivalEstimate.ts'
import { CheckInPanel, CheckInText, deadlineFrom } from './CheckInPanel.tsx'
import { WatchText } from './checkInWatchers.ts'
import { clockText } from './format.ts'
import { readShare } from './session.ts'
import {
  minutesFromNow,
  type ShareCall,
  session,
  shareServer,
  stored,
  storeSession,
  TOKEN,
  WRITE_KEY,
} from './testing.ts'

const NOON = new Date(2026, 2, 1, 12, 0)
const asha = testUser()
// Grant Road station, and Crawford Market about 2.4 km away.
const HERE = { lat: 18.96543, lon: 72.81634 }
const MARKET = { lat: 18.9477, lon: 72.8347 }

/** An active guardian with notifications on, unless `over` says otherwise. */
const guardian = (n: number, over: Partial<Guardian> = {}) => testGuardian(n, { state: 'active', push: true, ...over })

/** The share server, and GET /api/guardians answering `guardians` (or 'offline'). */
function server(
  guardians: Guardian[] | 'offline' = [],
  more: (call: ShareCall) => Response | 'offline' | undefined = () => undefined,
) {
  return shareServer(
    (call) => {
      if (call.url === '/api/guardians') return guardians === 'offline' ? 'offline' : json(200, { guardians })
      if (call.url === '/api/geocode/search?q=Crawford&limit=5') {
        return json(200, [
          {
            place_id: '1',
            display_name: 'Crawford Market, Lokmanya Tilak Marg, Mumbai',
            ...MARKET,
            type: 'marketplace',
            kind: 'poi',
          },
        ])
      }
      return more(call)
    },
    ['guardians', 'geocodeSearch', 'routeFind'],
  )
}

const panel = () => screen.getByRole('region', { name: 'Check-in timer' })
const panelStatus = () => within(panel()).getAllByRole('status').at(-1)?.textContent
const panelAlert = async () =>
  (await within(await screen.findByRole('region', { name: 'Check-in timer' })).findByRole('alert')).textContent
const watchers = () => screen.getByRole('region', { name: 'Who will be alerted' })
const shareBody = (calls: ShareCall[]) =>
  calls.find((c) => c.url === '/api/share')?.body as {
    durationMinutes: number
    checkIn: { deadline: string; destination?: string }
  }

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
  emptyDbEachTest()

  it.each([
    ['15 min', 15, 60],
    ['30 min', 30, 60],
    ['1 h', 60, 240],
  ])('"%s" starts a check-in in one tap, on a share long enough for it', async (label, minutes, duration) => {
    const { calls } = server()
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
    const before = Date.now()
    await user.click(await screen.findByRole('button', { name: label }))

    expect(await screen.findByRole('button', { name: "I'm safe" })).toBeTruthy()
    const body = shareBody(calls)
    expect(body.durationMinutes).toBe(duration)
    expect(body.checkIn.destination).toBeUndefined()
    const deadline = Date.parse(body.checkIn.deadline)
    expect(deadline - before).toBeGreaterThanOrEqual(minutes * 60_000 - 1_000)
    expect(deadline - before).toBeLessThanOrEqual(minutes * 60_000 + 5_000)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText(`Check in by ${clockText(deadline)}`)))
    // Signed out, the share is nobody's: this phone notes that, so the panel can say who is alerted.
    expect((await readShare())?.checkInPlan).toMatchObject({ deadline: body.checkIn.deadline, accountId: null })
  })

  it('starts a check-in in so many minutes: a share long enough, with the destination', async () => {
    const { calls } = server()
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
    expect(await screen.findByRole('heading', { name: 'Check-in timer' })).toBeTruthy()
    expect(await screen.findByRole('group', { name: "I'll be there by" })).toBeTruthy()
    await user.type(screen.getByRole('spinbutton', { name: 'In (minutes)' }), '30')
    await user.type(screen.getByRole('textbox', { name: 'Destination (optional)' }), 'Home')
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Start check-in' }))

    expect(await screen.findByRole('button', { name: "I'm safe" })).toBeTruthy()
    const body = shareBody(calls)
    expect(body.durationMinutes).toBe(60)
    expect(body.checkIn.destination).toBe('Home')
    const deadline = Date.parse(body.checkIn.deadline)
    expect(deadline - before).toBeGreaterThanOrEqual(30 * 60_000 - 1_000)
    expect(deadline - before).toBeLessThanOrEqual(30 * 60_000 + 5_000)
    expect(screen.getByText(`Check in by ${clockText(deadline)}`)).toBeTruthy()
    expect(screen.getByText('Destination: Home')).toBeTruthy()
    const share = await readShare()
    await waitFor(() =>
      expect(panelStatus()).toBe(
        `Check-in set for ${clockText(deadline)}. Your live location share runs until ${clockText(share?.expiresAt ?? 0)}: what it has sent is shown below.`,
      ),
    )
  })

  it('takes a time, and typing one clears the minutes (and back)', async () => {
    server()
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
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
    const { calls } = server()
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
    await user.click(await screen.findByRole('button', { name: 'Start check-in' }))
    expect(await panelAlert()).toBe(CheckInText.noTime)
    await user.type(screen.getByRole('spinbutton', { name: 'In (minutes)' }), '300')
    await user.click(screen.getByRole('button', { name: 'Start check-in' }))
    expect(await panelAlert()).toBe('Enter a whole number of minutes from 1 to 225.')
    expect(calls.filter((c) => c.url.startsWith('/api/share'))).toEqual([])
  })

  it('asks for permission to notify when she starts a check-in', async () => {
    server()
    const requestPermission = vi.fn(async () => 'granted')
    vi.stubGlobal('Notification', { permission: 'default', requestPermission })
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
    await user.click(await screen.findByRole('button', { name: '30 min' }))
    expect(requestPermission).toHaveBeenCalledTimes(1)
    // The check-in starts on the fake server before the test ends.
    expect(await screen.findByRole('button', { name: "I'm safe" })).toBeTruthy()
  })

  it('"I\'m safe" ends the timer and tells the server', async () => {
    const { calls } = server()
    await storeSession(session({ checkIn: { deadline: minutesFromNow(10) } }))
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
    await user.click(await screen.findByRole('button', { name: "I'm safe" }))
    expect(await screen.findByRole('button', { name: 'Start check-in' })).toBeTruthy()
    await waitFor(() => expect(panelStatus()).toMatch(/^Marked as safe at \d\d:\d\d\.$/))
    expect(calls.filter((c) => c.url.startsWith('/api/share'))).toEqual([
      { url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY } },
    ])
    expect((await stored())?.safeAt).toBeDefined()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: '15 min' })))
  })

  it('says when she missed the check-in, and still lets her say she is safe', async () => {
    server()
    const deadline = minutesFromNow(-2)
    await storeSession(session({ checkIn: { deadline } }))
    renderInApp(<CheckInPanel />)
    expect(await panelAlert()).toContain(`You missed your check-in at ${clockText(deadline)}.`)
    expect(screen.getByRole('button', { name: "I'm safe" })).toBeTruthy()
  })

  it('shows the server’s refusal in words', async () => {
    server([], (call) => (call.url === '/api/share' ? 'offline' : undefined))
    const user = userEvent.setup()
    renderInApp(<CheckInPanel />)
    await user.click(await screen.findByRole('button', { name: '15 min' }))
    expect(await panelAlert()).toBe('Live sharing needs a connection.')
    expect(screen.queryByRole('button', { name: "I'm safe" })).toBeNull()
  })

  describe('who will be alerted', () => {
    it('signed out: nobody, and she must sign in and add guardians; the server is not asked', async () => {
      const { calls } = server([guardian(1)])
      renderInApp(<CheckInPanel />, '/check-in')
      await within(await screen.findByRole('region', { name: 'Who will be alerted' })).findByText(WatchText.nobody)
      expect(within(watchers()).getByText(WatchText.signedOut)).toBeTruthy()
      expect(within(watchers()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
        '/login?redirect=%2Fcheck-in',
      )
      expect(within(watchers()).getByRole('link', { name: 'add guardians' }).getAttribute('href')).toBe('/safety')
      expect(calls.filter((c) => c.url === '/api/guardians')).toEqual([])
    })

    it('signed in with no guardians whose alerts are on: nobody, and a link to add one', async () => {
      await storeUser(asha)
      server([guardian(1, { name: 'Amma', state: 'invited', push: false })])
      renderInApp(<CheckInPanel />)
      await within(await screen.findByRole('region', { name: 'Who will be alerted' })).findByText(WatchText.nobody)
      expect(within(watchers()).getByText(WatchText.noGuardians)).toBeTruthy()
      expect(within(watchers()).getByText('Amma will not be alerted (invited: not accepted yet).')).toBeTruthy()
      expect(within(watchers()).getByRole('link', { name: 'Add a guardian' }).getAttribute('href')).toBe('/safety')
    })

    it('names her guardians whose alerts are on, with how, before and while the check-in runs', async () => {
      await storeUser(asha)
      server([
        guardian(1, { name: 'Riya', push: true }),
        guardian(2, { name: 'Didi', push: false, email: true }),
        guardian(3, { name: 'Sam', state: 'stopped', push: false }),
      ])
      const user = userEvent.setup()
      renderInApp(<CheckInPanel />)
      const alerted = async () => {
        const list = await within(await screen.findByRole('region', { name: 'Who will be alerted' })).findByRole('list')
        return within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent)
      }
      expect(await alerted()).toEqual(['Riya (Notifications on)', 'Didi (E-mail confirmed)'])
      expect(within(watchers()).getByText(/^If you miss this check-in, Wings alerts these 2 guardians/)).toBeTruthy()
      expect(within(watchers()).getByText('Sam will not be alerted (stopped: they turned alerts off).')).toBeTruthy()

      await user.click(screen.getByRole('button', { name: '30 min' }))
      await screen.findByRole('button', { name: "I'm safe" })
      expect(await alerted()).toEqual(['Riya (Notifications on)', 'Didi (E-mail confirmed)'])
      expect((await readShare())?.checkInPlan?.accountId).toBe(asha._id)
    })

    it('offline: says it could not check, and can check again', async () => {
      await storeUser(asha)
      const { calls } = server('offline')
      const user = userEvent.setup()
      renderInApp(<CheckInPanel />)
      await within(await screen.findByRole('region', { name: 'Who will be alerted' })).findByText(WatchText.offline)
      await user.click(within(watchers()).getByRole('button', { name: 'Check again' }))
      await waitFor(() => expect(calls.filter((c) => c.url === '/api/guardians')).toHaveLength(2))
    })

    it('a running share started while signed out: her guardians are not alerted, and it says so', async () => {
      await storeUser(asha)
      server([guardian(1, { name: 'Riya' })])
      await storeSession(session({ checkInPlan: { deadline: minutesFromNow(90), accountId: null } }))
      renderInApp(<CheckInPanel />)
      await within(await screen.findByRole('region', { name: 'Who will be alerted' })).findByText(WatchText.notHers)
      expect(within(watchers()).getByText(WatchText.nobody)).toBeTruthy()
    })
  })

  describe('sending the live link', () => {
    const contact = (name: string, phone: string, n: number) => ({
      _id: String(n).padStart(24, 'c'),
      userId: null,
      name,
      phone,
      createdAt: `2026-01-0${n}T00:00:00.000Z`,
    })

    it('one SMS and one WhatsApp link per trusted contact, addressed, with the live link; a bad number gets none', async () => {
      server()
      await db.trustedContacts.bulkPut([contact('Amma', '+919876543210', 1), contact('Old', '12345', 2)])
      const deadline = minutesFromNow(30)
      await storeSession(session({ checkIn: { deadline, destination: 'Home' } }))
      renderInApp(<CheckInPanel />)
      const send = await screen.findByRole('region', { name: 'Send your live link' })
      const link = `${location.origin}/s/${TOKEN}`
      const text = `I should be at Home by ${clockText(deadline)}. Follow my live location on Wings, it shows if I miss my check-in: ${link}`
      const sms = await within(send).findByRole('link', { name: 'SMS to Amma' })
      expect(sms.getAttribute('href')).toBe(`sms:+919876543210?body=${encodeURIComponent(text)}`)
      expect(within(send).getByRole('link', { name: 'WhatsApp to Amma' }).getAttribute('href')).toBe(
        `https://wa.me/919876543210?text=${encodeURIComponent(text)}`,
      )
      expect(within(send).queryByRole('link', { name: /Old/ })).toBeNull()
      expect(
        within(send).getByText('12345 is not a phone number Wings can send to. Correct it in your trusted contacts.'),
      ).toBeTruthy()
    })

    it('with no trusted contacts: links that ask whom to send it to, and a way to add contacts', async () => {
      server()
      await storeSession(session({ checkIn: { deadline: minutesFromNow(30) } }))
      renderInApp(<CheckInPanel />)
      const send = await screen.findByRole('region', { name: 'Send your live link' })
      expect((await within(send).findByRole('link', { name: 'Send by SMS' })).getAttribute('href')).toMatch(
        /^sms:\?body=/,
      )
      expect(within(send).getByRole('link', { name: 'Send on WhatsApp' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/\?text=/,
      )
      expect(within(send).getByRole('link', { name: 'add trusted contacts' }).getAttribute('href')).toBe('/safety')
    })
  })

  describe('"When I arrive at ..."', () => {
    const routeAnswer = (seconds: number) => (call: ShareCall) =>
      call.url === '/api/route/find'
        ? json(200, {
            routes: [
              foundRoute({ summary: { distance: 2000, duration: seconds } }),
              foundRoute({ summary: { distance: 2300, duration: seconds + 120 } }),
            ],
          })
        : undefined

    async function chooseMarket(user: ReturnType<typeof userEvent.setup>) {
      await user.click(await screen.findByRole('button', { name: 'When I arrive at …' }))
      const box = screen.getByRole('combobox', { name: 'When I arrive at' })
      expect(document.activeElement).toBe(box)
      await user.type(box, 'Crawford')
      await user.click(await screen.findByRole('option', { name: /Crawford Market/ }, { timeout: 3_000 }))
    }

    it('sets the deadline from the longest walk there plus time to spare, and keeps the place', async () => {
      const { calls } = server([], routeAnswer(1500))
      mockGeolocation(HERE)
      const user = userEvent.setup()
      renderInApp(<CheckInPanel />)
      await chooseMarket(user)
      const before = Date.now()
      await user.click(screen.getByRole('button', { name: 'Check in when I arrive' }))
      await screen.findByRole('button', { name: "I'm safe" })

      expect(calls.find((c) => c.url === '/api/route/find')?.body).toEqual({
        source: [HERE.lat, HERE.lon],
        destination: [MARKET.lat, MARKET.lon],
        mode: 'foot',
      })
      // The longer route: 27 min on foot, 10 min to spare.
      const body = shareBody(calls)
      expect(body.checkIn.destination).toBe('Crawford Market')
      const deadline = Date.parse(body.checkIn.deadline)
      expect(deadline - before).toBeGreaterThanOrEqual(37 * 60_000 - 1_000)
      expect(deadline - before).toBeLessThanOrEqual(37 * 60_000 + 5_000)
      await waitFor(() =>
        expect(panelStatus()).toMatch(
          /^Check-in set for \d\d:\d\d: about 27 min on foot, with 10 min to spare\. It ends by itself when you are within 100 m of Crawford Market\./,
        ),
      )
      expect(screen.getByText('It ends by itself when you are within 100 m of Crawford Market.')).toBeTruthy()
      expect((await readShare())?.checkInPlan?.arrival).toEqual({ name: 'Crawford Market', ...MARKET })
    })

    it('without a route, walks the straight line with a detour', async () => {
      const { calls } = server([], (call) =>
        call.url === '/api/route/find'
          ? json(503, { success: false, message: 'Busy', code: 'UNAVAILABLE' })
          : undefined,
      )
      await rememberPosition({ ...HERE, accuracy: 10, at: Date.now() })
      const user = userEvent.setup()
      renderInApp(<CheckInPanel />)
      await chooseMarket(user)
      await user.click(screen.getByRole('button', { name: 'Check in when I arrive' }))
      await screen.findByRole('button', { name: "I'm safe" })
      // About 2.76 km straight, 3.86 km walked: 52 min, and 13 min to spare.
      await waitFor(() => expect(panelStatus()).toMatch(/: about 52 min on foot, with 13 min to spare\./))
      expect(shareBody(calls).durationMinutes).toBe(240)
    })

    it.each([
      [1, ArrivalText.denied],
      [2, ArrivalText.unavailable],
      [3, ArrivalText.timeout],
    ])('a location error (%i) says which, and starts nothing', async (code, text) => {
      const { calls } = server()
      mockGeolocation({ code, message: 'x' })
      const user = userEvent.setup()
      renderInApp(<CheckInPanel />)
      await chooseMarket(user)
      await user.click(screen.getByRole('button', { name: 'Check in when I arrive' }))
      expect(await panelAlert()).toBe(text)
      expect(calls.filter((c) => c.url.startsWith('/api/share'))).toEqual([])
    })

    it('asks her to choose a place from the list, and says when she is already there', async () => {
      server()
      mockGeolocation(MARKET)
      const user = userEvent.setup()
      renderInApp(<CheckInPanel />)
      await user.click(await screen.findByRole('button', { name: 'When I arrive at …' }))
      await user.click(screen.getByRole('button', { name: 'Check in when I arrive' }))
      expect(screen.getByText(ArrivalText.choosePlace)).toBeTruthy()
      await user.type(screen.getByRole('combobox', { name: 'When I arrive at' }), 'Crawford')
      await user.click(await screen.findByRole('option', { name: /Crawford Market/ }, { timeout: 3_000 }))
      await user.click(screen.getByRole('button', { name: 'Check in when I arrive' }))
      expect(await panelAlert()).toBe(ArrivalText.alreadyThere)
    })

    it('while it runs: says where it ends, what is true of her live location, and when Wings cannot see her', async () => {
      server()
      const deadline = minutesFromNow(20)
      const plan = { deadline, arrival: { name: 'Crawford Market', ...MARKET }, setAt: Date.now() }
      await storeSession(session({ checkIn: { deadline }, checkInPlan: plan }))
      renderInApp(<CheckInPanel />)
      const ends = 'It ends by itself when you are within 100 m of Crawford Market.'
      expect(await screen.findByText(ends)).toBeTruthy()
      expect(within(panel()).getByText('Your live link is ready. Waiting for your position…')).toBeTruthy()
      // Location denied: no fix can tell that she arrived.
      await storeSession(session({ checkIn: { deadline }, checkInPlan: plan, problem: 'denied' }))
      expect(
        await within(panel()).findByText(
          `${ends} While Wings cannot see your position, tap "I'm safe" yourself when you are there.`,
        ),
      ).toBeTruthy()
      expect(within(panel()).queryByText(/shared until/)).toBeNull()
      // No connection: her phone still sees her, so it still ends by itself.
      await storeSession(session({ checkIn: { deadline }, checkInPlan: plan, problem: 'offline' }))
      expect(await within(panel()).findByText(ends)).toBeTruthy()
    })

    it('can be turned off while it runs: then only her tap ends it, and back on', async () => {
      server()
      const user = userEvent.setup()
      const deadline = minutesFromNow(20)
      const plan = { deadline, arrival: { name: 'Crawford Market', ...MARKET }, setAt: Date.now() }
      await storeSession(session({ checkIn: { deadline }, checkInPlan: plan }))
      renderInApp(<CheckInPanel />)
      const toggle = await screen.findByRole('checkbox', { name: 'End it by itself when I arrive' })
      expect((toggle as HTMLInputElement).checked).toBe(true)
      await user.click(toggle)
      expect(
        await screen.findByText('Only your tap ends it: tap "I\'m safe" when you are at Crawford Market.'),
      ).toBeTruthy()
      expect((await readShare())?.checkInPlan?.arrivalOff).toBe(true)
      expect((toggle as HTMLInputElement).checked).toBe(false)
      await user.click(toggle)
      expect(await screen.findByText('It ends by itself when you are within 100 m of Crawford Market.')).toBeTruthy()
      expect((await readShare())?.checkInPlan?.arrivalOff).toBeUndefined()
    })

    it('says when it ended by itself on her arrival', async () => {
      server()
      const deadline = minutesFromNow(20)
      await storeSession(
        session({
          checkIn: { deadline, destination: 'Crawford Market' },
          safeAt: new Date().toISOString(),
          checkInPlan: {
            deadline,
            arrival: { name: 'Crawford Market', ...MARKET },
            arrivedAt: new Date(2026, 2, 1, 18, 5).toISOString(),
          },
        }),
      )
      renderInApp(<CheckInPanel />)
      expect(
        await screen.findByText('Arrived at 18:05: you reached Crawford Market and your check-in ended by itself.'),
      ).toBeTruthy()
    })
  })
})
