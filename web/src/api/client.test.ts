import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, messageOf, NETWORK_MESSAGE, retryAfterMs } from './client.ts'

function answer(status: number, body: unknown, raw = false) {
  return vi.fn(async () => new Response(raw ? String(body) : JSON.stringify(body), { status }))
}

describe('apiFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends JSON with same-origin credentials under /api and answers the body', async () => {
    const fetchMock = answer(200, { success: true, data: { ok: 1 } })
    vi.stubGlobal('fetch', fetchMock)
    const out = await apiFetch<{ success: boolean }>('/login', { body: { email: 'a@b.co', password: 'x' } })
    expect(out).toEqual({ success: true, data: { ok: 1 } })
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/login')
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('same-origin')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(init.body).toBe('{"email":"a@b.co","password":"x"}')
  })

  it('keeps how long a busy server asked to wait (Retry-After), in seconds or as a date', async () => {
    const busy = (retryAfter?: string) =>
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: 'Too many requests', code: 'RATE_LIMITED' }), {
            status: 429,
            headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
          }),
      )
    vi.stubGlobal('fetch', busy('30'))
    await expect(apiFetch('/sync/push', { body: {} })).rejects.toMatchObject({ status: 429, retryAfterMs: 30_000 })
    vi.stubGlobal('fetch', busy())
    await expect(apiFetch('/sync/push', { body: {} })).rejects.toMatchObject({ status: 429, retryAfterMs: null })
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(retryAfterMs('Mon, 23 Nov 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(retryAfterMs('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('soon', now)).toBeNull()
    expect(retryAfterMs('-5', now)).toBeNull()
  })

  it('uses GET without a body', async () => {
    const fetchMock = answer(200, { success: true })
    vi.stubGlobal('fetch', fetchMock)
    await apiFetch('/profile')
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
  })

  it('throws the server message, status and code from {success:false}', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { success: false, message: 'An account with this email already exists', code: 'CONFLICT' }),
    )
    const error = await apiFetch('/signup', { body: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'An account with this email already exists',
      fromServer: true,
    })
    expect(messageOf(error, 'Something went wrong!')).toBe('An account with this email already exists')
  })

  it('maps a non-JSON error page to an ApiError that is not the server’s message', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', true))
    const error = await apiFetch('/login', { body: {} }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', fromServer: false })
    expect(messageOf(error, 'Login failed')).toBe('Login failed')
  })

  it('maps a network failure to a clear message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const error = await apiFetch('/profile').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_MESSAGE })
    expect((error as ApiError).isNetwork).toBe(true)
    expect(messageOf(error, 'Login failed')).toBe(NETWORK_MESSAGE)
  })

  it('falls back for errors that are not ApiErrors', () => {
    expect(messageOf(new Error('boom'), 'Login failed')).toBe('Login failed')
  })
})
