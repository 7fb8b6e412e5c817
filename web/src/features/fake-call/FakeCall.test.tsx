import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render.tsx'
import { installQuickExitKey, setQuickExitNavigator } from '../quick-exit/index.ts'
import { FakeCallMount } from './FakeCallMount.tsx'
import { FakeCallPage } from './FakeCallPage.tsx'
import { CALL_KEY, scheduleCall, scheduledCall } from './schedule.ts'

const sound = vi.hoisted(() => ({
  startRingtone: vi.fn(),
  stopRingtone: vi.fn(),
  prepareRingtone: vi.fn(),
}))
vi.mock('./ringtone.ts', () => sound)
const notify = vi.hoisted(() => ({
  askToNotify: vi.fn(async () => undefined),
  notifyCall: vi.fn(async () => true),
  clearCallNotification: vi.fn(async () => undefined),
}))
vi.mock('./notify.ts', () => notify)

let hidden = false
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const ringing = () => screen.queryByRole('alertdialog')

/** The frame's part on every screen, with a call scheduled `delay` seconds from now, waiting. */
async function waitingCall(delay = 10, caller = 'Maa') {
  renderInApp(<FakeCallMount />)
  act(() => {
    scheduleCall(delay, caller)
  })
  await screen.findByText(new RegExp(`${caller} calls in`))
}

describe('the fake call', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    hidden = false
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
    for (const fn of [...Object.values(sound), ...Object.values(notify)]) fn.mockClear()
  })
  afterEach(() => {
    Reflect.deleteProperty(document, 'hidden')
  })

  it('rings after the chosen delay and not before, with Answer focused, then counts the call from the clock', async () => {
    await waitingCall(10)
    expect(screen.getByText('Maa calls in 0:10')).toBeTruthy()
    await advance(9_000)
    expect(ringing()).toBeNull()
    expect(sound.startRingtone).not.toHaveBeenCalled()

    await advance(1_200)
    const call = await screen.findByRole('alertdialog', { name: 'Maa' })
    expect(within(call).getByText('Incoming call · Mobile')).toBeTruthy()
    expect(within(call).getByText('M')).toBeTruthy()
    expect(document.activeElement).toBe(within(call).getByRole('button', { name: 'Answer' }))
    expect(sound.startRingtone).toHaveBeenCalledTimes(1)
    // Rung: a reload would not ring again.
    expect(localStorage.getItem(CALL_KEY)).toBeNull()
    expect(screen.queryByText(/calls in/)).toBeNull()

    fireEvent.click(within(call).getByRole('button', { name: 'Answer' }))
    expect(sound.stopRingtone).toHaveBeenCalled()
    expect(within(call).getByRole('timer', { name: 'Call length' }).textContent).toBe('00:00')
    expect(document.activeElement).toBe(within(call).getByRole('button', { name: 'End call' }))
    await advance(65_000)
    expect(within(call).getByRole('timer').textContent).toBe('01:05')

    fireEvent.click(within(call).getByRole('button', { name: 'End call' }))
    expect(ringing()).toBeNull()
  })

  it('keeps time from the clock, not by counting ticks: a late timer still shows the right length', async () => {
    await waitingCall(10)
    await advance(10_500)
    fireEvent.click(await screen.findByRole('button', { name: 'Answer' }))
    // The page was asleep for 3 minutes without a tick: the clock moved on.
    vi.setSystemTime(Date.now() + 180_000)
    await advance(600)
    expect(screen.getByRole('timer').textContent).toBe('03:00')
  })

  it('Decline closes it and stops the ringtone; Escape declines too, and is not Quick exit', async () => {
    await waitingCall(10)
    await advance(10_500)
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Decline' }))
    expect(ringing()).toBeNull()
    expect(sound.stopRingtone).toHaveBeenCalled()

    const go = vi.fn()
    setQuickExitNavigator(go)
    const remove = installQuickExitKey(window)
    act(() => {
      scheduleCall(10, 'Didi')
    })
    await advance(10_500)
    const call = await screen.findByRole('alertdialog', { name: 'Didi' })
    sound.stopRingtone.mockClear()
    fireEvent.keyDown(within(call).getByRole('button', { name: 'Answer' }), { key: 'Escape' })
    remove()
    expect(ringing()).toBeNull()
    expect(sound.stopRingtone).toHaveBeenCalled()
    expect(go).not.toHaveBeenCalled()
  })

  it('Cancel while it waits: it never rings', async () => {
    await waitingCall(60)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText(/calls in/)).toBeNull()
    await advance(120_000)
    expect(ringing()).toBeNull()
    expect(scheduledCall()).toBeNull()
  })

  it('with the page hidden when it rings: a notification, and the ringtone when she comes back', async () => {
    await waitingCall(60, 'Maa')
    hidden = true
    await advance(60_500)
    expect(notify.notifyCall).toHaveBeenCalledWith('Maa', 'Incoming call')
    expect(sound.startRingtone).not.toHaveBeenCalled()

    hidden = false
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(sound.startRingtone).toHaveBeenCalledTimes(1)
    expect(notify.clearCallNotification).toHaveBeenCalled()
    expect(await screen.findByRole('alertdialog', { name: 'Maa' })).toBeTruthy()
    // Hidden again while ringing: silent until she is back.
    hidden = true
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(sound.stopRingtone).toHaveBeenCalled()
  })

  it('a call scheduled before a reload rings at its time', async () => {
    localStorage.setItem(CALL_KEY, JSON.stringify({ at: Date.now() + 5_000, caller: 'Papa' }))
    renderInApp(<FakeCallMount />)
    await screen.findByText('Papa calls in 0:05')
    await advance(4_000)
    expect(ringing()).toBeNull()
    await advance(1_500)
    expect(await screen.findByRole('alertdialog', { name: 'Papa' })).toBeTruthy()
  })

  it('a page shown late (its timers asleep) rings as soon as it is shown', async () => {
    await waitingCall(60)
    hidden = true
    vi.setSystemTime(Date.now() + 61_000)
    hidden = false
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(await screen.findByRole('alertdialog', { name: 'Maa' })).toBeTruthy()
  })
})

