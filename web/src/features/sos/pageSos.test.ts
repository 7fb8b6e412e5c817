import { afterEach, describe, expect, it, vi } from 'vitest'

const openSos = vi.fn()
vi.mock('./sosRequest.ts', () => ({ openSos: () => openSos() }))

const { continuePageSos } = await import('./pageSos.ts')

describe('continuePageSos', () => {
  afterEach(() => {
    openSos.mockClear()
    window.history.replaceState(null, '', '/')
  })

  it("opens the app's sheet when the page's own SOS was pressed before the app started, and drops #sos", () => {
    window.history.replaceState(null, '', '/help?x=1#sos')
    continuePageSos()
    expect(openSos).toHaveBeenCalledTimes(1)
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/help?x=1')
  })

  it('opens it for a press made while the app renders, and not for another fragment', () => {
    continuePageSos()
    expect(openSos).not.toHaveBeenCalled()
    window.location.hash = 'main'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(openSos).not.toHaveBeenCalled()
    window.location.hash = 'sos'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(openSos).toHaveBeenCalledTimes(1)
    expect(window.location.hash).toBe('')
  })
})
