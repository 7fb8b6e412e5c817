import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, Messages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { ProfileService } from './service.ts'

export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (app, { profile }) => {
  app.addHook('onRequest', app.requireUser)

  app.route({
    ...endpoint(API.profile),
    handler: async (request) => ({ success: true as const, data: signedInUser(request) }),
  })

  app.route({
    ...endpoint(API.profileUpdate),
    handler: async (request) => ({
      success: true as const,
      message: Messages.profileUpdated,
      data: profile.update(signedInUser(request)._id, request.body),
    }),
  })
}
