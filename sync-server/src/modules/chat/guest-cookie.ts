import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config.ts'

/** The browser's key to the guest conversations it started (docs/chat.md). */
export const GUEST_COOKIE = 'wings_guest'
/** Only /api reads it: the conversation routes and the sync push. */
const GUEST_COOKIE_PATH = '/api'
/** 32 random bytes, base64url: 43 characters. Anything else in the cookie is ignored. */
const GUEST_SECRET = /^[A-Za-z0-9_-]{43}$/

/** The guest secret a request carries, and how to give the browser one (from the routes to the chat service). */
export interface GuestKey {
  /** The wings_guest cookie when it holds a well-formed secret (or the one `ensure` set), else null. */
  readonly secret: string | null
  /** The secret: the cookie's, or a new one set as the browser's wings_guest cookie (at most once a request). */
  ensure(): string
}

/**
 * The wings_guest cookie: 256 random bits, HttpOnly, SameSite=Lax, Secure as the session cookie is, and a session
 * cookie (no Max-Age): it lasts while the browser runs, like the guest id the app keeps in sessionStorage. One
 * secret per browser: every guest conversation the browser starts is bound to it, so a second tab does not lock the
 * first out.
 */
export function guestCookie(cookieSecure: Config['cookieSecure']) {
  return (request: FastifyRequest, reply: FastifyReply): GuestKey => {
    const sent = request.cookies[GUEST_COOKIE]
    let secret = sent !== undefined && GUEST_SECRET.test(sent) ? sent : null
    return {
      get secret() {
        return secret
      },
      ensure() {
        if (secret !== null) return secret
        secret = randomBytes(32).toString('base64url')
        reply.setCookie(GUEST_COOKIE, secret, {
          path: GUEST_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
        })
        return secret
      },
    }
  }
}

export type GuestCookie = ReturnType<typeof guestCookie>
