import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ErrorMessages,
  LoginBody,
  LoginResponse,
  LogoutResponse,
  Messages,
  SignupBody,
  SignupResponse,
} from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import { SESSION_COOKIE } from '../../plugins/session.ts'
import type { AuthService } from './service.ts'

interface Options {
  auth: AuthService
  signupLimit: RateLimit
}

export const authRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { auth, signupLimit }) => {
  app.post(
    '/signup',
    {
      schema: { body: SignupBody, response: { 201: SignupResponse } },
      config: routeRateLimit(signupLimit, ErrorMessages.tooManySignups),
    },
    async (request, reply) => {
      await auth.signup(request.body)
      return reply.code(201).send({ success: true, message: Messages.signupOk })
    },
  )

  app.post('/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request, reply) => {
    const previous = request.cookies[SESSION_COOKIE]
    const { user, token } = await auth.login(request.body, normalizeIP(request.ip), previous)
    reply.setSessionCookie(token)
    return { success: true, message: Messages.loginOk, data: user } as const
  })

  app.post('/logout', { schema: { response: { 200: LogoutResponse } } }, async (request, reply) => {
    auth.logout(request.cookies[SESSION_COOKIE])
    reply.clearSessionCookie()
    return { success: true, message: Messages.logoutOk } as const
  })
}
