import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  RouteDeleteResponse,
  RouteSaveBody,
  RouteSaveResponse,
  SavedRouteIdParams,
  SavedRouteMessages,
  SavedRoutesResponse,
} from '@wings/contract'
import { signedInUser } from '../../plugins/session.ts'
import type { SavedRoutesService } from './service.ts'

/** The caller's saved routes: every route needs a session, and another user's route is 403. */
export const savedRoutesRoutes: FastifyPluginAsyncTypebox<{ savedRoutes: SavedRoutesService }> = async (
  app,
  { savedRoutes },
) => {
  const signedIn = { onRequest: app.requireUser }

  app.post(
    '/route/save',
    { ...signedIn, schema: { body: RouteSaveBody, response: { 201: RouteSaveResponse } } },
    async (request, reply) => {
      const route = savedRoutes.save(signedInUser(request)._id, request.body)
      return reply.code(201).send({ success: true as const, message: SavedRouteMessages.saved, route })
    },
  )

  app.get('/route/all', { ...signedIn, schema: { response: { 200: SavedRoutesResponse } } }, async (request) => ({
    success: true as const,
    routes: savedRoutes.list(signedInUser(request)._id),
  }))

  app.delete(
    '/route/delete/:id',
    { ...signedIn, schema: { params: SavedRouteIdParams, response: { 200: RouteDeleteResponse } } },
    async (request) => {
      savedRoutes.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: SavedRouteMessages.deleted }
    },
  )
}
