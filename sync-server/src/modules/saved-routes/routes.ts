import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, SavedRouteMessages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { SavedRoutesService } from './service.ts'

/** The caller's saved routes: every route needs a session, and another user's route is 403. */
export const savedRoutesRoutes: FastifyPluginAsyncTypebox<{ savedRoutes: SavedRoutesService }> = async (
  app,
  { savedRoutes },
) => {
  app.addHook('onRequest', app.requireUser)

  app.route({
    ...endpoint(API.routeSave),
    handler: async (request, reply) => {
      const route = savedRoutes.save(signedInUser(request)._id, request.body)
      return reply.code(201).send({ success: true as const, message: SavedRouteMessages.saved, route })
    },
  })
  app.route({
    ...endpoint(API.savedRoutes),
    handler: async (request) => ({ success: true as const, routes: savedRoutes.list(signedInUser(request)._id) }),
  })
  app.route({
    ...endpoint(API.routeDelete),
    handler: async (request) => {
      savedRoutes.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: SavedRouteMessages.deleted }
    },
  })
}
