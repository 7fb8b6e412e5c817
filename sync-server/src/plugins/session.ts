import cookie from '@fastify/cookie'
import { ErrorCode, Messages, type User } from '@wings/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.ts'
import { HttpError } from '../http-error.ts'
import { SESSION_TTL_MS, type Sessions } from '../modules/auth/sessions.ts'
import type { UsersRepo } from '../modules/users/repo.ts'

export const SESSION_COOKIE = 'wings_session'

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook (onRequest or preHandler) for routes that need a signed-in user: sets `request.user` or answers 401. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
    /** Hook for routes guests may use too: sets `request.user` when the session is valid, else leaves it null. */
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyRequest {
    user: User | null
  }
  interface FastifyReply {
    setSessionCookie(token: string): FastifyReply
    clearSessionCookie(): FastifyReply
  }
}

const signedOut = () => new HttpError(401, ErrorCode.unauthenticated, Messages.signedOut)

/** The user that `requireUser` found; throws 401 when a route forgot that hook rather than run unauthenticated. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw signedOut()
  return request.user
}

interface SessionDeps {
  sessions: Sessions
  users: UsersRepo
  cookieSecure: Config['cookieSecure']
}

/** Cookie sessions: an opaque token in an HttpOnly, SameSite=Lax cookie, Secure when served over https. */
export function useSessions(app: FastifyInstance, { sessions, users, cookieSecure }: SessionDeps): void {
  app.register(cookie)

  const options = (request: FastifyRequest) =>
    ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecure === 'auto' ? request.protocol === 'https' : cookieSecure,
    }) as const

  app.decorateRequest('user', null)
  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    return this.setCookie(SESSION_COOKIE, token, { ...options(this.request), maxAge: SESSION_TTL_MS / 1000 })
  })
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, options(this.request))
  })

  function identify(request: FastifyRequest, reply: FastifyReply): User | null {
    const token = request.cookies[SESSION_COOKIE]
    const session = token ? sessions.resolve(token) : null
    const user = session && users.findById(session.userId)
    if (!token || !session || !user) {
      if (token) reply.clearSessionCookie()
      return null
    }
    request.user = user
    if (session.refreshed) reply.setSessionCookie(token)
    return user
  }

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!identify(request, reply)) throw signedOut()
  })
  app.decorate('identifyUser', async (request: FastifyRequest, reply: FastifyReply) => {
    identify(request, reply)
  })
}
