import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, ErrorCode, ErrorMessages, GuardianMessages, isLanguage, type Language, languageOf } from '@wings/contract'
import type { FastifyRequest } from 'fastify'
import { endpoint } from '../../http/endpoint.ts'
import { HttpError } from '../../http-error.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { AlertQueue } from './alerts.ts'
import type { GuardiansService } from './service.ts'

interface Options {
  guardians: GuardiansService
  queue: AlertQueue
  /** The VAPID public key; null when the server could not make its keys (push is then not offered). */
  publicKey: string | null
}

const ok = (message: string) => ({ success: true as const, message })

/**
 * The language a guardian's page asks in, kept for their alerts: `X-Wings-Language` when the page says which it
 * shows, else the browser's first language when it is Hindi or Marathi. Null otherwise (an English browser tells
 * little in India): their alerts are then in her language.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language | null {
  const shown = request.headers['x-wings-language']
  if (isLanguage(shown)) return shown
  const accepted = request.headers['accept-language']
  if (typeof accepted !== 'string') return null
  const tags = accepted.split(',').map((part) => part.split(';')[0]?.trim() ?? '')
  const language = languageOf(tags.slice(0, 1))
  return language === 'en' ? null : language
}

/**
 * Guardians (docs/guardians.md): her side needs her session; the guardian's side, under /guardian-invites/:token, needs
 * only the invitation token (no account).
 */
export const guardiansRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { guardians, queue, publicKey }) => {
  const signedIn = { onRequest: app.requireUser }

  app.route({
    ...endpoint(API.pushPublicKey),
    handler: async () => {
      if (publicKey === null) throw new HttpError(503, ErrorCode.unavailable, ErrorMessages.storageUnavailable)
      return { publicKey }
    },
  })

  app.route({
    ...endpoint(API.guardianCreate),
    ...signedIn,
    handler: async (request, reply) =>
      reply.code(201).send(guardians.invite(signedInUser(request)._id, request.body.name)),
  })
  app.route({
    ...endpoint(API.guardians),
    ...signedIn,
    handler: async (request) => ({ guardians: guardians.list(signedInUser(request)._id) }),
  })
  app.route({
    ...endpoint(API.guardianDelete),
    ...signedIn,
    handler: async (request) => {
      guardians.remove(signedInUser(request)._id, request.params.id)
      return ok(GuardianMessages.removed)
    },
  })
  app.route({
    ...endpoint(API.sos),
    ...signedIn,
    handler: async (request, reply) => {
      const count = queue.sos(signedInUser(request)._id, request.body)
      return reply.code(202).send({ success: true as const, message: GuardianMessages.sosQueued, guardians: count })
    },
  })

  app.route({ ...endpoint(API.guardianInvite), handler: async (request) => guardians.view(request.params.token) })
  app.route({
    ...endpoint(API.guardianPush),
    handler: async (request) => {
      guardians.subscribe(request.params.token, request.body.subscription, requestLanguage(request))
      return ok(GuardianMessages.pushOn)
    },
  })
  app.route({
    ...endpoint(API.guardianEmail),
    handler: async (request, reply) => {
      await guardians.requestEmail(request.params.token, request.body.email, requestLanguage(request))
      return reply.code(202).send(ok(GuardianMessages.emailSent))
    },
  })
  app.route({
    ...endpoint(API.guardianEmailConfirm),
    handler: async (request) => {
      guardians.confirmEmail(request.params.token, request.body.code, requestLanguage(request))
      return ok(GuardianMessages.emailConfirmed)
    },
  })
  app.route({
    ...endpoint(API.guardianPreferences),
    handler: async (request) => {
      guardians.setPreferences(request.params.token, request.body.shareStarted)
      return { success: true as const }
    },
  })
  app.route({
    ...endpoint(API.guardianStop),
    handler: async (request) => {
      guardians.stop(request.params.token)
      return ok(GuardianMessages.stopped)
    },
  })
}
