import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, IncidentMessages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import type { IncidentsService } from './service.ts'

/** Open to visitors; a signed-in user's session is never looked at, so a report cannot be tied to an account. */
export const incidentsRoutes: FastifyPluginAsyncTypebox<{ incidents: IncidentsService }> = async (
  app,
  { incidents },
) => {
  app.route({
    ...endpoint(API.incidentReport),
    handler: async (request, reply) => {
      incidents.report(request.body, normalizeIP(request.ip))
      return reply.code(201).send({ success: true, message: IncidentMessages.saved })
    },
  })

  app.route({ ...endpoint(API.heatmap), handler: async (request) => incidents.heatmap(request.query) })
}
