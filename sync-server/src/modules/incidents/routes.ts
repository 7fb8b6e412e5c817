import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { HeatmapQuery, HeatmapResponse, IncidentBody, IncidentMessages, IncidentResponse } from '@wings/contract'
import type { IncidentsService } from './service.ts'

/** Open to visitors; a signed-in user's session is never looked at, so a report cannot be tied to an account. */
export const incidentsRoutes: FastifyPluginAsyncTypebox<{ incidents: IncidentsService }> = async (
  app,
  { incidents },
) => {
  app.post(
    '/incidents',
    { schema: { body: IncidentBody, response: { 201: IncidentResponse } } },
    async (request, reply) => {
      incidents.report(request.body, normalizeIP(request.ip))
      return reply.code(201).send({ success: true, message: IncidentMessages.saved })
    },
  )

  app.get(
    '/incidents/heatmap',
    { schema: { querystring: HeatmapQuery, response: { 200: HeatmapResponse } } },
    async (request) => incidents.heatmap(request.query),
  )
}
