import { ErrorCode, ErrorMessages } from '@wings/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendRaw } from '../testing/raw-http.ts'
import { createTestApp, type TestApp } from '../testing/test-app.ts'
import { MAX_URL_LENGTH } from './errors.ts'
import { PERMISSIONS_POLICY } from './security-headers.ts'

let t: TestApp
beforeAll(async () => {
  t = createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await t.close()
})

const TOKEN = 'Qm9vdHMtb24tdGhlLWdyb3VuZC1hdC1uaWdodC4xMjM'
const pad = (prefix: string, length: number) => `${prefix}${'a'.repeat(length - prefix.length)}`

/** The refusal's headers: the strictest, set with the answer because no hook may have run. */
function expectStrictHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['referrer-policy']).toBe('no-referrer')
  expect(headers['permissions-policy']).toBe(PERMISSIONS_POLICY)
}

describe('a URL over MAX_URL_LENGTH', () => {
  it.each([
    ['a page', 'GET', pad('/blog/', 20_000), { accept: 'text/html' }],
    ['an unknown API path', 'GET', pad('/api/', 20_000), {}],
    ['a share link, with its token', 'GET', pad(`/api/share/${TOKEN}?pad=`, 20_000), {}],
    ['a write from another site', 'POST', pad('/api/user/stories/create?', 20_000), { origin: 'https://evil.example' }],
    ['one character over', 'GET', pad('/api/healthz?', MAX_URL_LENGTH + 1), {}],
  ] as const)('answers 414 to %s, before any route or rule, without echoing it', async (_, method, url, headers) => {
    const res = await t.app.inject({ method, url, headers })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ success: false, message: ErrorMessages.badUrl, code: ErrorCode.validation })
    expect(res.body).not.toContain('aaaa')
    expectStrictHeaders(res.headers)
  })

  it('is not refused at MAX_URL_LENGTH itself', async () => {
    expect((await t.app.inject({ url: pad('/api/healthz?', MAX_URL_LENGTH) })).statusCode).toBe(200)
  })
})

describe('requests Node refuses before Fastify sees them', () => {
  it.each([
    ['a 10 kB URL', 10_000],
    ['a 20 kB URL', 20_000],
    ['a 100 kB URL', 100_000],
  ])('answers 414 to %s over HTTP, in the API shape, with the strict headers', async (_, length) => {
    const url = pad(`/api/share/${TOKEN}?pad=`, length)
    const res = await sendRaw(t.app, `GET ${url} HTTP/1.1\r\nHost: wings\r\nConnection: close\r\n\r\n`)
    expect(res.status).toBe(414)
    expect(JSON.parse(res.body)).toEqual({ success: false, message: ErrorMessages.badUrl, code: ErrorCode.validation })
    expect(res.body).not.toContain(TOKEN)
    expectStrictHeaders(res.headers)
  })

  it.each([
    ['headers over 16 kB', `X-Padding: ${'a'.repeat(20_000)}\r\n`, 431],
    ['a malformed header', 'Broken header line\r\n', 400],
  ])('answers %s in the API shape, with the strict headers', async (_, header, status) => {
    const res = await sendRaw(t.app, `GET /api/healthz HTTP/1.1\r\nHost: wings\r\n${header}\r\n`)
    expect(res.status).toBe(status)
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      message: ErrorMessages.badRequest,
      code: ErrorCode.validation,
    })
    expectStrictHeaders(res.headers)
  })
})
