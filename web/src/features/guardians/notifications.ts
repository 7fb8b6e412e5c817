/**
 * Alerts as notifications on the guardian's device (Web Push): Wings' service worker, the browser's permission, a
 * push subscription made with the server's VAPID key, and that subscription sent to the server for this invitation.
 * Each refusal is put in words the guardian can act on.
 */
import { GuardianMessages, type PushSubscription as PushSubscriptionJson } from '@wings/contract'
import { ApiError } from '../../api/client.ts'
import { failureText } from '../../api/failure/failure.ts'
import { fetchPushKey, sendPushSubscription } from './api.ts'
import { t } from './messages.ts'

/** In the guardian's language at the moment each is read. */
export const PushText = {
  get unsupported() {
    return t('pushUnsupported')
  },
  get ios() {
    return t('pushIos')
  },
  get blocked() {
    return t('pushBlocked')
  },
  get dismissed() {
    return t('pushDismissed')
  },
  get noWorker() {
    return t('pushNoWorker')
  },
  get refused() {
    return t('pushRefused')
  },
  get offline() {
    return t('pushOffline')
  },
  get failed() {
    return t('pushFailed')
  },
}

/** How long to wait for the service worker to take charge before saying it did not. */
export const WORKER_READY_MS = 15_000

/** The browser as this module uses it (tests give their own). */
export interface PushEnvironment {
  navigator: Navigator
  Notification?: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> }
  hasPushManager: boolean
  standalone: boolean
}

export function browserEnvironment(): PushEnvironment {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  return {
    navigator,
    ...(typeof Notification === 'undefined' ? {} : { Notification }),
    hasPushManager: 'PushManager' in window,
    standalone,
  }
}

/** iPhone, iPad (which says it is a Mac, but has touch), iPod. */
function isAppleMobile(nav: Navigator): boolean {
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
}

/** Why notifications cannot work here at all, or null when the browser has what they need. */
export function pushUnsupported(env: PushEnvironment): string | null {
  if ('serviceWorker' in env.navigator && env.hasPushManager && env.Notification) return null
  return isAppleMobile(env.navigator) && !env.standalone ? PushText.ios : PushText.unsupported
}

/** The VAPID key as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))])
}

/** Wings' service worker (the app registers it on every page; a guardian's first visit may be before that). */
async function workerRegistration(container: ServiceWorkerContainer): Promise<ServiceWorkerRegistration | null> {
  try {
    if (!(await container.getRegistration('/'))) await container.register('/sw.js', { scope: '/' })
    return await withTimeout(container.ready, WORKER_READY_MS)
  } catch {
    return null
  }
}

/** This browser's subscription with the server's key: the existing one, else a new one. Throws when refused. */
async function subscription(registration: ServiceWorkerRegistration, key: Uint8Array<ArrayBuffer>) {
  const existing = await registration.pushManager.getSubscription()
  if (existing && sameKey(existing.options?.applicationServerKey, key)) return existing
  // Made with another key (the server's keys were replaced): the push service would refuse the server's messages.
  if (existing) await existing.unsubscribe().catch(() => false)
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

export type PushOutcome = { ok: true } | { ok: false; text: string }

/** Turns on notifications on this device for the invitation `token`. */
export async function turnOnNotifications(token: string, env = browserEnvironment()): Promise<PushOutcome> {
  const unsupported = pushUnsupported(env)
  if (unsupported || !env.Notification) return { ok: false, text: unsupported ?? PushText.unsupported }
  if (env.Notification.permission === 'denied') return { ok: false, text: PushText.blocked }
  const permission =
    env.Notification.permission === 'granted'
      ? 'granted'
      : await env.Notification.requestPermission().catch(() => 'denied' as const)
  if (permission === 'denied') return { ok: false, text: PushText.blocked }
  if (permission !== 'granted') return { ok: false, text: PushText.dismissed }
  try {
    const key = keyBytes(await fetchPushKey())
    const registration = await workerRegistration(env.navigator.serviceWorker)
    if (!registration) return { ok: false, text: PushText.noWorker }
    let made: globalThis.PushSubscription
    try {
      made = await subscription(registration, key)
    } catch {
      return { ok: false, text: PushText.refused }
    }
    await sendPushSubscription(token, made.toJSON() as PushSubscriptionJson)
    return { ok: true }
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) return { ok: false, text: PushText.offline }
    // The server does not take this browser's push service: what the guardian can do instead.
    if (error instanceof ApiError && error.sent === GuardianMessages.pushService)
      return { ok: false, text: PushText.unsupported }
    return { ok: false, text: failureText(error, PushText.failed) }
  }
}
