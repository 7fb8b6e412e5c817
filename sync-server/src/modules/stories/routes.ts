import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  FEED_PAGE_SIZE,
  FeedQuery,
  FeedResponse,
  MostLikedResponse,
  MostViewedResponse,
  ReactionResponse,
  RecentResponse,
  SavedPostsResponse,
  SaveResponse,
  StoriesResponse,
  StoryCreateBody,
  StoryIdParams,
  StoryMessageResponse,
  StoryMessages,
  StoryReportBody,
  StoryResponse,
  StoryUpdateBody,
  StoryWriteResponse,
  TrendingResponse,
  UserIdParams,
  ViewResponse,
} from '@wings/contract'
import type { FastifyRequest } from 'fastify'
import { signedInUser } from '../../plugins/session.ts'
import type { Reaction, StoriesService } from './service.ts'

const viewerOf = (request: FastifyRequest) => request.user?._id ?? null

const REACTIONS: { path: string; reaction: Reaction }[] = [
  { path: 'like/increment', reaction: 'like' },
  { path: 'like/decrement', reaction: 'unlike' },
  { path: 'dislike/increment', reaction: 'dislike' },
  { path: 'dislike/decrement', reaction: 'undislike' },
]

/**
 * The blog's stories. Reading needs no session (a session only adds the caller's own anonymous authorId); writing
 * does. Fixed paths such as /stories/all win over /stories/:id, and /:userId/stories takes 24-hex ids only, so it
 * never answers for another route (/api/foo/stories is 400).
 */
export const storiesRoutes: FastifyPluginAsyncTypebox<{ stories: StoriesService }> = async (app, { stories }) => {
  const read = { onRequest: app.identifyUser }
  const write = { onRequest: app.requireUser }

  app.get(
    '/stories/all',
    { ...read, schema: { querystring: FeedQuery, response: { 200: FeedResponse } } },
    async (request) => {
      const page = Number(request.query.page ?? 1)
      const limit = Number(request.query.limit ?? FEED_PAGE_SIZE)
      return { success: true as const, ...stories.feed(page, limit, viewerOf(request)) }
    },
  )
  app.get('/stories/trending', { ...read, schema: { response: { 200: TrendingResponse } } }, async (request) => ({
    success: true as const,
    trendingStories: stories.trending(viewerOf(request)),
  }))
  app.get('/stories/mostliked', { ...read, schema: { response: { 200: MostLikedResponse } } }, async (request) => ({
    success: true as const,
    mostLikedStories: stories.mostLiked(viewerOf(request)),
  }))
  app.get('/stories/mostviewed', { ...read, schema: { response: { 200: MostViewedResponse } } }, async (request) => ({
    success: true as const,
    mostViewedStories: stories.mostViewed(viewerOf(request)),
  }))
  app.get('/stories/recent', { ...read, schema: { response: { 200: RecentResponse } } }, async (request) => ({
    success: true as const,
    recentStories: stories.recent(viewerOf(request)),
  }))

  app.get(
    '/stories/:id',
    { ...read, schema: { params: StoryIdParams, response: { 200: StoryResponse } } },
    async (request) => ({ success: true as const, story: stories.get(request.params.id, viewerOf(request)) }),
  )
  app.put(
    '/stories/:id',
    { ...write, schema: { params: StoryIdParams, body: StoryUpdateBody, response: { 200: StoryWriteResponse } } },
    async (request) => ({
      success: true as const,
      message: StoryMessages.updated,
      story: stories.update(signedInUser(request)._id, request.params.id, request.body),
    }),
  )
  app.delete(
    '/stories/:id',
    { ...write, schema: { params: StoryIdParams, response: { 200: StoryMessageResponse } } },
    async (request) => {
      stories.remove(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: StoryMessages.deleted }
    },
  )

  app.get(
    '/:userId/stories',
    { ...read, schema: { params: UserIdParams, response: { 200: StoriesResponse } } },
    async (request) => ({
      success: true as const,
      stories: stories.byAuthor(request.params.userId, viewerOf(request)),
    }),
  )

  for (const { path, reaction } of REACTIONS) {
    app.patch(
      `/stories/:id/${path}`,
      { ...write, schema: { params: StoryIdParams, response: { 200: ReactionResponse } } },
      async (request) => ({
        success: true as const,
        ...stories.react(signedInUser(request)._id, request.params.id, reaction),
      }),
    )
  }

  app.patch(
    '/stories/:id/viewed',
    { ...read, schema: { params: StoryIdParams, response: { 200: ViewResponse } } },
    async (request) => ({
      success: true as const,
      ...stories.view(request.params.id, {
        userId: viewerOf(request),
        ip: normalizeIP(request.ip),
        userAgent: request.headers['user-agent'] ?? '',
      }),
    }),
  )

  app.post(
    '/stories/:id/report',
    { ...write, schema: { params: StoryIdParams, body: StoryReportBody, response: { 200: StoryMessageResponse } } },
    async (request) => {
      stories.report(signedInUser(request)._id, request.params.id, request.body.reason)
      return { success: true as const, message: StoryMessages.reported }
    },
  )

  app.post(
    '/user/stories/:id/save',
    { ...write, schema: { params: StoryIdParams, response: { 200: SaveResponse } } },
    async (request) => {
      stories.save(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: StoryMessages.saved, saved: true }
    },
  )
  app.post(
    '/user/stories/:id/unsave',
    { ...write, schema: { params: StoryIdParams, response: { 200: SaveResponse } } },
    async (request) => {
      stories.unsave(signedInUser(request)._id, request.params.id)
      return { success: true as const, message: StoryMessages.unsaved, saved: false }
    },
  )
  app.get('/user/stories/saved', { ...write, schema: { response: { 200: SavedPostsResponse } } }, async (request) => ({
    success: true as const,
    savedPosts: stories.savedPosts(signedInUser(request)._id),
  }))

  app.post(
    '/user/stories/create',
    { ...write, schema: { body: StoryCreateBody, response: { 201: StoryWriteResponse } } },
    async (request, reply) => {
      const story = stories.create(signedInUser(request)._id, request.body)
      return reply.code(201).send({ success: true as const, message: StoryMessages.published, story })
    },
  )
}
