import { ErrorMessages, Messages, TRUSTED_CONTACTS_MAX, TrustedContactMessages } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { setLanguage } from '../i18n/language.ts'
import { answer, hang, notFound, refuse, server, takeProblems, unreachable } from '../test/api.ts'
import { testUser } from '../test/fixtures.ts'
import { ApiError, callApi, messageOf, NETWORK_MESSAGE, retryAfterMs, serverText } from './client.ts'
import { SERVER_TEXTS, serverMessage } from './errorText.ts'
import { t } from './messages.ts'

const fail = (call: Promise<unknown>) => call.catch((e: unknown) => e)

describe('callApi', () => {
  it('sends JSON with same-origin credentials under /api and answers the body', async () => {
    const login = answer('login', { success: true, message: 'Logged in successfully', data: testUser() })
    server.use(login)
    const out = await callApi('login', { body: { email: 'a@b.co', password: 'x' } })
    expect(out).toEqual({ success: true, message: 'Logged in successfully', data: testUser() })
    const { request, body } = login.calls[0] ?? {}
    expect(new URL(String(request?.url)).pathname).toBe('/api/login')
    expect(request?.method).toBe('POST')
    expect(request?.credentials).toBe('same-origin')
    expect(request?.headers.get('Content-Type')).toBe('application/json')
    expect(body).toEqual({ email: 'a@b.co', password: 'x' })
  })

  it('fills the path’s params, drops undefined query values, and reads public endpoints without cookies', async () => {
    const feed = answer('storiesFeed', { success: true, stories: [], currentPage: 2, totalPages: 2 })
    const invite = notFound('guardianInvite')
    server.use(feed, invite)
    await callApi('storiesFeed', { query: { page: 2, limit: undefined } })
    expect(await fail(callApi('guardianInvite', { params: { token: 'a/b c' } }))).toMatchObject({ status: 404 })
    expect(new URL(String(feed.calls[0]?.request.url)).search).toBe('?page=2')
    expect(feed.calls[0]?.request.credentials).toBe('omit')
    expect(new URL(String(invite.calls[0]?.request.url)).pathname).toBe('/api/guardian-invites/a%2Fb%20c')
  })

  it('keeps how long a busy server asked to wait (Retry-After), in seconds or as a date', async () => {
    server.use(refuse('syncPush', 429, 'Too many requests', { headers: { 'Retry-After': '30' }, once: true }))
    const push = () => callApi('syncPush', { body: { clientId: 'c', ops: [] } })
    await expect(push()).rejects.toMatchObject({ status: 429, retryAfterMs: 30_000 })
    server.use(refuse('syncPush', 429, 'Too many requests'))
    await expect(push()).rejects.toMatchObject({ status: 429, retryAfterMs: null })
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(retryAfterMs('Mon, 23 Nov 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(retryAfterMs('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('soon', now)).toBeNull()
    expect(retryAfterMs('-5', now)).toBeNull()
  })

  it('uses GET without a body', async () => {
    const profile = answer('profile', { success: true, data: testUser() })
    server.use(profile)
    await callApi('profile')
    expect(profile.calls[0]?.request.method).toBe('GET')
    expect(profile.calls[0]?.body).toBeUndefined()
  })

  it('throws the server message, status and code from {success:false}', async () => {
    server.use(refuse('signup', 409, 'An account with this email already exists'))
    const error = await fail(callApi('signup', { body: {} as never }))
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
    server.use(answer('login', new Response('<html>Bad gateway</html>', { status: 502 })))
    const error = await fail(callApi('login', { body: { email: 'a@b.co', password: 'x' } }))
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', fromServer: false })
    expect(messageOf(error, 'Login failed')).toBe('Login failed')
    // Never the bare status: what it means instead.
    expect((error as ApiError).message).toBe(
      'The Wings server could not do this right now. Please try again in a few minutes.',
    )
    server.use(answer('login', new Response('', { status: 418 })))
    expect(await fail(callApi('login', { body: { email: 'a@b.co', password: 'x' } }))).toMatchObject({
      status: 418,
      message: 'Wings could not do this right now. Please try again.',
    })
  })

  it('maps a network failure to a clear message', async () => {
    server.use(unreachable('profile'))
    const error = await fail(callApi('profile'))
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_MESSAGE })
    expect((error as ApiError).isNetwork).toBe(true)
    expect(messageOf(error, 'Login failed')).toBe(NETWORK_MESSAGE)
  })

  it('passes an abort on as the AbortError it is, not as a network failure', async () => {
    server.use(hang('profile'))
    const controller = new AbortController()
    const call = fail(callApi('profile', { signal: controller.signal }))
    controller.abort()
    expect(await call).toMatchObject({ name: 'AbortError' })
  })

  it('fails the test when a fake answer breaks the contract', async () => {
    server.use(answer('profile', { success: true } as never))
    await fail(callApi('profile'))
    expect(takeProblems()).toEqual([expect.stringContaining("The fake 200 answer of 'profile' breaks the contract")])
  })

  it('falls back for errors that are not ApiErrors', () => {
    expect(messageOf(new Error('boom'), 'Login failed')).toBe('Login failed')
  })
})

