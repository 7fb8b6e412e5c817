/**
 * Guardians' alerts in the service worker (docs/guardians.md): a push message from Wings' server (an AlertPayload)
 * becomes a notification, and a tap on it opens the live viewer or the guardian's page. Kept apart from sw.ts, which
 * runs Workbox at import, so the handlers can be tested alone.
 */
import type { AlertPayload } from '@wings/contract'

export const ALERT_ICON = '/icons/icon-192.png'

/** The browser must show something for every push (userVisibleOnly): this, when the message cannot be read. */
export const FALLBACK_ALERT: AlertPayload = {
  kind: 'sos',
  title: 'Wings alert',
  body: 'Someone you are a guardian for may need help. Open Wings to see the alert.',
  url: '/',
  tag: 'wings-alert',
}

const KINDS = new Set<string>(['sos', 'checkin-missed', 'checkin-safe', 'share-started'])

/** The push message's data as an alert, or null when it is not one. */
export function alertOf(data: { text(): string } | null | undefined): AlertPayload | null {
  let value: unknown
  try {
    value = JSON.parse(data?.text() ?? '')
  } catch {
    return null
  }
  const alert = value as Partial<AlertPayload> | null
  if (!alert || typeof alert !== 'object') return null
  const { kind, title, body, url, tag } = alert
  if (typeof kind !== 'string' || !KINDS.has(kind)) return null
  if ([title, body, url, tag].some((field) => typeof field !== 'string')) return null
  return { kind, title, body, url, tag } as AlertPayload
}

/** Options the TypeScript DOM library no longer lists but browsers read. */
interface AlertOptions extends NotificationOptions {
  renotify?: boolean
  timestamp?: number
}

/**
 * The notification for an alert. An SOS rings again even if an earlier one of the same tag is still shown, and an
 * SOS or a missed check-in stays until the guardian acts on it, where the system allows it.
 */
export function alertNotification(alert: AlertPayload, now = Date.now()): { title: string; options: AlertOptions } {
  const urgent = alert.kind === 'sos' || alert.kind === 'checkin-missed'
  return {
    title: alert.title,
    options: {
      body: alert.body,
      tag: alert.tag,
      icon: ALERT_ICON,
      badge: ALERT_ICON,
      data: { url: alert.url },
      renotify: alert.kind === 'sos',
      requireInteraction: urgent,
      timestamp: now,
    },
  }
}

/** The `push` handler's work: shows the alert the message carries. */
export async function showAlert(
  registration: Pick<ServiceWorkerRegistration, 'showNotification'>,
  data: { text(): string } | null | undefined,
): Promise<void> {
  const { title, options } = alertNotification(alertOf(data) ?? FALLBACK_ALERT)
  await registration.showNotification(title, options)
}

/** The URL a notification opens, when it is an alert's (the check-in reminder has none). */
export function alertUrl(data: unknown): string | null {
  const url = (data as { url?: unknown } | null | undefined)?.url
  return typeof url === 'string' && url ? url : null
}

/**
 * The alert's page on this worker's own origin: the server writes its links with PUBLIC_URL, which may not be the
 * origin the guardian subscribed on, and a notification must never open another site.
 */
export function sameOriginUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url, origin)
    return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`
  } catch {
    return `${origin}/`
  }
}

/** The `notificationclick` work for an alert: the window already showing its page comes forward, else one opens. */
export async function openAlert(clients: Clients, url: string, origin: string): Promise<void> {
  const target = sameOriginUrl(url, origin)
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[]
  const open = windows.find((client) => client.url === target)
  if (open) {
    await open.focus()
    return
  }
  await clients.openWindow(target)
}