describe('the fake call page', () => {
  beforeEach(() => {
    for (const fn of [...Object.values(sound), ...Object.values(notify)]) fn.mockClear()
  })

  it('schedules with the name she typed, keeps it, and asks about notifications only then', async () => {
    const user = userEvent.setup()
    renderInApp(<FakeCallPage />)
    const name = await screen.findByLabelText('Caller name')
    expect(notify.askToNotify).not.toHaveBeenCalled()
    await user.type(name, 'Didi')
    const before = Date.now()
    await user.click(screen.getByRole('button', { name: 'Call me in 1 min' }))
    const call = scheduledCall()
    expect(call?.caller).toBe('Didi')
    expect(call?.at).toBeGreaterThanOrEqual(before + 60_000)
    expect(call?.at).toBeLessThan(before + 62_000)
    expect(sound.prepareRingtone).toHaveBeenCalled()
    expect(notify.askToNotify).toHaveBeenCalledWith(60)
    expect(screen.getByText(/You can leave this screen/).getAttribute('role')).toBe('status')
  })

  it('calls as Maa when no name is given, and offers the three delays, big enough for a thumb', async () => {
    const user = userEvent.setup()
    renderInApp(<FakeCallPage />)
    for (const label of ['Call me in 10 s', 'Call me in 1 min', 'Call me in 5 min']) {
      expect(await screen.findByRole('button', { name: label })).toBeTruthy()
    }
    await user.click(screen.getByRole('button', { name: 'Call me in 5 min' }))
    expect(scheduledCall()?.caller).toBe('Maa')
  })

  it('shows the name she chose last', async () => {
    localStorage.setItem('wings.fakeCall.caller', 'Amma')
    renderInApp(<FakeCallPage />)
    expect(((await screen.findByLabelText('Caller name')) as HTMLInputElement).value).toBe('Amma')
  })
})
