import 'fake-indexeddb/auto'
// The entities' sync registrations, loaded as the page and the service worker load them.
import '../db/entities.ts'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, vi } from 'vitest'
import { activateCatalogs } from '../i18n/catalog.tsx'
import { server, takeProblems, unhandled } from './api.ts'

// Requests go to msw's fake server (api.ts): each test adds the answers it needs.
server.listen({ onUnhandledRequest: unhandled })

afterEach(() => {
  cleanup()
  // A test that switched language (setLanguage) leaves the next one in English, with no choice kept.
  activateCatalogs('en')
  document.documentElement.lang = 'en'
  localStorage.clear()
  vi.useRealTimers()
  server.resetHandlers()
  const problems = takeProblems()
  if (problems.length > 0) throw new Error(problems.join('\n'))
})

afterAll(() => server.close())

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  })
}

// jsdom does not scroll; the router's scroll restoration calls it.
window.scrollTo = (() => undefined) as typeof window.scrollTo
