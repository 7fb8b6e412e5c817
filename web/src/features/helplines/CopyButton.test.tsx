import { I18nProvider } from '@lingui/react'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { ToastProvider } from '../../ui/Toast.tsx'
import { COPIED_MS, CopyButton } from './CopyButton.tsx'

/** The app's messages, as AppProviders gives them. */
const I18n = ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>

describe('CopyButton', () => {
  const writeText = vi.fn(async (_text: string) => undefined)

  beforeEach(() => {
    writeText.mockClear()
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  function setup() {
    render(
      <ToastProvider>
        <CopyButton text="1091" label="Women helpline 1091" />
      </ToastProvider>,
      { wrapper: I18n },
    )
    return screen.getByRole('button', { name: 'Copy Women helpline 1091' })
  }

  it('shows Copied! for 2 s and ignores a second click during that time', async () => {
    const button = setup()
    await act(async () => {
      fireEvent.click(button)
    })
    expect(writeText).toHaveBeenCalledWith('1091')
    expect(button).toHaveProperty('textContent', 'Copied!')

    await act(async () => {
      vi.advanceTimersByTime(1000)
      fireEvent.click(button)
    })
    expect(writeText).toHaveBeenCalledTimes(1)
    expect(button).toHaveProperty('textContent', 'Copied!')

    await act(async () => {
      vi.advanceTimersByTime(COPIED_MS - 1000 - 1)
    })
    expect(button).toHaveProperty('textContent', 'Copied!')
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    expect(button).toHaveProperty('textContent', 'Copy')

    await act(async () => {
      fireEvent.click(button)
    })
    expect(writeText).toHaveBeenCalledTimes(2)
  })

  it('falls back to the selection copy when the Clipboard API is missing', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    const execCommand = vi.fn(() => true)
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand })
    const button = setup()
    await act(async () => {
      fireEvent.click(button)
    })
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(button).toHaveProperty('textContent', 'Copied!')
  })

  it('says so when nothing can copy', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined })
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false })
    const button = setup()
    await act(async () => {
      fireEvent.click(button)
    })
    expect(button).toHaveProperty('textContent', 'Copy')
    expect(screen.getByRole('alert').textContent).toContain('Could not copy. The number is 1091.')
  })
})
