import { ErrorMessages, GuardianMessages, Messages } from '@wings/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { answer, refuse, server, unreachable } from '../../test/api.ts'
import { ApiError, callApi } from '../client.ts'
import { describeFailure, describeRefusal, failureKind, failureText, sentenceOf } from './failure.ts'

const fail = (call: Promise<unknown>) => call.catch((e: unknown) => e)
const profile = () => fail(callApi('profile'))
const update = () => fail(callApi('profileUpdate', { body: { firstName: 'Asha' } as never }))

/** Each cause, made by the fake server the way the real one answers it. */
const causes = {
  offline: () => {
    server.use(unreachable('profile'))
    return profile()
  },
  session: () => {
    server.use(refuse('profile', 401, Messages.signedOut))
    return profile()
  },
  forbidden: () => {
    server.use(refuse('profileUpdate', 403, 'This conversation belongs to someone else'))
    return update()
  },
  notFound: () => {
    server.use(refuse('guardianInvite', 404, GuardianMessages.inviteUnknown))
    return fail(callApi('guardianInvite', { params: { token: 'x' } }))
  },
  busy: () => {
    server.use(refuse('profileUpdate', 429, ErrorMessages.tooManyRequests, { headers: { 'Retry-After': '30' } }))
    return update()
  },
  server: () => {
    server.use(refuse('profileUpdate', 500, ErrorMessages.internal))
    return update()
  },
  validation: () => {
    server.use(refuse('profileUpdate', 400, 'First name must be 1 to 50 characters'))
    return update()
  },
} as const

const NO_CAUSE_TEXT = /Something went wrong|That did not work/i
const BARE_STATUS = /\b[1-5]\d\d\b/

afterEach(async () => {
  vi.unstubAllGlobals()
  await setLanguage('en')
})

