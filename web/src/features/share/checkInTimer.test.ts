import { describe, expect, it, vi } from 'vitest'
import { emptyDbEachTest } from '../../test/hooks.ts'
import { rememberPosition } from '../sos/index.ts'
import {
  arrivedNotice,
  askNotificationPermission,
  claimStep,
  missedCheckInMessage,
  nextCheckInStep,
  scheduleCheckIn,
  showNotice,
  WARN_BEFORE_MS,
  warningAt,
} from './checkInTimer.ts'
import { clockText } from './format.ts'
import { session, shareServer, stored, storeSession, TOKEN, WRITE_KEY } from './testing.ts'

const MIN = 60_000

describe('check-in timer rules', () => {
  const now = Date.parse('2026-03-01T12:00:00Z')
  const deadline = new Date(now + 30 * MIN).toISOString()

  it('warns 5 minutes before, or halfway there when the wait is shorter than 10 minutes', () => {
    expect(warningAt({ deadline, setAt: new Date(now).toISOString() })).toBe(now + 30 * MIN - WARN_BEFORE_MS)
    const soon = new Date(now + 4 * MIN).toISOString()
    expect(warningAt({ deadline: soon, setAt: new Date(now).toISOString() })).toBe(now + 2 * MIN)
    expect(warningAt({ deadline })).toBe(now + 25 * MIN)
  })

  it('plans the warning, then the SOS, each once, and nothing after "I\'m safe"', () => {
    const state = { token: TOKEN, checkIn: { deadline, setAt: new Date(now).toISOString() } }
    expect(nextCheckInStep(state, now)).toEqual({ kind: 'warn', at: now + 25 * MIN })
    expect(nextCheckInStep({ ...state, warnedFor: deadline }, now)).toEqual({ kind: 'sos', at: now + 30 * MIN })
    expect(nextCheckInStep({ ...state, warnedFor: deadline, sosFor: deadline }, now)).toBeNull()
    expect(nextCheckInStep({ ...state, safeAt: new Date(now).toISOString() }, now)).toBeNull()
    expect(nextCheckInStep({ token: TOKEN }, now)).toBeNull()
  })

  it('opened after the deadline, goes straight to the SOS', () => {
    const state = { token: TOKEN, checkIn: { deadline } }
    expect(nextCheckInStep(state, now + 40 * MIN)).toEqual({ kind: 'sos', at: now + 30 * MIN })
  })

  it('writes the SOS message of a missed check-in', () => {
    expect(missedCheckInMessage({ deadline, destination: 'Home' })).toBe(
      `I didn't check in by ${clockText(deadline)} at Home. I may need help. My last location is:`,
    )
    expect(missedCheckInMessage({ deadline })).toBe(
      `I didn't check in by ${clockText(deadline)}. I may need help. My last location is:`,
    )
  })
})

describe('check-in timer', () => {
  emptyDbEachTest()

  it('claims each step once per deadline', async () => {
    const deadline = new Date(Date.now() + 10 * MIN).toISOString()
    await storeSession(session({ checkIn: { deadline } }))
    expect(await claimStep(TOKEN, deadline, 'sos')).toBe(true)
    expect(await claimStep(TOKEN, deadline, 'sos')).toBe(false)
    expect(await claimStep(TOKEN, deadline, 'warn')).toBe(true)
    expect(await claimStep('x'.repeat(43), deadline, 'warn')).toBe(false)
    expect(await stored()).toMatchObject({ sosFor: deadline, warnedFor: deadline })
  })

  it('runs the warning at its time, and the SOS at once when overdue', async () => {
    const warn = vi.fn()
    const sos = vi.fn()
    const overdue = new Date(Date.now() - MIN).toISOString()
    await storeSession(session({ checkIn: { deadline: overdue } }))
    scheduleCheckIn({ token: TOKEN, checkIn: { deadline: overdue } }, { warn, sos })
    await vi.waitFor(() => expect(sos).toHaveBeenCalledWith({ deadline: overdue }))
    expect(warn).not.toHaveBeenCalled()
    // Again (a reload): already done.
    scheduleCheckIn({ token: TOKEN, checkIn: { deadline: overdue } }, { warn, sos })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(sos).toHaveBeenCalledTimes(1)
  })

  it('cancels a planned step', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const warn = vi.fn()
    const deadline = new Date(Date.now() + 20 * MIN).toISOString()
    const cancel = scheduleCheckIn({ token: TOKEN, checkIn: { deadline } }, { warn, sos: vi.fn() })
    cancel()
    await vi.advanceTimersByTimeAsync(20 * MIN)
    expect(warn).not.toHaveBeenCalled()
  })

  it('notifies only with permission, through the service worker when there is one', async () => {
    const shown: string[] = []
    class FakeNotification {
      static permission: NotificationPermission = 'denied'
      static requestPermission = vi.fn(async () => 'granted' as const)
      constructor(title: string) {
        shown.push(title)
      }
    }
    vi.stubGlobal('Notification', FakeNotification)
    expect(await showNotice({ title: 'Check-in due at 18:30', body: 'x' })).toBe(false)
    askNotificationPermission()
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled()
    FakeNotification.permission = 'default'
    askNotificationPermission()
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1)
    FakeNotification.permission = 'granted'
    expect(await showNotice({ title: 'Check-in due at 18:30', body: 'x' })).toBe(true)
    expect(shown).toEqual(['Check-in due at 18:30'])
  })

  it('ends a check-in "when I arrive at" by itself when she gets there: "I\'m safe", once, and says so', async () => {
    const { calls } = shareServer()
    const shown: string[] = []
    class FakeNotification {
      static permission: NotificationPermission = 'granted'
      constructor(title: string) {
        shown.push(title)
      }
    }
    vi.stubGlobal('Notification', FakeNotification)
    const market = { name: 'Crawford Market', lat: 18.9477, lon: 72.8347 }
    const deadline = new Date(Date.now() + 30 * MIN).toISOString()
    await storeSession(
      session({ checkIn: { deadline }, checkInPlan: { deadline, arrival: market, setAt: Date.now() - 1_000 } }),
    )
    const sos = vi.fn()
    const cancel = scheduleCheckIn({ token: TOKEN, checkIn: { deadline } }, { warn: vi.fn(), sos })
    const at = Date.now()
    await rememberPosition({ lat: market.lat + 0.0005, lon: market.lon, accuracy: 15, at })
    await vi.waitFor(async () => expect((await stored())?.safeAt).toBe(new Date(at).toISOString()))
    await vi.waitFor(() => expect(shown).toEqual([arrivedNotice(market).title]))
    // The server is told when she arrived, so an arrival that waits offline still counts from then.
    expect(calls).toEqual([
      { url: `/api/share/${TOKEN}/safe`, body: { writeKey: WRITE_KEY, arrivedAt: new Date(at).toISOString() } },
    ])
    expect(shown).toEqual(['You have arrived at Crawford Market'])
    cancel()
    expect(sos).not.toHaveBeenCalled()
  })

  it('a check-in without a place does not end on its own', async () => {
    const { calls } = shareServer()
    const deadline = new Date(Date.now() + 30 * MIN).toISOString()
    await storeSession(session({ checkIn: { deadline }, checkInPlan: { deadline, setAt: 0 } }))
    const cancel = scheduleCheckIn({ token: TOKEN, checkIn: { deadline } }, { warn: vi.fn(), sos: vi.fn() })
    await rememberPosition({ lat: 18.9477, lon: 72.8347, accuracy: 15, at: Date.now() })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await stored())?.safeAt).toBeUndefined()
    expect(calls).toEqual([])
    cancel()
  })
})
