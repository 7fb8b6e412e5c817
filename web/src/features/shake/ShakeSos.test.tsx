import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { setLanguage } from '../../i18n/language.ts'
import { onSosRequest } from '../sos/index.ts'
import { SHAKE_COOLDOWN_MS, ShakeSos } from './ShakeSos.tsx'
import { ShakeWatch } from './ShakeWatch.tsx'
import { G } from './shakeDetector.ts'
import { setShakeOn } from './shakeSetting.ts'

const I18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

/** 60 readings a second for `ms`, as the page receives them: a strong 4 Hz side-to-side shake, or walking. */
function move(kind: 'shake' | 'walk', ms = 1000) {
  for (let t = 0; t < ms; t += 1000 / 60) {
    const s = t / 1000
    const [x, y, z] =
      kind === 'shake'
        ? [2.5 * Math.sin(2 * Math.PI * 4 * s), 1, 0.1]
        : [0.2 * Math.sin(2 * Math.PI * 0.95 * s), 1 + 0.35 * Math.sin(2 * Math.PI * 1.9 * s), 0.1]
    const event = new Event('devicemotion')
    Object.defineProperty(event, 'accelerationIncludingGravity', { value: { x: x * G, y: y * G, z: z * G } })
    Object.defineProperty(event, 'timeStamp', { value: Date.now() })
    act(() => {
      window.dispatchEvent(event)
      vi.advanceTimersByTime(1000 / 60)
    })
  }
}

const countdown = () => screen.queryByRole('alertdialog', { name: 'Opening SOS' })
/** Time passing, a tenth of a second at a time so each second's render schedules the next. */
function tick(ms: number) {
  for (let passed = 0; passed < ms; passed += 100) act(() => vi.advanceTimersByTime(Math.min(100, ms - passed)))
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

describe('shake for SOS', () => {
  const sos = vi.fn()
  let stopListening: () => void
  beforeEach(() => {
    vi.useFakeTimers()
    sos.mockReset()
    stopListening = onSosRequest(sos)
  })
  afterEach(() => {
    stopListening()
    setVisibility('visible')
    document.body.innerHTML = ''
  })

  it('starts a 5-second countdown on a strong shake, Cancel focused, the seconds read out and buzzed', () => {
    const vibrate = vi.fn(() => true)
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate })
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    const dialog = countdown()
    expect(dialog).not.toBeNull()
    expect(dialog?.getAttribute('aria-describedby')).toBeTruthy()
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    expect(document.activeElement).toBe(cancel)
    const left = screen.getByText('SOS opens in 5 seconds')
    expect(left.getAttribute('aria-live')).toBe('polite')
    tick(1000)
    expect(left.textContent).toBe('SOS opens in 4 seconds')
    tick(3000)
    expect(left.textContent).toBe('SOS opens in 1 second')
    expect(vibrate).toHaveBeenCalledTimes(5)
    expect(sos).not.toHaveBeenCalled()
    Reflect.deleteProperty(navigator, 'vibrate')
  })

  it('opens SOS as the SOS button does when the countdown reaches 0', () => {
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    // The shake was found about half-way through the second of shaking.
    tick(4000)
    expect(screen.getByText('SOS opens in 1 second')).toBeTruthy()
    expect(sos).not.toHaveBeenCalled()
    tick(1000)
    expect(sos).toHaveBeenCalledTimes(1)
    expect(sos).toHaveBeenCalledWith({})
    expect(countdown()).toBeNull()
  })

  it('Cancel stops it: no SOS, and the shake that may still be going on starts nothing for a moment', () => {
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(countdown()).toBeNull()
    tick(10_000 - SHAKE_COOLDOWN_MS)
    expect(sos).not.toHaveBeenCalled()
    move('shake', 1500)
    expect(countdown()).not.toBeNull()
  })

  it('ignores a shake right after a countdown', () => {
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    move('shake', SHAKE_COOLDOWN_MS - 1100)
    expect(countdown()).toBeNull()
  })

  it('Escape cancels it, and goes no further (Quick exit listens for Escape on the window)', () => {
    const window_ = vi.fn()
    window.addEventListener('keydown', window_)
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'Escape' })
    window.removeEventListener('keydown', window_)
    expect(countdown()).toBeNull()
    expect(window_).not.toHaveBeenCalled()
    tick(6000)
    expect(sos).not.toHaveBeenCalled()
  })

  it('does nothing on walking', () => {
    render(<ShakeSos />, { wrapper: I18n })
    move('walk', 10_000)
    expect(countdown()).toBeNull()
  })

  it('does not listen while the page is hidden', () => {
    render(<ShakeSos />, { wrapper: I18n })
    setVisibility('hidden')
    move('shake')
    expect(countdown()).toBeNull()
    setVisibility('visible')
    move('shake')
    expect(countdown()).not.toBeNull()
  })

  it('does nothing while the SOS sheet is already open', () => {
    document.body.insertAdjacentHTML('beforeend', '<dialog open><div class="sos-sheet"></div></dialog>')
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    expect(countdown()).toBeNull()
  })

  it('speaks Hindi and Marathi', async () => {
    vi.useRealTimers()
    await setLanguage('hi')
    vi.useFakeTimers()
    const hi = render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    expect(screen.getByRole('alertdialog', { name: 'SOS खुल रहा है' })).toBeTruthy()
    expect(screen.getByText('5 सेकंड में SOS खुलेगा')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'रद्द करें' })).toBeTruthy()
    hi.unmount()
    vi.useRealTimers()
    await setLanguage('mr')
    vi.useFakeTimers()
    render(<ShakeSos />, { wrapper: I18n })
    move('shake')
    expect(screen.getByRole('alertdialog', { name: 'SOS उघडत आहे' })).toBeTruthy()
    expect(screen.getByText('5 सेकंदांत SOS उघडेल')).toBeTruthy()
  })
})

describe('on every screen', () => {
  it('listens only while Shake for SOS is on, and loads the detector only then', async () => {
    const listening = () => add.mock.calls.filter(([type]) => type === 'devicemotion').length
    const add = vi.spyOn(window, 'addEventListener')
    const remove = vi.spyOn(window, 'removeEventListener')
    render(<ShakeWatch />, { wrapper: I18n })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(listening()).toBe(0)
    act(() => setShakeOn(true))
    await vi.waitFor(() => expect(listening()).toBe(1))
    act(() => setShakeOn(false))
    expect(remove.mock.calls.filter(([type]) => type === 'devicemotion')).toHaveLength(1)
    add.mockRestore()
    remove.mockRestore()
  })
})
