import { createECDH } from 'node:crypto'
import type { AlertPayload } from '@wings/contract'
import webPush from 'web-push'
import type { GuardianKeys } from './keys.ts'

/** A guardian's browser subscription as stored: the push service's endpoint and the browser's keys (base64url). */
export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** What became of one push: delivered, the subscription is gone (404/410), refused for good, or to try again. */
export type SendResult = 'sent' | 'gone' | 'failed' | 'retry'

/**
 * Whether `endpoint` is on one of the push services' origins (config.pushServiceOrigins: `https://host[:port]` or
 * `https://*.host`). Nothing else is ever posted to: an endpoint is a URL a stranger can choose.
 */
export function isPushServiceEndpoint(endpoint: string, origins: readonly string[]): boolean {
  const url = URL.parse(endpoint)
  if (!url) return false
  if (url.username !== '' || url.password !== '' || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return false
  return origins.some((origin) => {
    const wildcard = origin.match(/^(https?:)\/\/\*\.(.+)$/)
    if (!wildcard) return url.origin === origin
    const [, protocol, host] = wildcard
    // The wildcard covers one or more labels; the port must be the pattern's too (none means the default).
    return url.protocol === protocol && url.host.endsWith(`.${host}`) && url.host.length > (host?.length ?? 0) + 1
  })
}

/** Whether the browser's keys are usable: p256dh a point on P-256, auth 16 bytes. */
export function pushKeysValid(p256dh: string, auth: string): boolean {
  try {
    if (Buffer.from(auth, 'base64url').length !== 16) return false
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'))
    return true
  } catch {
    return false
  }
}

interface PushSenderOptions {
  keys: GuardianKeys['vapid']
  /** The VAPID subject: how a push service can reach whoever runs this server. */
  subject: string
  origins: readonly string[]
  timeoutMs: number
}

/** How long a push service keeps an alert for a browser that is offline: after a day it is no longer news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60

/**
 * Sends alerts by Web Push: web-push encrypts (aes128gcm) and signs (VAPID); the request is our own fetch, with a
 * timeout, no redirects, and only to a push service's origin.
 */
export function createPushSender({ keys, subject, origins, timeoutMs }: PushSenderOptions) {
  return async function sendPush(target: PushTarget, payload: AlertPayload, topic: string): Promise<SendResult> {
    // Checked again at sending: the list may have changed since the subscription was taken.
    if (!isPushServiceEndpoint(target.endpoint, origins)) return 'failed'
    let details: webPush.RequestDetails
    try {
      details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'high',
          // A repeat of the same alert (a retry after a crash) replaces the first while it still waits for the browser.
          topic,
        },
      )
    } catch {
      return 'failed'
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(details.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value)
    }
    try {
      const answer = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      await answer.body?.cancel()
      return resultOf(answer.status)
    } catch {
      // Refused, reset, timed out: the push service may answer next time.
      return 'retry'
    }
  }
}

export type PushSender = ReturnType<typeof createPushSender>

function resultOf(status: number): SendResult {
  if (status >= 200 && status < 300) return 'sent'
  // The browser unsubscribed or the subscription expired: it is removed.
  if (status === 404 || status === 410) return 'gone'
  if (status === 408 || status === 429 || status >= 500) return 'retry'
  // 400, 401, 403, 413, a redirect: sending the same again would be refused again.
  return 'failed'
}
