import { describe, expect, it, vi } from 'vitest'
import { SOS_MESSAGE, SOS_NO_GEOLOCATION, SOS_NO_LOCATION, sendSos, sosLink } from './sos.ts'

function deps(over: Partial<Parameters<typeof sendSos>[0]> = {}) {
  return {
    confirm: vi.fn(() => true),
    alert: vi.fn(),
    open: vi.fn((): Window | null => null),
    assign: vi.fn(),
    geolocation: undefined,
    ...over,
  }
}

describe('SOS', () => {
  it('builds a WhatsApp link with the message, the coordinates and a maps link', () => {
    const url = sosLink(18.922, 72.8347)
    expect(url.startsWith('https://wa.me/?text=')).toBe(true)
    const text = decodeURIComponent(url.slice('https://wa.me/?text='.length))
    expect(text).toContain(SOS_MESSAGE)
    expect(text).toContain('18.92200, 72.83470')
    expect(text).toContain('https://maps.google.com/?q=18.92200,72.83470')
  })

  it('does nothing when the person does not confirm', () => {
    const d = deps({ confirm: vi.fn(() => false) })
    sendSos(d)
    expect(d.open).not.toHaveBeenCalled()
    expect(d.alert).not.toHaveBeenCalled()
  })

  it('says when geolocation is not supported', () => {
    const d = deps()
    sendSos(d)
    expect(d.alert).toHaveBeenCalledWith(SOS_NO_GEOLOCATION)
  })

  it('says when the location cannot be read', () => {
    const geolocation = {
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({} as GeolocationPositionError),
    } as unknown as Geolocation
    const d = deps({ geolocation })
    sendSos(d)
    expect(d.alert).toHaveBeenCalledWith(SOS_NO_LOCATION)
  })

  const here = {
    getCurrentPosition: (ok: PositionCallback) =>
      ok({ coords: { latitude: 19.076, longitude: 72.8777 } } as GeolocationPosition),
  } as unknown as Geolocation

  it('opens the messaging link in a new tab once the position is known', () => {
    const d = deps({ geolocation: here, open: vi.fn((): Window | null => ({}) as Window) })
    sendSos(d)
    expect(d.open).toHaveBeenCalledWith(sosLink(19.076, 72.8777))
    expect(d.assign).not.toHaveBeenCalled()
  })

  it('opens the link in this tab when the new tab was blocked', () => {
    const d = deps({ geolocation: here })
    sendSos(d)
    expect(d.assign).toHaveBeenCalledWith(sosLink(19.076, 72.8777))
  })
})
