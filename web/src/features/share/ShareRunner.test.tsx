import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearDb } from '../../test/sync.ts'
import { onSosRequest, type SosRequest } from '../sos/index.ts'
import { clockText } from './format.ts'
import { PENDING_RETRY_MS, readPending, startShareWhenReachable } from './pendingShare.ts'
import { ShareRunner } from './ShareRunner.tsx'
import { readShare } from './session.ts'
import { I18n, minutesFromNow, session, shareServer, stored, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

function listenSos() {
  const requests: SosRequest[] = []
  const off = onSosRequest((request) => requests.push(request))
  return { requests, off }
}

describe('ShareRunner', () => {
  let off = () => {}
  beforeEach(async () => {
    await clearDb()
  })
  afterEach(() => {
    off()
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'geolocation')
  })

  it('opens the SOS once, with the message filled in, for a check-in missed while the app was closed', async () => {
    shareServer()
    const sos = listenSos()
    off = sos.off
    const deadline = minutesFromNow(-3)
    await storeSession(session({ checkIn: { deadline, destination: 'Home' } }))
    const first = render(<ShareRunner />, { wrapper: I18n })
    await waitFor(() => expect(sos.requests).toHaveLength(1))
    expect(sos.requests[0]).toEqual({
      message: `I didn't check in by ${clockText(deadline)} at Home. I may need help. My last location is:`,
      skipConfirm: true,
    })
    first.unmount()
    render(<ShareRunner />, { wrapper: I18n })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sos.requests).toHaveLength(1)
    expect(await stored()).toMatchObject({ sosFor: deadline })
  })

  it('does nothing at the deadline once she said she is safe', async () => {
    shareServer()
    const sos = listenSos()
    off = sos.off
    await storeSession(session({ checkIn: { deadline: minutesFromNow(-1) }, safeAt: new Date().toISOString() }))
    render(<ShareRunner />, { wrapper: I18n })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sos.requests).toEqual([])
  })

  it('warns in the app before the deadline when notifications are not allowed', async () => {
    const { calls } = shareServer()
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() })
    const deadline = minutesFromNow(3)
    await storeSession(session({ checkIn: { deadline, setAt: minutesFromNow(-20) } }))
    const user = userEvent.setup()
    render(<ShareRunner />, { wrapper: I18n })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(`Check-in due at ${clockText(deadline)}`)
    await user.click(screen.getByRole('button', { name: "I'm safe now" }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(calls).toContainEqual({ url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY } })
  })

  it('warns with a system notification when allowed', async () => {
    shareServer()
    const shown: string[] = []
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted'
        constructor(title: string) {
          shown.push(title)
        }
      },
    )
    const deadline = minutesFromNow(3)
    await storeSession(session({ checkIn: { deadline, setAt: minutesFromNow(-20) } }))
    render(<ShareRunner />, { wrapper: I18n })
    await waitFor(() => expect(shown).toEqual([`Check-in due at ${clockText(deadline)}`]))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('sends her position while a share runs', async () => {
    const { calls } = shareServer()
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        watchPosition: (ok: (p: unknown) => void) => {
          ok({ coords: { latitude: 18.956, longitude: 72.8156, accuracy: 9 } })
          return 1
        },
        clearWatch: vi.fn(),
      },
    })
    await storeSession(session())
    render(<ShareRunner />, { wrapper: I18n })
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/share/${TOKEN}/position`,
        body: { writeKey: WRITE_KEY, lat: 18.956, lon: 72.8156, accuracy: 9 },
      }),
    )
  })

  it('forgets a share that ran out while the app was closed', async () => {
    shareServer()
    await storeSession(session({}, -5))
    render(<ShareRunner />, { wrapper: I18n })
    await waitFor(async () => expect(await readShare()).toBeNull())
  })

  it('tells the server "I\'m safe" once the connection is back', async () => {
    const { calls } = shareServer()
    await storeSession(
      session({ checkIn: { deadline: minutesFromNow(5) }, safeAt: new Date().toISOString(), safePending: true }),
    )
    render(<ShareRunner />, { wrapper: I18n })
    await waitFor(async () => {
      window.dispatchEvent(new Event('online'))
      expect((await stored())?.safePending).toBeUndefined()
    })
    expect(calls).toContainEqual({ url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY } })
  })

  it('starts a share asked for offline by itself, within seconds of a request getting through, and sends her position', async () => {
    let offline = true
    const { calls } = shareServer(() => (offline ? 'offline' : undefined))
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        watchPosition: (ok: (p: { coords: { latitude: number; longitude: number; accuracy: number } }) => void) => {
          ok({ coords: { latitude: 18.956, longitude: 72.8156, accuracy: 9 } })
          return 1
        },
        clearWatch: () => undefined,
      },
    })
    await startShareWhenReachable(60, { sos: true })
    render(<ShareRunner />, { wrapper: I18n })
    // Still no network: it keeps trying every PENDING_RETRY_MS.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/share').length).toBeGreaterThanOrEqual(2), {
      timeout: PENDING_RETRY_MS * 2,
    })
    expect(await readShare()).toBeNull()
    offline = false
    const back = Date.now()
    await waitFor(async () => expect(await readShare()).toMatchObject({ token: TOKEN }), {
      timeout: PENDING_RETRY_MS * 2,
    })
    // Issue 30: within 5 s of the connection returning (PENDING_RETRY_MS apart, so about 2 s on an idle phone).
    expect(Date.now() - back).toBeLessThan(5_000)
    expect(await readPending()).toBeNull()
    await waitFor(() => expect(calls.some((c) => c.url === `/api/share/${TOKEN}/position`)).toBe(true))
  })

  it('tries at once when the browser says it is back online, and never trusts navigator.onLine alone', async () => {
    let offline = true
    const { calls } = shareServer(() => (offline ? 'offline' : undefined))
    await startShareWhenReachable(60, { sos: true })
    render(<ShareRunner />, { wrapper: I18n })
    // The browser claims to be online, but requests fail: nothing is claimed, it stays pending.
    await waitFor(
      async () => {
        window.dispatchEvent(new Event('online'))
        expect((await readPending())?.tries).toBeGreaterThanOrEqual(2)
      },
      { timeout: PENDING_RETRY_MS / 2 },
    )
    expect(await readShare()).toBeNull()
    offline = false
    window.dispatchEvent(new Event('online'))
    await waitFor(async () => expect(await readShare()).toMatchObject({ token: TOKEN }), { timeout: 1_000 })
    expect(calls.filter((c) => c.url === '/api/share').every((c) => c.body?.sos === true)).toBe(true)
  })
})