describe('describeFailure', () => {
  it('tells each cause apart by the answer', async () => {
    for (const [kind, make] of Object.entries(causes)) expect(failureKind(await make()), kind).toBe(kind)
    server.use(answer('profile', new Response('<html>Bad gateway</html>', { status: 502 })))
    expect(failureKind(await profile())).toBe('server')
    server.use(refuse('shareView', 410, 'This location share has ended'))
    const gone = await fail(callApi('shareView', { params: { token: 'x' } }))
    expect(failureKind(gone)).toBe('gone')
    server.use(refuse('login', 401, Messages.badCredentials))
    const login = await fail(callApi('login', { body: { email: 'a@b.co', password: 'x' } }))
    expect(describeFailure(login, 'Login failed')).toMatchObject({ kind: 'validation', what: Messages.badCredentials })
    server.use(refuse('signup', 409, Messages.emailTaken))
    expect(failureKind(await fail(callApi('signup', { body: {} as never })))).toBe('validation')
  })

  it('says offline when the server is not reached, and what is kept when it is', async () => {
    const error = await causes.offline()
    expect(describeFailure(error, 'Error updating profile')).toEqual({
      kind: 'offline',
      what: 'Error updating profile',
      next: 'There is no connection. Try again when you are back online.',
      waitSeconds: null,
    })
    expect(failureText(error, 'Error updating profile', { kept: true })).toBe(
      'Error updating profile. There is no connection: it is kept on this phone and sent when you are back online.',
    )
    // A failure that is not a call's, while the phone says it is offline.
    vi.stubGlobal('navigator', { onLine: false })
    expect(describeFailure(new TypeError('Failed to fetch'), 'Login failed').kind).toBe('offline')
  })

  it('says her session ended, and to log in again', async () => {
    const error = await causes.session()
    expect(failureText(error, 'Failed to load profile data')).toBe(
      'Failed to load profile data. Your session has ended. Log in again, then try once more.',
    )
    expect(describeFailure(error, 'x', { kept: true }).next).toBe(
      'Your session has ended: it is kept on this phone and sent once you log in again.',
    )
  })

  it('gives the wait the server asked for on a 429, in seconds or minutes, and a minute when it did not say', async () => {
    const error = await causes.busy()
    expect(describeFailure(error, 'Error updating profile')).toEqual({
      kind: 'busy',
      what: ErrorMessages.tooManyRequests,
      next: 'You can try again in 30 seconds.',
      waitSeconds: 30,
    })
    const long = new ApiError(429, 'Too many login attempts. Please try again later.', 'RATE_LIMITED', true, 600_000)
    expect(describeFailure(long, '').next).toBe('You can try again in 10 minutes.')
    const one = new ApiError(429, 'x', 'RATE_LIMITED', true, 400)
    expect(describeFailure(one, '').next).toBe('You can try again in 1 second.')
    const unsaid = new ApiError(429, 'x', 'RATE_LIMITED', true, null)
    expect(describeFailure(unsaid, '').next).toBe('Wait a minute, then try again.')
  })

  it("says a server failure is not hers, with the screen's words rather than 'Something went wrong'", async () => {
    const text = failureText(await causes.server(), 'Error updating profile')
    expect(text).toBe("Error updating profile. The problem is on Wings' side, not yours. Try again in a few minutes.")
    expect(text).not.toMatch(NO_CAUSE_TEXT)
  })

  it("keeps the server's words when they name the problem: which field, what is not allowed, what is gone", async () => {
    expect(failureText(await causes.validation(), 'Error updating profile')).toBe(
      'First name must be 1 to 50 characters. Check what you entered and try again.',
    )
    expect(describeFailure(await causes.forbidden(), 'x')).toMatchObject({
      kind: 'forbidden',
      what: 'This conversation belongs to someone else',
      next: 'This account is not allowed to do this. If it should be, log out and log in again.',
    })
    expect(describeFailure(await causes.notFound(), 'x')).toMatchObject({
      what: GuardianMessages.inviteUnknown,
      next: 'It may have been removed. Go back, reload the page and try again.',
    })
  })

  it("takes the screen's own next step for a cause where it knows better", async () => {
    const error = await causes.validation()
    const next = { validation: 'Open the link from the e-mail again, in full.' }
    expect(failureText(error, 'x', { next })).toBe(
      'First name must be 1 to 50 characters. Open the link from the e-mail again, in full.',
    )
    expect(describeFailure(await causes.offline(), 'x', { next }).next).toBe(
      'There is no connection. Try again when you are back online.',
    )
  })

  it('says what to do about a change the server refused, by its code', () => {
    const future = { code: 'VALIDATION_ERROR', message: 'The time of the incident cannot be in the future' }
    expect(sentenceOf(describeRefusal(future, 'Your report could not be saved.'))).toBe(
      'The time of the incident cannot be in the future. Check what you entered and try again.',
    )
    expect(describeRefusal({ code: 'RATE_LIMITED', message: '' }, 'Your report could not be saved.')).toMatchObject({
      kind: 'busy',
      what: 'Your report could not be saved.',
      next: 'Wait a minute, then try again.',
    })
    expect(describeRefusal({ code: 'NOT_FOUND', message: 'Post not found' }, 'x').kind).toBe('notFound')
    expect(describeRefusal({ code: 'SOMETHING_NEW', message: 'Refused' }, 'x').next).toBe(
      'Please try again. If it keeps happening, reload the page.',
    )
  })

  it('says what to do for a failure that is not a call’s', () => {
    expect(failureText(new Error('x is undefined'), 'Logout failed. Please try again.')).toBe(
      'Logout failed. Please try again. Please try again. If it keeps happening, reload the page.',
    )
  })

  for (const language of ['hi', 'mr'] as const) {
    it(`says what happened and what to do for every cause in ${language}`, async () => {
      await setLanguage(language)
      for (const [kind, make] of Object.entries(causes)) {
        const failure = describeFailure(await make(), 'WHAT')
        expect(failure.what, kind).not.toBe('')
        expect(failure.next, kind).not.toBe('')
        // Her language, not English, for both parts.
        if (failure.what !== 'WHAT') expect(failure.what, kind).toMatch(/[\u0900-\u097F]/)
        expect(failure.next, kind).toMatch(/[\u0900-\u097F]/)
        expect(`${failure.what} ${failure.next}`, kind).not.toMatch(BARE_STATUS)
      }
      const busy = describeFailure(await causes.busy(), 'WHAT')
      expect(busy.next).toContain('30')
      expect(busy.next).toBe(
        language === 'hi' ? 'आप 30 सेकंड बाद फिर से कोशिश कर सकती हैं।' : 'तुम्ही 30 सेकंदांनंतर पुन्हा प्रयत्न करू शकता.',
      )
      expect(describeFailure(await causes.session(), 'WHAT').next).toBe(
        language === 'hi'
          ? 'आपका लॉग इन खत्म हो गया है। फिर से लॉग इन करें और दोबारा कोशिश करें।'
          : 'तुमचं लॉग इन संपलं आहे. पुन्हा लॉग इन करा आणि परत प्रयत्न करा.',
      )
    })
  }

  it('never shows a bare status, whatever the status', async () => {
    for (const status of [400, 401, 403, 404, 409, 410, 413, 418, 422, 429, 500, 502, 503, 504]) {
      server.use(answer('profile', new Response('', { status })))
      const text = failureText(await profile(), 'Failed to load profile data')
      expect(text, String(status)).not.toMatch(BARE_STATUS)
      expect(text.length, String(status)).toBeGreaterThan('Failed to load profile data.'.length)
    }
  })
})
