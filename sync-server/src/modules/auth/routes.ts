import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, ErrorMessages, Messages } from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { endpoint } from '../../http/endpoint.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import { SESSION_COOKIE } from '../../plugins/session.ts'
import type { AuthService } from './service.ts'

interface Options {
  auth: AuthService
  signupLimit: RateLimit
}

export const authRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { auth, signupLimit }) => {
  app.route({
    ...endpoint(API.signup),
    config: routeRateLimit(signupLimit, ErrorMessages.tooManySignups),
    handler: async (request, reply) => {
      await auth.signup(request.body)
      return reply.code(201).send({ success: true, message: Messages.signupOk })
    },
  })

  app.route({
    ...endpoint(API.login),
    handler: async (request, reply) => {
      const previous = request.cookies[SESSION_COOKIE]
      const { user, token } = await auth.login(request.body, normalizeIP(request.ip), previous)
      reply.setSessionCookie(token)
      return { success: true, message: Messages.loginOk, data: user } as const
    },
  })

  app.route({
    ...endpoint(API.logout),
    handler: async (request, reply) => {
      auth.logout(request.cookies[SESSION_COOKIE])
      reply.clearSessionCookie()
      return { success: true, message: Messages.logoutOk } as const
    },
  })
}
