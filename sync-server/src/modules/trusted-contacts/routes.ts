import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, TrustedContactMessages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { TrustedContactsService } from './service.ts'

/** The caller's trusted contacts: every route needs a session, and another user's contact is 403. */
export const trustedContactsRoutes: FastifyPluginAsyncTypebox<{ trustedContacts: TrustedContactsService }> = async (
  app,
  { trustedContacts },
) => {
  app.addHook('onRequest', app.requireUser)

  app.route({
    ...endpoint(API.trustedContacts),
    handler: async (request) => ({ success: true as const, contacts: trustedContacts.list(signedInUser(request)._id) }),
  })
  app.route({
    ...endpoint(API.trustedContactSave),
    handler: async (request, reply) => {
      const { contact, created } = trustedContacts.save(signedInUser(request)._id, request.body)
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, message: TrustedContactMessages.saved, contact })
    },
  })
  app.route({
    ...endpoint(API.trustedContactDelete),
    handler: async (request) => {
      trustedContacts.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: TrustedContactMessages.deleted }
    },
  })
}
