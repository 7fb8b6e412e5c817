import type { AlertPayload } from '@wings/contract'
import { describe, expect, it, vi } from 'vitest'
import { ALERT_ICON, alertOf, alertUrl, FALLBACK_ALERT, openAlert, sameOriginUrl, showAlert } from './alerts.ts'

const ORIGIN = 'https://wings.example'
const sos: AlertPayload = {
  kind: 'sos',
  title: 'SOS from Asha',
  body: 'Asha pressed SOS. Open the link to see where she is, call her, and call 112 if she cannot be reached.',
  url: `${ORIGIN}/s/${'a'.repeat(43)}`,
  tag: 'sos-1',
}
const message = (value: unknown) => ({ text: () => (typeof value === 'string' ? value : JSON.stringify(value)) })

function fakeRegistration() {
  const shown: Array<{ title: string; options: NotificationOptions & { renotify?: boolean } }> = []
  return {
    shown,
    registration: {
      showNotification: vi.fn(async (title: string, options?: NotificationOptions) => {
        shown.push({ title, options: options ?? {} })
      }),
    },
  }
}

function fakeClients(urls: string[]) {
  const windows = urls.map((url) => ({ url, focus: vi.fn(async () => undefined) }))
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  }
  return { windows, clients, asClients: clients as unknown as Clients }
}

describe('the push handler', () => {
  it('shows an SOS with its title, body, tag and page, ringing again and staying until acted on', async () => {
    const { shown, registration } = fakeRegistration()
    await showAlert(registration, message(sos))
    expect(shown).toEqual([
      {
        title: 'SOS from Asha',
        options: expect.objectContaining({
          body: sos.body,
          tag: 'sos-1',
          data: { url: sos.url },
          icon: ALERT_ICON,
          renotify: true,
          requireInteraction: true,
        }),
      },
    ])
  })

  it('keeps a missed check-in on screen, and lets "safe again" and "started sharing" come quietly', async () => {
    const { shown, registration } = fakeRegistration()
    for (const kind of ['checkin-missed', 'checkin-safe', 'share-started'] as const) {
      await showAlert(registration, message({ ...sos, kind, tag: kind }))
    }
    expect(shown.map((n) => [n.options.tag, n.options.renotify, n.options.requireInteraction])).toEqual([
      ['checkin-missed', false, true],
      ['checkin-safe', false, false],
      ['share-started', false, false],
    ])
  })

  it('still shows a notification (the browser requires one) for a message it cannot read', async () => {
    for (const bad of [
      'not json',
      '',
      null,
      { ...sos, kind: 'party' },
      { ...sos, url: 42 },
      { title: 'no kind' },
      [sos],
    ]) {
      const { shown, registration } = fakeRegistration()
      await showAlert(registration, bad === null ? null : message(bad))
      expect(shown).toHaveLength(1)
      expect(shown[0]?.title).toBe(FALLBACK_ALERT.title)
      expect(shown[0]?.options.data).toEqual({ url: '/' })
    }
  })

  it('reads only the fields of an alert', () => {
    expect(alertOf(message({ ...sos, extra: '<script>' }))).toEqual(sos)
  })
})

describe('the notificationclick handler', () => {
  it('opens the alert’s page when no window shows it', async () => {
    const { clients, asClients } = fakeClients([`${ORIGIN}/safety`])
    await openAlert(asClients, sos.url, ORIGIN)
    expect(clients.openWindow).toHaveBeenCalledWith(sos.url)
  })

  it('brings forward the window that already shows it', async () => {
    const { windows, clients, asClients } = fakeClients([`${ORIGIN}/`, sos.url])
    await openAlert(asClients, sos.url, ORIGIN)
    expect(windows[1]?.focus).toHaveBeenCalled()
    expect(windows[0]?.focus).not.toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('never opens another site: the page is opened on the worker’s own origin', async () => {
    const { clients, asClients } = fakeClients([])
    await openAlert(asClients, 'https://evil.example/s/x?y=1#z', ORIGIN)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/s/x?y=1#z`)
    expect(sameOriginUrl('/g/abc?stop=1', ORIGIN)).toBe(`${ORIGIN}/g/abc?stop=1`)
    expect(sameOriginUrl('http://localhost:8080/s/tok', ORIGIN)).toBe(`${ORIGIN}/s/tok`)
  })

  it('tells an alert from the check-in reminder, which has no page of its own', () => {
    expect(alertUrl({ url: sos.url })).toBe(sos.url)
    expect(alertUrl(undefined)).toBeNull()
    expect(alertUrl(null)).toBeNull()
    expect(alertUrl({ url: '' })).toBeNull()
  })
})
