import { I18nProvider } from '@lingui/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { i18n } from '../../i18n/catalog.tsx'
import { clearDb } from '../../test/sync.ts'
import { ToastProvider } from '../../ui/Toast.tsx'

/** Each test starts with an empty phone database; a native alert() fails it (the form speaks in toasts). */
export function freshContactForm() {
  const alertMock = vi.fn()
  beforeEach(async () => {
    alertMock.mockReset()
    vi.stubGlobal('alert', alertMock)
    await clearDb()
  })
  afterEach(() => {
    expect(alertMock).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
  })
}

/** What the app gives the form: her language and its toasts. */
export const InApp = ({ children }: { children: ReactNode }) =>
  createElement(I18nProvider, { i18n }, createElement(ToastProvider, null, children))

/** What the toasts' polite region says now. */
export const news = () => document.querySelector('.toasts [role="status"]')?.textContent ?? ''
