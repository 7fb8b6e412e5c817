// A push service on 127.0.0.1 for the guardians' tests, the browser tests and the bench, and a browser's side of Web
// Push: a subscription's keys, and the decryption of what arrives (RFC 8291 over RFC 8188 aes128gcm), done here with
// node:crypto alone so that it checks web-push's encryption rather than repeating it.
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A browser's push subscription: its keys, and the subscription as `toJSON()` gives it. */
export interface BrowserSubscription {
  ecdh: ECDH
  auth: Buffer
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
}

/** One request the push service received. */
export interface PushRequest {
  /** The subscription's id: the last part of the endpoint's path. */
  id: string
  headers: IncomingMessage['headers']
  body: Buffer
  /** The status it answered; 0 when it never answered (hung). */
  status: number
  at: number
}

/** What the push service answers a subscription's next requests: a status, or 'hang' (no answer at all). */
export type PushAnswer = number | 'hang'

export interface PushService {
  origin: string
  /** Every request received, oldest first. */
  requests: PushRequest[]
  /** The requests it answered 2xx: the pushes delivered. */
  delivered(id?: string): PushRequest[]
  /** A new subscription on this service; `answers` are used in turn for its requests, then 201 forever. */
  subscribe(answers?: PushAnswer[]): BrowserSubscription
  /** Changes what the subscription's next requests get. */
  answer(id: string, answers: PushAnswer[]): void
  /** The subscription's first request not yet taken by next() (one already received counts), within `timeoutMs`. */
  next(id: string, timeoutMs?: number): Promise<PushRequest>
  close(): Promise<void>
}

/** Listens on 127.0.0.1:`port` (any free port by default). */
export async function startPushService(port = 0): Promise<PushService> {
  const requests: PushRequest[] = []
  const taken = new Set<PushRequest>()
  const waiting = new Set<() => void>()
  const plans = new Map<string, PushAnswer[]>()
  const hung = new Set<ServerResponse>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const id = (request.url ?? '').split('/').at(-1) ?? ''
      const next = plans.get(id)?.shift() ?? 201
      const entry: PushRequest = {
        id,
        headers: request.headers,
        body: Buffer.concat(chunks),
        status: next === 'hang' ? 0 : next,
        at: Date.now(),
      }
      requests.push(entry)
      for (const wake of waiting) wake()
      if (next === 'hang') {
        hung.add(response)
        return
      }
      response.writeHead(next).end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    delivered: (id) => requests.filter((r) => r.status >= 200 && r.status < 300 && (id === undefined || r.id === id)),
    subscribe(answers = []) {
      const id = randomBytes(12).toString('hex')
      plans.set(id, [...answers])
      return browserSubscription(`${origin}/push/${id}`)
    },
    answer(id, answers) {
      plans.set(id, [...answers])
    },
    next(id, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = requests.find((r) => !taken.has(r) && r.id === id)
          if (!found) return false
          taken.add(found)
          waiting.delete(look)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiting.delete(look)
          reject(new Error(`No push to ${id} within ${timeoutMs} ms (received: ${requests.map((r) => r.id)})`))
        }, timeoutMs)
        if (!look()) waiting.add(look)
      })
    },
    async close() {
      for (const response of hung) response.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** Keys as a browser makes them for `endpoint`. */
export function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  }
}

/** The subscription's id on the push service (the last part of its endpoint). */
export const subscriptionId = (subscription: BrowserSubscription) => subscription.json.endpoint.split('/').at(-1) ?? ''

/** Decrypts a push body as the browser holding `subscription` does (aes128gcm, one record); throws if it cannot. */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const secret = subscription.ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), serverKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, subscription.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // The content, then the last record's delimiter 0x02, then zeros.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end -= 1
  if (padded[end] !== 2) throw new Error('not a final record')
  return padded.subarray(0, end).toString('utf8')
}

/**
 * Checks the request's VAPID Authorization (RFC 8292) as a push service does: `vapid t=<JWT>, k=<key>`, the key the
 * server publishes, the JWT signed by it (ES256) for this push service's origin and not expired. Returns its claims.
 */
export function verifyVapid(request: PushRequest, publicKey: string, origin: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(request.headers.authorization))
  if (!match) throw new Error(`no VAPID authorization: ${request.headers.authorization}`)
  const [, jwt = '', key] = match
  if (key !== publicKey) throw new Error('VAPID key is not the server’s')
  const [header = '', claims = '', signature = ''] = jwt.split('.')
  const point = Buffer.from(publicKey, 'base64url')
  const verifier = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = Buffer.from(`${header}.${claims}`)
  if (!verify('sha256', signed, { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    throw new Error('VAPID signature does not verify')
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>
  if (body.aud !== origin) throw new Error(`VAPID audience ${String(body.aud)} is not ${origin}`)
  if (typeof body.exp !== 'number' || body.exp * 1000 < Date.now()) throw new Error('VAPID token expired')
  return body
}
