import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ContactBody, ContactMessages, ContactResponse } from '@wings/contract'
import type { RateLimit } from '../../config.ts'
import { routeRateLimit } from '../../plugins/rate-limit.ts'
import type { ContactService } from './service.ts'

interface Options {
  contact: ContactService
  limit: RateLimit
}

export const contactRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { contact, limit }) => {
  app.post(
    '/contact',
    { schema: { body: ContactBody, response: { 201: ContactResponse } }, config: routeRateLimit(limit) },
    async (request, reply) => {
      contact.send(request.body)
      return reply.code(201).send({ success: true, message: ContactMessages.sent })
    },
  )
}
