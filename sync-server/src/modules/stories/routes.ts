import { normalizeIP } from '@fastify/rate-limit'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { API, FEED_PAGE_SIZE, type Story, StoryMessages } from '@wings/contract'
import type { FastifyRequest } from 'fastify'
import { endpoint } from '../../http/endpoint.ts'
import { signedInUser } from '../../plugins/session.ts'
import type { Reaction, StoriesService } from './service.ts'

const viewerOf = (request: FastifyRequest) => request.user?._id ?? null
const userOf = (request: FastifyRequest) => signedInUser(request)._id

const REACTIONS = [
  [API.storyLike, 'like'],
  [API.storyUnlike, 'unlike'],
  [API.storyDislike, 'dislike'],
  [API.storyUndislike, 'undislike'],
] as const satisfies readonly (readonly [unknown, Reaction])[]

/** Saving a story for later and unsaving it: whether it is saved after. */
const SAVING = [
  [API.storySave, true],
  [API.storyUnsave, false],
] as const

/**
 * The blog's stories. Reading needs no session (a session only adds the caller's own anonymous authorId); writing
 * does. Fixed paths such as /stories/all win over /stories/:id, and /:userId/stories takes 24-hex ids only, so it
 * never answers for another route (/api/foo/stories is 400).
 */
export const storiesRoutes: FastifyPluginAsyncTypebox<{ stories: StoriesService }> = async (app, { stories }) => {
  const read = { onRequest: app.identifyUser }
  const write = { onRequest: app.requireUser }
  const ok = { success: true as const }
  // The blog's short lists: the same read, each answered under the key the spec gives it.
  const list =
    <K extends string>(key: K, of: (viewer: string | null) => Story[]) =>
    async (request: FastifyRequest) =>
      ({ ...ok, [key]: of(viewerOf(request)) }) as { success: true } & Record<K, Story[]>

  app.route({
    ...endpoint(API.storiesFeed),
    ...read,
    handler: async (request) => {
      const page = Number(request.query.page ?? 1)
      const limit = Number(request.query.limit ?? FEED_PAGE_SIZE)
      return { ...ok, ...stories.feed(page, limit, viewerOf(request)) }
    },
  })
  app.route({ ...endpoint(API.storiesTrending), ...read, handler: list('trendingStories', stories.trending) })
  app.route({ ...endpoint(API.storiesMostLiked), ...read, handler: list('mostLikedStories', stories.mostLiked) })
  app.route({ ...endpoint(API.storiesMostViewed), ...read, handler: list('mostViewedStories', stories.mostViewed) })
  app.route({ ...endpoint(API.storiesRecent), ...read, handler: list('recentStories', stories.recent) })

  app.route({
    ...endpoint(API.story),
    ...read,
    handler: async (request) => ({ ...ok, story: stories.get(request.params.id, viewerOf(request)) }),
  })
  app.route({
    ...endpoint(API.storyUpdate),
    ...write,
    handler: async (request) => ({
      ...ok,
      message: StoryMessages.updated,
      story: stories.update(userOf(request), request.params.id, request.body),
    }),
  })
  app.route({
    ...endpoint(API.storyDelete),
    ...write,
    handler: async (request) => {
      stories.remove(userOf(request), request.params.id)
      return { ...ok, message: StoryMessages.deleted }
    },
  })

  app.route({
    ...endpoint(API.userStories),
    ...read,
    handler: async (request) => ({ ...ok, stories: stories.byAuthor(request.params.userId, viewerOf(request)) }),
  })

  for (const [reacting, reaction] of REACTIONS) {
    app.route({
      ...endpoint(reacting),
      ...write,
      handler: async (request) => ({ ...ok, ...stories.react(userOf(request), request.params.id, reaction) }),
    })
  }

  app.route({
    ...endpoint(API.storyView),
    ...read,
    handler: async (request) => ({
      ...ok,
      ...stories.view(request.params.id, {
        userId: viewerOf(request),
        ip: normalizeIP(request.ip),
        userAgent: request.headers['user-agent'] ?? '',
      }),
    }),
  })

  app.route({
    ...endpoint(API.storyReport),
    ...write,
    handler: async (request) => {
      stories.report(userOf(request), request.params.id, request.body.reason)
      return { ...ok, message: StoryMessages.reported }
    },
  })

  for (const [saving, saved] of SAVING) {
    app.route({
      ...endpoint(saving),
      ...write,
      handler: async (request) => {
        if (saved) stories.save(userOf(request), request.params.id)
        else stories.unsave(userOf(request), request.params.id)
        return { ...ok, message: saved ? StoryMessages.saved : StoryMessages.unsaved, saved }
      },
    })
  }
  app.route({
    ...endpoint(API.savedStories),
    ...write,
    handler: async (request) => ({ ...ok, savedPosts: stories.savedPosts(userOf(request)) }),
  })

  app.route({
    ...endpoint(API.storyCreate),
    ...write,
    handler: async (request, reply) => {
      const story = stories.create(userOf(request), request.body)
      return reply.code(201).send({ ...ok, message: StoryMessages.published, story })
    },
  })
}
