import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, StoryMessages } from '@wings/contract'
import { endpoint } from '../../http/endpoint.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { DraftsService } from './service.ts'

/** The caller's drafts: every route needs a session, and another user's draft is 403. */
export const draftsRoutes: FastifyPluginAsyncTypebox<{ drafts: DraftsService }> = async (app, { drafts }) => {
  app.addHook('onRequest', app.requireUser)

  // The new-post editor's SAVE DRAFT and the draft editor's save: the same rule, each with the spec's message.
  for (const [save, message] of [
    [API.draftSave, StoryMessages.draftSaved],
    [API.draftEditorSave, StoryMessages.draftEditorSaved],
  ] as const) {
    app.route({
      ...endpoint(save),
      handler: async (request, reply) => {
        const { draft, created } = drafts.save(signedInUser(request)._id, request.body)
        return reply.code(created ? 201 : 200).send({ success: true as const, message, draft })
      },
    })
  }

  app.route({
    ...endpoint(API.drafts),
    handler: async (request) => ({ success: true as const, drafts: drafts.list(signedInUser(request)._id) }),
  })
  app.route({
    ...endpoint(API.draft),
    handler: async (request) => ({
      success: true as const,
      draft: drafts.get(signedInUser(request)._id, request.params.id),
    }),
  })
  app.route({
    ...endpoint(API.draftDelete),
    handler: async (request) => {
      drafts.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: StoryMessages.draftDeleted }
    },
  })
}
