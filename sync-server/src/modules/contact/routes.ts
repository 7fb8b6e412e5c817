import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, ContactMessages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import type { ContactService } from './service.ts'

export const contactRoutes: FastifyPluginAsyncTypebox<{ contact: ContactService }> = async (app, { contact }) => {
  app.route({
    ...endpoint(API.contact),
    handler: async (request, reply) => {
      contact.send(request.body, normalizeIP(request.ip))
      return reply.code(201).send({ success: true, message: ContactMessages.sent })
    },
  })
}
