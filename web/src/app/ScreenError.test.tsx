import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ScreenError, ScreenErrorText, setScreenReloader } from './ScreenError.tsx'

const props = (error: unknown) => ({ error: error as Error, reset: () => undefined, info: { componentStack: '' } })

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

  it('loads the page anew on "Try again"', async () => {
    const reload = vi.fn()
    setScreenReloader(reload)
    render(<ScreenError {...props('offline')} />)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
