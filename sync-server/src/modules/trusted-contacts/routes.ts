import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  TrustedContactDeleteResponse,
  TrustedContactIdParams,
  TrustedContactMessages,
  TrustedContactSaveBody,
  TrustedContactSaveResponse,
  TrustedContactsResponse,
} from '@wings/contract'
import { signedInUser } from '../../plugins/session.ts'
import type { TrustedContactsService } from './service.ts'

/** The caller's trusted contacts: every route needs a session, and another user's contact is 403. */
export const trustedContactsRoutes: FastifyPluginAsyncTypebox<{ trustedContacts: TrustedContactsService }> = async (
  app,
  { trustedContacts },
) => {
  const signedIn = { onRequest: app.requireUser }

  app.get(
    '/contacts/trusted',
    { ...signedIn, schema: { response: { 200: TrustedContactsResponse } } },
    async (request) => ({ success: true as const, contacts: trustedContacts.list(signedInUser(request)._id) }),
  )

  app.post(
    '/contacts/trusted',
    {
      ...signedIn,
      schema: {
        body: TrustedContactSaveBody,
        response: { 200: TrustedContactSaveResponse, 201: TrustedContactSaveResponse },
      },
    },
    async (request, reply) => {
      const { contact, created } = trustedContacts.save(signedInUser(request)._id, request.body)
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, message: TrustedContactMessages.saved, contact })
    },
  )

  app.delete(
    '/contacts/trusted/:id',
    { ...signedIn, schema: { params: TrustedContactIdParams, response: { 200: TrustedContactDeleteResponse } } },
    async (request) => {
      trustedContacts.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: TrustedContactMessages.deleted }
    },
  )
}
