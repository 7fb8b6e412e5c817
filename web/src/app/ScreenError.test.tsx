import { I18nProvider } from '@lingui/react'
import { render as renderBare, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '../i18n/catalog.tsx'
import { setLanguage } from '../i18n/language.ts'
import { ScreenError, ScreenErrorText, setScreenReloader } from './ScreenError.tsx'

const props = (error: unknown) => ({ error: error as Error, reset: () => undefined, info: { componentStack: '' } })
/** Rendered in the app's I18nProvider, as the router renders it. */
const render = (ui: ReactElement) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

describe('ScreenError', () => {
  it("says a screen's script did not arrive, in each browser's words, and keeps Call 112", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/help-1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://localhost/assets/help-1.js',
    ]) {
      const { unmount } = render(<ScreenError {...props(new TypeError(message))} />)
      expect(screen.getByRole('heading', { name: ScreenErrorText.title })).toBeTruthy()
      expect(screen.getByRole('alert').textContent).toBe(`${ScreenErrorText.chunk} ${ScreenErrorText.sos}`)
      expect(screen.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112')
      unmount()
    }
  })

  it('does not blame the connection for any other failure', () => {
    render(<ScreenError {...props(new Error('x is undefined'))} />)
    expect(screen.getByRole('alert').textContent).toBe(`${ScreenErrorText.other} ${ScreenErrorText.sos}`)
    expect(screen.getByRole('link', { name: 'Call 112' })).toBeTruthy()
  })

  it('says when the server could not be reached for the screen, and what to do then', () => {
    const error = Object.assign(new Error('Cannot reach Wings'), { name: 'ApiError', status: 0 })
    render(<ScreenError {...props(error)} />)
    expect(screen.getByRole('alert').textContent).toBe(`${ScreenErrorText.offline} ${ScreenErrorText.sos}`)
  })

  it('offers Try again and the way home, never a bare "Something went wrong"', () => {
    render(<ScreenError {...props(new Error('x is undefined'))} />)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/')
    const alert = screen.getByRole('alert').textContent ?? ''
    expect(alert).not.toMatch(/^Something went wrong[.!]?$/)
    expect(alert.replace(/^Something went wrong[^.]*\./, '').trim()).toMatch(/Try again/)
  })

  it('loads the page anew on "Try again"', async () => {
    const reload = vi.fn()
    setScreenReloader(reload)
    render(<ScreenError {...props('offline')} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('speaks Hindi and Marathi, and keeps 112', async () => {
    await setLanguage('hi')
    const { unmount } = render(<ScreenError {...props(new Error('x is undefined'))} />)
    expect(await screen.findByRole('heading', { name: 'यह स्क्रीन नहीं खुल पाई' })).toBeTruthy()
    expect(screen.getByRole('link', { name: '112 पर कॉल करें' }).getAttribute('href')).toBe('tel:112')
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'होम पेज पर जाएँ' })).toBeTruthy()
    unmount()
    await setLanguage('mr')
    render(<ScreenError {...props(new TypeError('Importing a module script failed.'))} />)
    expect(await screen.findByRole('link', { name: '112 ला कॉल करा' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toContain('Wings चा काही भाग पोहोचला नाही')
  })
})
