import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API } from '@wings/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { endpoint } from '../../http/endpoint.ts'
import type { GuestCookie } from './guest-cookie.ts'
import type { ChatCaller, ChatService } from './service.ts'

interface Options {
  chat: ChatService
  guestCookie: GuestCookie
}

/** Saathi, the chat assistant: open to guests (docs/chat.md). */
export const chatRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { chat, guestCookie }) => {
  const callerOf = (request: FastifyRequest, reply: FastifyReply): ChatCaller => ({
    user: request.user,
    guest: guestCookie(request, reply),
    client: normalizeIP(request.ip),
  })

  app.addHook('onRequest', app.identifyUser)

  app.route({
    ...endpoint(API.chatConversation),
    handler: async (request, reply) => {
      const { conversation, guestCreated } = chat.conversation(request.params.id, callerOf(request, reply))
      return {
        success: true as const,
        data: [conversation],
        ...(guestCreated ? { guest: { _id: conversation._id } } : {}),
      }
    },
  })

  app.route({
    ...endpoint(API.chatSend),
    handler: async (request, reply) => {
      const { messages, created } = await chat.send(request.body, callerOf(request, reply), request.log)
      return reply.code(created ? 201 : 200).send({ success: true as const, messages })
    },
  })
}
