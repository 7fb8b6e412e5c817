import { GuardianMessages } from '@wings/contract'
import { describe, expect, it, vi } from 'vitest'
import { answer, failure, noNetwork, server } from '../../test/api.ts'
import { keyBytes, type PushEnvironment, PushText, pushUnsupported, turnOnNotifications } from './notifications.ts'

const TOKEN = 'n'.repeat(43)
// A P-256 public key is 65 bytes: 0x04 then x and y.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256))
const KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '')
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
}
const ANDROID = 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1'

interface FakeSubscription {
  options: { applicationServerKey: ArrayBuffer | null }
  toJSON: () => typeof SUBSCRIPTION
  unsubscribe: ReturnType<typeof vi.fn>
}

function fakeSubscription(key: Uint8Array = KEY_BYTES): FakeSubscription {
  return {
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(async () => true),
  }
}

/** A browser that can do push, with the permission and the subscription the test gives. */
function browser(
  options: {
    permission?: NotificationPermission
    answer?: NotificationPermission
    existing?: FakeSubscription | null
    registered?: boolean
    subscribe?: () => Promise<FakeSubscription>
    userAgent?: string
    register?: () => Promise<unknown>
  } = {},
) {
  const made = fakeSubscription()
  const pushManager = {
    getSubscription: vi.fn(async () => options.existing ?? null),
    subscribe: vi.fn(options.subscribe ?? (async () => made)),
  }
  const registration = { pushManager }
  const serviceWorker = {
    getRegistration: vi.fn(async () => (options.registered === false ? undefined : registration)),
    register: vi.fn(options.register ?? (async () => registration)),
    ready: Promise.resolve(registration),
  }
  const Notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => options.answer ?? 'granted'),
  }
  const env: PushEnvironment = {
    navigator: { serviceWorker, userAgent: options.userAgent ?? ANDROID, maxTouchPoints: 5 } as unknown as Navigator,
    Notification,
    hasPushManager: true,
    standalone: false,
  }
  return { env, pushManager, serviceWorker, Notification, made }
}

/** The server's key and the invitation's push route; `refusePush` answers the subscription instead. */
function pushServer(refusePush?: Response) {
  const calls: Array<{ url: string; body: unknown }> = []
  const record = ({ request, body }: { request: Request; body: unknown }) =>
    calls.push({ url: new URL(request.url).pathname, body })
  server.use(
    answer('pushPublicKey', (call) => {
      record(call)
      return { publicKey: KEY }
    }),
    answer('guardianPush', (call) => {
      record(call)
      return refusePush ?? { success: true, message: GuardianMessages.pushOn }
    }),
  )
  return calls
}

describe('turning on notifications', () => {
  it('asks permission, subscribes with the server’s key and sends the subscription for this invitation', async () => {
    const calls = pushServer()
    const { env, pushManager, Notification } = browser()
    expect(await turnOnNotifications(TOKEN, env)).toEqual({ ok: true })
    expect(Notification.requestPermission).toHaveBeenCalled()
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY_BYTES })
    expect(calls).toEqual([
      { url: '/api/push/public-key', body: undefined },
      { url: `/api/guardian-invites/${TOKEN}/push`, body: { subscription: SUBSCRIPTION } },
    ])
  })

  it('registers Wings’ service worker when the page has none yet', async () => {
    pushServer()
    const { env, serviceWorker } = browser({ registered: false })
    expect(await turnOnNotifications(TOKEN, env)).toEqual({ ok: true })
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
  })

  it('reuses this browser’s subscription made with the same key, and replaces one made with another', async () => {
    pushServer()
    const same = fakeSubscription()
    const first = browser({ permission: 'granted', existing: same })
    expect(await turnOnNotifications(TOKEN, first.env)).toEqual({ ok: true })
    expect(first.pushManager.subscribe).not.toHaveBeenCalled()
    expect(first.Notification.requestPermission).not.toHaveBeenCalled()

    const old = fakeSubscription(new Uint8Array(65).fill(9))
    const second = browser({ permission: 'granted', existing: old })
    expect(await turnOnNotifications(TOKEN, second.env)).toEqual({ ok: true })
    expect(old.unsubscribe).toHaveBeenCalled()
    expect(second.pushManager.subscribe).toHaveBeenCalled()
  })

  it('says what to do when permission is refused, dismissed or blocked, and sends nothing', async () => {
    const calls = pushServer()
    expect(await turnOnNotifications(TOKEN, browser({ answer: 'denied' }).env)).toEqual({
      ok: false,
      text: PushText.blocked,
    })
    expect(await turnOnNotifications(TOKEN, browser({ answer: 'default' }).env)).toEqual({
      ok: false,
      text: PushText.dismissed,
    })
    const blocked = browser({ permission: 'denied' })
    expect(await turnOnNotifications(TOKEN, blocked.env)).toEqual({ ok: false, text: PushText.blocked })
    expect(blocked.Notification.requestPermission).not.toHaveBeenCalled()
    expect(calls).toEqual([])
  })

  it('explains a browser without push, and iPhone Safari outside an installed app', async () => {
    const calls = pushServer()
    const none = browser()
    none.env.hasPushManager = false
    expect(await turnOnNotifications(TOKEN, none.env)).toEqual({ ok: false, text: PushText.unsupported })

    const iphone = browser({ userAgent: IPHONE })
    iphone.env.hasPushManager = false
    delete iphone.env.Notification
    expect(pushUnsupported(iphone.env)).toBe(PushText.ios)
    // Installed on the Home Screen but too old for push: the iOS advice would not help.
    iphone.env.standalone = true
    expect(pushUnsupported(iphone.env)).toBe(PushText.unsupported)
    expect(calls).toEqual([])
  })

  it('says so when the browser refuses to subscribe or the service worker cannot start', async () => {
    const calls = pushServer()
    const refused = browser({ subscribe: () => Promise.reject(new DOMException('no push service', 'AbortError')) })
    expect(await turnOnNotifications(TOKEN, refused.env)).toEqual({ ok: false, text: PushText.refused })
    const noWorker = browser({ registered: false, register: () => Promise.reject(new TypeError('404')) })
    expect(await turnOnNotifications(TOKEN, noWorker.env)).toEqual({ ok: false, text: PushText.noWorker })
    expect(calls.map((c) => c.url)).toEqual(['/api/push/public-key', '/api/push/public-key'])
  })

  it('says what to do when the server refuses the subscription or fails, and the offline text without a connection', async () => {
    pushServer(failure(400, GuardianMessages.pushService))
    expect(await turnOnNotifications(TOKEN, browser().env)).toEqual({
      ok: false,
      text: PushText.unsupported,
    })
    pushServer(failure(500, 'Something went wrong. Please try again later.'))
    expect(await turnOnNotifications(TOKEN, browser().env)).toEqual({
      ok: false,
      text: "Notifications could not be turned on. The problem is on Wings' side, not yours. Try again in a few minutes.",
    })
    server.use(noNetwork())
    expect(await turnOnNotifications(TOKEN, browser().env)).toEqual({ ok: false, text: PushText.offline })
  })

  it('reads the base64url key as bytes', () => {
    expect(keyBytes(KEY)).toEqual(KEY_BYTES)
  })
})