describe('error messages in her language', () => {
  it('has the contract’s exact English for every server text it knows', () => {
    for (const [text, key, values] of SERVER_TEXTS) expect(t(key, values), key).toBe(text)
    expect(serverMessage('CONFLICT', 'Some text the app does not know')).toBe('Some text the app does not know')
  })

  it('gives a known server message in Hindi, found by the contract’s text, with the fields kept', async () => {
    await setLanguage('hi')
    server.use(refuse('signup', 409, Messages.emailTaken))
    const error = await fail(callApi('signup', { body: {} as never }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'इस ईमेल से पहले से एक अकाउंट है।',
      fromServer: true,
    })
    expect(messageOf(error, 'Something went wrong!')).toBe('इस ईमेल से पहले से एक अकाउंट है।')
    server.use(refuse('syncPush', 429, ErrorMessages.tooManyRequests, { headers: { 'Retry-After': '30' } }))
    expect(await fail(callApi('syncPush', { body: { clientId: 'c', ops: [] } }))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterMs: 30_000,
      message: 'बहुत ज़्यादा अनुरोध हुए। कृपया थोड़ी देर बाद फिर से कोशिश करें।',
    })
    expect(await serverText('CONFLICT', TrustedContactMessages.tooMany)).toBe(
      `आप ज़्यादा से ज़्यादा ${TRUSTED_CONTACTS_MAX} भरोसेमंद संपर्क रख सकती हैं। नया जोड़ने के लिए एक हटाएँ।`,
    )
  })

  it('gives an unknown server message in Hindi by its code: what happened and what she can do', async () => {
    await setLanguage('hi')
    server.use(refuse('signup', 409, 'A message the app has never seen'))
    expect(await fail(callApi('signup', { body: {} as never }))).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      fromServer: true,
      message: 'यह पहले से सेव की गई किसी चीज़ से टकराता है। पेज दोबारा खोलें और फिर से कोशिश करें।',
    })
    server.use(refuse('signup', 400, 'Something odd', { code: 'SOME_NEW_CODE' }))
    expect(await fail(callApi('signup', { body: {} as never }))).toMatchObject({
      code: 'SOME_NEW_CODE',
      message: 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
    })
  })

  it('says the network failure and an unreadable answer in Marathi', async () => {
    await setLanguage('mr')
    server.use(unreachable('profile'))
    const error = await fail(callApi('profile'))
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
    expect((error as ApiError).message).toBe('आत्ता Wings शी जोडता येत नाही. तुमचं इंटरनेट तपासा आणि पुन्हा प्रयत्न करा.')
    expect(messageOf(error, 'Login failed')).toBe((error as ApiError).message)
    server.use(answer('login', new Response('<html>Bad gateway</html>', { status: 502 })))
    expect(await fail(callApi('login', { body: { email: 'a@b.co', password: 'x' } }))).toMatchObject({
      code: 'HTTP_ERROR',
      message: 'Wings च्या सर्व्हरला आत्ता हे करता आलं नाही. काही मिनिटांनी पुन्हा प्रयत्न करा.',
    })
  })
})
