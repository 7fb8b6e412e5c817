import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { expectInvalid } from './testing/answers.ts'
import { freshApp } from './testing/fresh-app.ts'
import { postRaw, sessionCookie, type TestApp, validSignup } from './testing/test-app.ts'

let t: TestApp

const defaults = loadConfig({}).rateLimits

describe('errors', () => {
  it('answers an unknown /api route with a JSON 404, never the web app', async () => {
    t = await freshApp()
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing/here', headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ success: false, message: 'Not found', code: 'NOT_FOUND' })
    }
  })

  it('hides the internals of a server fault', async () => {
    t = await freshApp()
    t.app.get('/api/boom', async () => {
      throw new Error('SQLITE_CORRUPT at /var/lib/wings/wings.db')
    })
    const res = await t.app.inject({ url: '/api/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({
      success: false,
      message: 'Something went wrong. Please try again later.',
      code: 'INTERNAL_ERROR',
    })
    expect(res.body).not.toContain('SQLITE')
  })

  it('answers a malformed JSON body with 400, not 500', async () => {
    t = await freshApp()
    const res = await postRaw(t.app, '/api/login', '{"email": ')
    expectInvalid(res, 'Request body is not valid JSON')
  })

  it('refuses prototype poisoning', async () => {
    t = await freshApp()
    const res = await postRaw(t.app, '/api/login', '{"email":"a@b.in","password":"x","__proto__":{"admin":true}}')
    expect(res.statusCode).toBe(400)
  })

  it('refuses a body that is not JSON with 415', async () => {
    t = await freshApp()
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await postRaw(t.app, '/api/login', 'email=a@b.in&password=x', type)
      expect(res.statusCode).toBe(415)
      expect(res.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' })
    }
  })

  it('refuses an oversized body with 413', async () => {
    t = await freshApp()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { fullName: 'A', emailId: 'a@b.in', query: 'x'.repeat(70 * 1024) },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ success: false, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' })
  })

  it('treats an empty JSON body as no body', async () => {
    t = await freshApp()
    const logout = await postRaw(t.app, '/api/logout')
    expect(logout.statusCode).toBe(200)
    const login = await postRaw(t.app, '/api/login')
    expect(login.json()).toMatchObject({ message: 'Request body must be a JSON object', code: 'VALIDATION_ERROR' })
  })

  it('refuses a JSON body that is not an object', async () => {
    t = await freshApp()
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const res = await postRaw(t.app, '/api/signup', payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('Request body must be a JSON object')
    }
  })
})

describe('security headers', () => {
  it('sends a strict CSP and the usual protections on API answers and pages', async () => {
    t = await freshApp()
    for (const url of ['/api/healthz', '/api/missing', '/']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } })
      const csp = res.headers['content-security-policy']
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("img-src 'self' data: blob:")
      expect(csp).toContain("media-src 'self' blob:")
      expect(csp).toContain("connect-src 'self'")
      expect(csp).toContain("worker-src 'self'")
      expect(csp).toContain("manifest-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('sends no referrer at all from a live location or guardian page, whose URL holds a token', async () => {
    t = await freshApp()
    const token = 'A'.repeat(43)
    for (const url of [`/s/${token}`, `/g/${token}?stop=1`]) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html' } })
      expect(page.headers['referrer-policy']).toBe('no-referrer')
      expect(page.headers['content-security-policy']).toContain("default-src 'self'")
    }
    for (const url of ['/', '/safety', `/api/share/${token}`, `/api/guardian-invites/${token}`]) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } })
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    }
  })

  it('lets the app fetch and draw tiles from the TILE_URL host, and no other', async () => {
    t = await freshApp({ tileUrl: 'https://tiles.example.org/osm/{z}/{x}/{y}.png' })
    const csp = (await t.app.inject({ url: '/api/healthz' })).headers['content-security-policy']
    expect(csp).toContain("img-src 'self' data: blob: https://tiles.example.org;")
    expect(csp).toContain("connect-src 'self' https://tiles.example.org;")
    expect(csp).toContain("script-src 'self';")
  })

  it('sends HSTS and Secure cookies only when the request came over https', async () => {
    t = await freshApp({ trustProxy: true })
    const https = { 'x-forwarded-proto': 'https' }
    expect((await t.app.inject({ url: '/api/healthz', headers: https })).headers['strict-transport-security']).toMatch(
      /max-age=\d+/,
    )
    await t.app.inject({ method: 'POST', url: '/api/signup', payload: validSignup })
    const credentials = { email: validSignup.email, password: validSignup.password }
    const overHttps = await t.app.inject({ method: 'POST', url: '/api/login', headers: https, payload: credentials })
    expect(overHttps.cookies[0]).toMatchObject({ name: 'wings_session', secure: true })
    const overHttp = await t.app.inject({ method: 'POST', url: '/api/login', payload: credentials })
    expect(overHttp.cookies[0]?.secure).toBeUndefined()
    expect(sessionCookie(overHttp)).toBeDefined()
  })

  it('can be told to always set Secure cookies', async () => {
    t = await freshApp({ cookieSecure: true })
    await t.app.inject({ method: 'POST', url: '/api/signup', payload: validSignup })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: validSignup.email, password: validSignup.password },
    })
    expect(res.cookies[0]?.secure).toBe(true)
  })
})

describe('origin check', () => {
  const contact = { fullName: 'Asha Rao', emailId: 'asha@example.in', query: 'Hello' }

  it('refuses a state-changing request from another site with 403', async () => {
    t = await freshApp()
    for (const origin of ['https://evil.example', 'http://localhost:5173', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { origin }, payload: contact })
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ success: false, message: 'Request origin is not allowed', code: 'BAD_ORIGIN' })
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile/update',
      headers: { origin: 'https://evil.example' },
    })
    expect(patch.statusCode).toBe(403)
  })

  it('lets through the same origin, no origin, reads, and configured origins', async () => {
    t = await freshApp({ allowedOrigins: ['http://localhost:5173'] })
    const post = (origin?: string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', headers: origin ? { origin } : {}, payload: contact })
    expect((await post('http://localhost')).statusCode).toBe(201)
    expect((await post()).statusCode).toBe(201)
    expect((await post('http://localhost:5173')).statusCode).toBe(201)
    const read = await t.app.inject({ url: '/api/healthz', headers: { origin: 'https://evil.example' } })
    expect(read.statusCode).toBe(200)
  })

  it('compares with the forwarded host behind a trusted proxy', async () => {
    t = await freshApp({ trustProxy: true })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://wings.example', 'x-forwarded-host': 'wings.example', 'x-forwarded-proto': 'https' },
      payload: contact,
    })
    expect(res.statusCode).toBe(201)
  })
})

describe('rate limit', () => {
  it('limits every /api route per IP with 429', async () => {
    t = await freshApp({ rateLimits: { ...defaults, api: { max: 3, windowMs: 60_000 } } })
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/healthz' })).statusCode).toBe(200)
    const res = await t.app.inject({ url: '/api/healthz' })
    expect(res.statusCode).toBe(429)
    expect(res.headers['retry-after']).toBeDefined()
    expect(res.json()).toEqual({
      success: false,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    })
    const other = await t.app.inject({ url: '/api/healthz', remoteAddress: '10.0.0.9' })
    expect(other.statusCode).toBe(200)
  })
})
