import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  DraftResponse,
  DraftSaveBody,
  DraftsResponse,
  DraftWriteResponse,
  StoryIdParams,
  StoryMessageResponse,
  StoryMessages,
} from '@wings/contract'
import { signedInUser } from '../../plugins/session.ts'
import type { DraftsService } from './service.ts'

/** The caller's drafts: every route needs a session, and another user's draft is 403. */
export const draftsRoutes: FastifyPluginAsyncTypebox<{ drafts: DraftsService }> = async (app, { drafts }) => {
  const write = { onRequest: app.requireUser }
  const saveSchema = { body: DraftSaveBody, response: { 200: DraftWriteResponse, 201: DraftWriteResponse } }

  // The new-post editor's SAVE DRAFT and the draft editor's save: the same rule, each with the spec's message.
  for (const [path, message] of [
    ['/user/stories/savedraft', StoryMessages.draftSaved],
    ['/user/stories/drafts/save', StoryMessages.draftEditorSaved],
  ] as const) {
    app.post(path, { ...write, schema: saveSchema }, async (request, reply) => {
      const { draft, created } = drafts.save(signedInUser(request)._id, request.body)
      return reply.code(created ? 201 : 200).send({ success: true as const, message, draft })
    })
  }

  app.get('/user/stories/drafts', { ...write, schema: { response: { 200: DraftsResponse } } }, async (request) => ({
    success: true as const,
    drafts: drafts.list(signedInUser(request)._id),
  }))
  app.get(
    '/user/stories/drafts/:id',
    { ...write, schema: { params: StoryIdParams, response: { 200: DraftResponse } } },
    async (request) => ({ success: true as const, draft: drafts.get(signedInUser(request)._id, request.params.id) }),
  )
  app.delete(
    '/user/stories/drafts/:id',
    { ...write, schema: { params: StoryIdParams, response: { 200: StoryMessageResponse } } },
    async (request) => {
      drafts.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: StoryMessages.draftDeleted }
    },
  )
}
