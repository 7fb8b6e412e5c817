import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ContactBody, ContactMessages, ContactResponse } from '@wings/contract'
import type { ContactService } from './service.ts'

export const contactRoutes: FastifyPluginAsyncTypebox<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/contact',
    { schema: { body: ContactBody, response: { 201: ContactResponse } } },
    async (request, reply) => {
      contact.send(request.body, normalizeIP(request.ip))
      return reply.code(201).send({ success: true, message: ContactMessages.sent })
    },
  )
}
