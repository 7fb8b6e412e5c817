import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  ErrorCode,
  ErrorMessages,
  GuardianConfirmBody,
  GuardianCreateBody,
  GuardianCreateResponse,
  GuardianEmailBody,
  GuardianIdParams,
  GuardianInviteParams,
  GuardianInviteView,
  GuardianListResponse,
  GuardianMessages,
  GuardianPreferencesBody,
  GuardianPushBody,
  PushPublicKeyResponse,
  SosBody,
  SosResponse,
  SuccessBody,
} from '@wings/contract'
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
 * Guardians (docs/guardians.md): her side needs her session; the guardian's side, under /guardian-invites/:token, needs
 * only the invitation token (no account).
 */
export const guardiansRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { guardians, queue, publicKey }) => {
  const signedIn = { onRequest: app.requireUser }

  app.get('/push/public-key', { schema: { response: { 200: PushPublicKeyResponse } } }, async () => {
    if (publicKey === null) throw new HttpError(503, ErrorCode.unavailable, ErrorMessages.storageUnavailable)
    return { publicKey }
  })

  app.post(
    '/guardians',
    { ...signedIn, schema: { body: GuardianCreateBody, response: { 201: GuardianCreateResponse } } },
    async (request, reply) => reply.code(201).send(guardians.invite(signedInUser(request)._id, request.body.name)),
  )

  app.get('/guardians', { ...signedIn, schema: { response: { 200: GuardianListResponse } } }, async (request) => ({
    guardians: guardians.list(signedInUser(request)._id),
  }))

  app.delete(
    '/guardians/:id',
    { ...signedIn, schema: { params: GuardianIdParams, response: { 200: SuccessBody } } },
    async (request) => {
      guardians.remove(signedInUser(request)._id, request.params.id)
      return ok(GuardianMessages.removed)
    },
  )

  app.post(
    '/sos',
    { ...signedIn, schema: { body: SosBody, response: { 202: SosResponse } } },
    async (request, reply) => {
      const count = queue.sos(signedInUser(request)._id, request.body)
      return reply.code(202).send({ success: true as const, message: GuardianMessages.sosQueued, guardians: count })
    },
  )

  const invite = { params: GuardianInviteParams }

  app.get(
    '/guardian-invites/:token',
    { schema: { ...invite, response: { 200: GuardianInviteView } } },
    async (request) => guardians.view(request.params.token),
  )

  app.post(
    '/guardian-invites/:token/push',
    { schema: { ...invite, body: GuardianPushBody, response: { 200: SuccessBody } } },
    async (request) => {
      guardians.subscribe(request.params.token, request.body.subscription)
      return ok(GuardianMessages.pushOn)
    },
  )

  app.post(
    '/guardian-invites/:token/email',
    { schema: { ...invite, body: GuardianEmailBody, response: { 202: SuccessBody } } },
    async (request, reply) => {
      await guardians.requestEmail(request.params.token, request.body.email)
      return reply.code(202).send(ok(GuardianMessages.emailSent))
    },
  )

  app.post(
    '/guardian-invites/:token/email/confirm',
    { schema: { ...invite, body: GuardianConfirmBody, response: { 200: SuccessBody } } },
    async (request) => {
      guardians.confirmEmail(request.params.token, request.body.code)
      return ok(GuardianMessages.emailConfirmed)
    },
  )

  app.post(
    '/guardian-invites/:token/preferences',
    { schema: { ...invite, body: GuardianPreferencesBody, response: { 200: SuccessBody } } },
    async (request) => {
      guardians.setPreferences(request.params.token, request.body.shareStarted)
      return { success: true as const }
    },
  )

  // No body needed: the link itself is the right to stop.
  app.post(
    '/guardian-invites/:token/stop',
    { schema: { ...invite, response: { 200: SuccessBody } } },
    async (request) => {
      guardians.stop(request.params.token)
      return ok(GuardianMessages.stopped)
    },
  )
}
