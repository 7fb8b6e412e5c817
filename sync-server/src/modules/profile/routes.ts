import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Messages, ProfileResponse, ProfileUpdateBody, ProfileUpdateResponse } from '@wings/contract'
import { signedInUser } from '../../plugins/session.ts'
import type { ProfileService } from './service.ts'

export const profileRoutes: FastifyPluginAsyncTypebox<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/profile',
    { onRequest: app.requireUser, schema: { response: { 200: ProfileResponse } } },
    async (request) => ({
      success: true as const,
      data: signedInUser(request),
    }),
  )

  app.patch(
    '/profile/update',
    { onRequest: app.requireUser, schema: { body: ProfileUpdateBody, response: { 200: ProfileUpdateResponse } } },
    async (request) => ({
      success: true as const,
      message: Messages.profileUpdated,
      data: profile.update(signedInUser(request)._id, request.body),
    }),
  )
}
