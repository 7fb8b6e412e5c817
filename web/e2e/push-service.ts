/**
 * A browser's push service, played on this machine for the browser tests: it takes the server's Web Push requests
 * as FCM or Mozilla's service would (checking the VAPID signature), and decrypts their payload with the keys of the
 * subscription the test made, as the browser would (RFC 8291, aes128gcm).
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'

/** A browser's subscription keys: the private half stays here, the public half goes to the server. */
export interface SubscriptionKeys {
  /** The browser's P-256 public key (uncompressed point), base64url. */
  p256dh: string
  /** The 16-byte auth secret, base64url. */
  auth: string
  decrypt(body: Buffer): string
}

export function subscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const uaPublic = ecdh.getPublicKey()
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: auth.toString('base64url'),
    decrypt(body: Buffer): string {
      // Header: salt (16) | record size (4) | key id length (1) | key id (the server's ephemeral public key).
      const salt = body.subarray(0, 16)
      const idLength = body.readUInt8(20)
      const asPublic = body.subarray(21, 21 + idLength)
      const record = body.subarray(21 + idLength)
      const secret = ecdh.computeSecret(asPublic)
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic])
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32))
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
      decipher.setAuthTag(record.subarray(record.length - 16))
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1
      while (end >= 0 && padded[end] === 0) end--
      if (padded[end] !== 2) throw new Error('The push payload has no last-record delimiter')
      return padded.subarray(0, end).toString('utf8')
    },
  }
}

export interface PushRequest {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

/**
 * Checks a request's VAPID header (`vapid t=<JWT>, k=<public key>`): the key is the server's, the JWT is signed with
 * it (ES256) for this push service's origin and not expired. Answers what is wrong, or null.
 */
export function vapidProblem(request: PushRequest, serverKey: string, audience: string): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(request.headers.authorization ?? ''))
  if (!match) return `no VAPID authorization: ${request.headers.authorization}`
  const [, jwt = '', key = ''] = match
  if (key !== serverKey) return 'the VAPID key is not the server’s public key'
  const [header = '', claims = '', signature = ''] = jwt.split('.')
  const point = Buffer.from(key, 'base64url')
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) return 'the VAPID signature does not verify'
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number }
  if (body.aud !== audience) return `the VAPID audience is ${body.aud}, not ${audience}`
  if (!body.exp || body.exp * 1000 < Date.now()) return 'the VAPID token has expired'
  return null
}

export interface PushService {
  origin: string
  /** Every request received, in order. */
  received: PushRequest[]
  /** The first request for `path` not yet answered by next() (one already received counts), within `timeoutMs`. */
  next(path: string, timeoutMs?: number): Promise<PushRequest>
  close(): Promise<void>
}

/** Listens on 127.0.0.1:`port` and answers every push 201 Created, as a push service does. */
export async function startPushService(port: number): Promise<PushService> {
  const received: PushRequest[] = []
  const waiting = new Set<() => void>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
      for (const wake of waiting) wake()
      res.writeHead(req.method === 'POST' ? 201 : 405).end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const taken = new Set<PushRequest>()
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    next(path, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = received.find((r) => !taken.has(r) && r.path === path)
          if (!found) return false
          taken.add(found)
          waiting.delete(look)
          clearTimeout(timer)
          resolve(found)
          return true
        }
        const timer = setTimeout(() => {
          waiting.delete(look)
          reject(new Error(`No push to ${path} within ${timeoutMs} ms (received: ${received.map((r) => r.path)})`))
        }, timeoutMs)
        if (!look()) waiting.add(look)
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
