import { afterEach, describe, expect, it, vi } from 'vitest'
import { askToNotify, notifyCall, TAG } from './notify.ts'

function stubNotification(permission: NotificationPermission) {
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission)
  const constructed = vi.fn()
  const Fake = Object.assign(
    function fakeNotification(title: string, options: NotificationOptions) {
      constructed(title, options)
    },
    { permission, requestPermission },
  )
  vi.stubGlobal('Notification', Fake)
  return { requestPermission, constructed }
}

function stubWorker(registration: unknown) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  })
}

describe('the fake call notification', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('asks for permission only for a delay long enough to leave the screen, and only once', async () => {
    const { requestPermission } = stubNotification('default')
    await askToNotify(10)
    expect(requestPermission).not.toHaveBeenCalled()
    await askToNotify(60)
    await askToNotify(300)
    expect(requestPermission).toHaveBeenCalledTimes(2)

    for (const answered of ['granted', 'denied'] as const) {
      const again = stubNotification(answered)
      await askToNotify(300)
      expect(again.requestPermission).not.toHaveBeenCalled()
    }
  })

  it('shows the call through the service worker when allowed', async () => {
    stubNotification('granted')
    const showNotification = vi.fn(async () => undefined)
    stubWorker({ showNotification })
    expect(await notifyCall('Maa', 'Incoming call')).toBe(true)
    expect(showNotification).toHaveBeenCalledWith('Maa', expect.objectContaining({ body: 'Incoming call', tag: TAG }))
  })

  it('falls back on a page notification without a worker', async () => {
    const { constructed } = stubNotification('granted')
    stubWorker(undefined)
    expect(await notifyCall('Maa', 'Incoming call')).toBe(true)
    expect(constructed).toHaveBeenCalledWith('Maa', expect.objectContaining({ body: 'Incoming call' }))
  })

  it('shows nothing without permission or without the API', async () => {
    const { constructed } = stubNotification('denied')
    const showNotification = vi.fn()
    stubWorker({ showNotification })
    expect(await notifyCall('Maa', 'Incoming call')).toBe(false)
    vi.stubGlobal('Notification', undefined)
    expect(await notifyCall('Maa', 'Incoming call')).toBe(false)
    await askToNotify(300)
    expect(showNotification).not.toHaveBeenCalled()
    expect(constructed).not.toHaveBeenCalled()
  })
})
