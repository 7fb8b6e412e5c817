import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { setLanguage } from '../../i18n/language.ts'
import { ShakeSetting } from './ShakeSetting.tsx'
import { SHAKE_KEY, shakeOn } from './shakeSetting.ts'

const I18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>
const box = () => screen.getByRole('checkbox', { name: 'Open SOS when I shake my phone hard' }) as HTMLInputElement

/** A browser with motion events; `answer` is iOS Safari's question's answer (none: the browser does not ask). */
function motionBrowser(answer?: 'granted' | 'denied' | Error) {
  const requestPermission = vi.fn(() => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)))
  vi.stubGlobal('DeviceMotionEvent', answer === undefined ? class {} : Object.assign(class {}, { requestPermission }))
  return requestPermission
}

describe('the Shake for SOS setting', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is off until she turns it on, and says what it does in one line', () => {
    motionBrowser()
    render(<ShakeSetting />, { wrapper: I18n })
    expect(screen.getByRole('heading', { name: 'Shake for SOS' })).toBeTruthy()
    expect(box().checked).toBe(false)
    expect(box().getAttribute('aria-describedby')).toBeTruthy()
    const what = document.getElementById(box().getAttribute('aria-describedby') ?? '')
    expect(what?.textContent).toBe(
      'While Wings is open, a strong shake starts a 5-second countdown you can cancel, then opens SOS.',
    )
    expect(shakeOn()).toBe(false)
  })

  it('turns on and off, kept on this device', async () => {
    motionBrowser()
    render(<ShakeSetting />, { wrapper: I18n })
    fireEvent.click(box())
    await vi.waitFor(() => expect(box().checked).toBe(true))
    expect(localStorage.getItem(SHAKE_KEY)).toBe('on')
    fireEvent.click(box())
    expect(box().checked).toBe(false)
    expect(localStorage.getItem(SHAKE_KEY)).toBeNull()
  })

  it('asks for the motion in her tap where the browser needs it (iOS Safari)', async () => {
    const ask = motionBrowser('granted')
    render(<ShakeSetting />, { wrapper: I18n })
    fireEvent.click(box())
    // Asked during the tap itself, before anything is awaited: iOS asks only then.
    expect(ask).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(box().checked).toBe(true))
    fireEvent.click(box())
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('stays off and says why when the motion is refused or cannot be read', async () => {
    motionBrowser('denied')
    const { unmount } = render(<ShakeSetting />, { wrapper: I18n })
    fireEvent.click(box())
    await screen.findByRole('alert')
    expect(screen.getByRole('alert').textContent).toContain("Your browser did not let Wings sense the phone's motion")
    expect(box().checked).toBe(false)
    expect(shakeOn()).toBe(false)
    unmount()

    motionBrowser(new Error('NotAllowedError'))
    const again = render(<ShakeSetting />, { wrapper: I18n })
    fireEvent.click(box())
    await screen.findByRole('alert')
    expect(box().checked).toBe(false)
    again.unmount()

    vi.stubGlobal('DeviceMotionEvent', undefined)
    render(<ShakeSetting />, { wrapper: I18n })
    fireEvent.click(box())
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This browser cannot sense the phone's motion, so a shake cannot open SOS here. The SOS button still works.",
    )
    expect(shakeOn()).toBe(false)
  })

  it('speaks Hindi and Marathi', async () => {
    motionBrowser()
    await setLanguage('hi')
    const hi = render(<ShakeSetting />, { wrapper: I18n })
    expect(screen.getByRole('checkbox', { name: 'फ़ोन ज़ोर से हिलाने पर SOS खोलें' })).toBeTruthy()
    hi.unmount()
    await setLanguage('mr')
    render(<ShakeSetting />, { wrapper: I18n })
    expect(screen.getByRole('heading', { name: 'फोन हलवून SOS' })).toBeTruthy()
  })
})
