import {
  ANONYMOUS_AUTHOR,
  ErrorCode,
  ErrorMessages,
  type FeedResponse,
  FLAGS_TO_HIDE,
  type SavedPost,
  SIDEBAR_SIZE,
  type Story,
  type StoryCreateBody,
  StoryMessages,
  type StoryUpdateBody,
  tidyText,
} from '@wings/contract'
import type { AttemptLimit } from '../../attempt-limit.ts'
import type { Transact } from '../../db/connection.ts'
import { HttpError } from '../../http-error.ts'
import { newId } from '../../ids.ts'
import type { ChangesRepo } from '../changes/repo.ts'
import type { DraftsService } from '../drafts/service.ts'
import type { ReactionKind, StoriesRepo, StoryRecord } from './repo.ts'
import type { ViewerKeys } from './viewer-keys.ts'

interface Deps {
  stories: StoriesRepo
  drafts: DraftsService
  changes: ChangesRepo
  transact: Transact
  /** Reports per user (REST and ops share it). */
  reportLimit: AttemptLimit
  viewerKeys: ViewerKeys
  now?: () => number
}

/** The caller: a signed-in user's id, or null for a guest. */
export type ViewerId = string | null

/** Who registers a view: a signed-in user, or a guest known by IP and User-Agent (only a daily hash is stored). */
export interface Viewer {
  userId: string | null
  ip: string
  userAgent: string
}

/** like/unlike = PATCH like/increment|decrement; dislike/undislike = PATCH dislike/increment|decrement. */
export type Reaction = 'like' | 'unlike' | 'dislike' | 'undislike'

export interface ReactionState {
  likes: number
  dislikes: number
  liked: boolean
  disliked: boolean
}

/**
 * Trending (docs/stories.md): score = (1 + 3·likes + 4·saves + 1·views) / (ageHours + 2)^1.5, highest first,
 * newest first on ties. Candidates are the newest 200 visible stories plus the 50 most liked and 50 most viewed,
 * so the list costs three short index reads however many stories there are.
 */
export const TRENDING = {
  weights: { likes: 3, saves: 4, views: 1 },
  gravity: 1.5,
  ageOffsetHours: 2,
  newest: 200,
  mostLiked: 50,
  mostViewed: 50,
} as const

export function trendingScore(story: Pick<StoryRecord, 'likes' | 'saves' | 'views' | 'createdAt'>, now: number) {
  const { weights, gravity, ageOffsetHours } = TRENDING
  const engagement = 1 + weights.likes * story.likes + weights.saves * story.saves + weights.views * story.views
  const ageHours = Math.max(0, (now - Date.parse(story.createdAt)) / 3_600_000)
  return engagement / (ageHours + ageOffsetHours) ** gravity
}

/**
 * Reports (docs/stories.md, Reports). A report weighs by the reporter's account age when she makes it; reports
 * weighing FLAGS_TO_HIDE put the story in review, provided `fullWeightToHide` of them have full weight, so accounts
 * made to report a story cannot hide it on their own, however many there are.
 */
export const REPORTS = {
  /** Oldest accounts first: an account at least `minDays` old reports with `weight`. */
  weights: [
    { minDays: 7, weight: 1 },
    { minDays: 1, weight: 0.5 },
    { minDays: 0, weight: 0.25 },
  ],
  fullWeightToHide: 2,
} as const

/** What a report counts towards hiding, for an account made at `accountCreatedAt` reporting at `at`. */
export function reportWeight(accountCreatedAt: string, at: number): number {
  const days = (at - Date.parse(accountCreatedAt)) / 86_400_000
  return REPORTS.weights.find((band) => days >= band.minDays)?.weight ?? REPORTS.weights[2].weight
}

/** Deletes a story with the pull changes it makes: her story, and the lists of those who liked or saved it. */
export function deleteStory(stories: StoriesRepo, changes: ChangesRepo, story: StoryRecord, at: string): void {
  const audience = stories.audienceOf(story.id)
  stories.delete(story.id)
  changes.record(story.authorId, 'story', story.id, at)
  for (const user of audience) changes.record(user, 'user', user, at)
}

const notFound = () => new HttpError(404, ErrorCode.notFound, StoryMessages.storyNotFound)
const notYours = () => new HttpError(403, ErrorCode.forbidden, StoryMessages.notYourStory)

/**
 * The API's story: an anonymous story names no author, and shows its authorId to its author only. Only its author
 * can read a story in review, and she is told it is.
 */
export function toStory(record: StoryRecord, viewerId: ViewerId): Story {
  const showAuthorId = !record.anonymous || record.authorId === viewerId
  return {
    _id: record.id,
    title: record.title,
    content: record.content,
    author: record.anonymous ? ANONYMOUS_AUTHOR : record.authorName,
    ...(showAuthorId && { authorId: record.authorId }),
    anonymous: record.anonymous,
    createdAt: record.createdAt,
    likes: record.likes,
    dislikes: record.dislikes,
    views: record.views,
    ...(record.hidden && record.authorId === viewerId && { underReview: true }),
  }
}

/**
 * The blog's rules. Every function is synchronous and shared by the REST routes and the sync ops; writes run in
 * `transact` (a transaction of their own, or a savepoint inside a push batch), with every counter changed in the
 * same transaction as the row behind it, and with the change-log rows a pull needs.
 */
export function createStoriesService({
  stories,
  drafts,
  changes,
  transact,
  reportLimit,
  viewerKeys,
  now = Date.now,
}: Deps) {
  let prunedBefore = ''
  const iso = () => new Date(now()).toISOString()

  /** A story anyone may see: hidden (reported) stories are shown to their author only. */
  function visible(id: string, viewerId: ViewerId): StoryRecord {
    const story = stories.find(id)
    if (!story || (story.hidden && story.authorId !== viewerId)) throw notFound()
    return story
  }

  function own(userId: string, id: string): StoryRecord {
    const story = stories.find(id)
    if (!story) throw notFound()
    if (story.authorId !== userId) throw notYours()
    return story
  }

  const present = (records: StoryRecord[], viewerId: ViewerId) => records.map((r) => toStory(r, viewerId))

  function reactionState(userId: string, storyId: string): ReactionState {
    const counts = stories.counts(storyId) ?? { likes: 0, dislikes: 0 }
    const kind = stories.reactionOf(userId, storyId)
    return { likes: counts.likes, dislikes: counts.dislikes, liked: kind === 'like', disliked: kind === 'dislike' }
  }

  return {
    /** GET stories/all: newest first; a page beyond the last answers no stories. */
    feed(page: number, limit: number, viewerId: ViewerId): Omit<FeedResponse, 'success'> {
      const total = stories.countVisible()
      const offset = (page - 1) * limit
      return {
        stories: offset < total ? present(stories.newest(limit, offset), viewerId) : [],
        currentPage: page,
        totalPages: Math.max(1, Math.ceil(total / limit)),
      }
    },
    recent: (viewerId: ViewerId) => present(stories.newest(SIDEBAR_SIZE, 0), viewerId),
    mostLiked: (viewerId: ViewerId) => present(stories.mostLiked(SIDEBAR_SIZE), viewerId),
    mostViewed: (viewerId: ViewerId) => present(stories.mostViewed(SIDEBAR_SIZE), viewerId),
    trending(viewerId: ViewerId): Story[] {
      const at = now()
      const candidates = new Map<string, StoryRecord>()
      for (const list of [
        stories.newest(TRENDING.newest, 0),
        stories.mostLiked(TRENDING.mostLiked),
        stories.mostViewed(TRENDING.mostViewed),
      ]) {
        for (const story of list) candidates.set(story.id, story)
      }
      const ranked = [...candidates.values()]
        .map((story) => ({ story, score: trendingScore(story, at) }))
        .sort((a, b) => b.score - a.score || b.story.createdAt.localeCompare(a.story.createdAt))
      return present(
        ranked.slice(0, SIDEBAR_SIZE).map((r) => r.story),
        viewerId,
      )
    },

    get: (id: string, viewerId: ViewerId): Story => toStory(visible(id, viewerId), viewerId),

    /**
     * GET /:userId/stories: the author's public stories (not anonymous, not hidden); the author asking about
     * themself gets every story of theirs, anonymous and hidden ones included ("My posts").
     */
    byAuthor: (authorId: string, viewerId: ViewerId): Story[] =>
      present(stories.byAuthor(authorId, authorId === viewerId), viewerId),

    /**
     * POST user/stories/create and 'story.create'. Publishing a draft deletes it in the same transaction; a post that
     * does not say whether it is anonymous keeps the draft's choice.
     */
    create(userId: string, body: StoryCreateBody): Story {
      return transact(() => {
        const id = body._id ?? newId()
        if (body._id !== undefined && stories.exists(body._id)) {
          throw new HttpError(409, ErrorCode.conflict, StoryMessages.storyIdTaken)
        }
        const draft = body.draftId === undefined ? undefined : drafts.discard(userId, body.draftId)
        const at = iso()
        stories.insert({
          id,
          authorId: userId,
          anonymous: body.anonymous ?? draft?.anonymous ?? false,
          title: tidyText(body.title),
          content: tidyText(body.content),
          createdAt: at,
        })
        changes.record(userId, 'story', id, at)
        return toStory(stories.find(id) as StoryRecord, userId)
      })
    },

    /** PUT stories/:id and 'story.update': the author only. An edit of a deleted story is 404 (deleting wins). */
    update(userId: string, id: string, body: StoryUpdateBody): Story {
      return transact(() => {
        own(userId, id)
        const at = iso()
        stories.update(id, tidyText(body.title), tidyText(body.content), at)
        changes.record(userId, 'story', id, at)
        return toStory(stories.find(id) as StoryRecord, userId)
      })
    },

    /** DELETE stories/:id and 'story.delete': the author only. Users who liked or saved it see their lists change. */
    remove(userId: string, id: string): void {
      transact(() => deleteStory(stories, changes, own(userId, id), iso()))
    },

    /**
     * The like/dislike endpoints and ops. One reaction row per user and story: liking replaces a dislike and the
     * reverse, repeating changes nothing, and a decrement without the reaction changes nothing, so the counts
     * (changed in the same transaction as the row) never drift or go below 0. Hidden stories cannot gain
     * reactions; one's own reaction can still be taken back.
     */
    react(userId: string, id: string, reaction: Reaction): ReactionState {
      return transact(() => {
        const story = stories.find(id)
        const adding = reaction === 'like' || reaction === 'dislike'
        if (!story || (adding && story.hidden && story.authorId !== userId)) throw notFound()
        const current = stories.reactionOf(userId, id)
        const at = iso()
        let changed = true
        if (adding) {
          const kind: ReactionKind = reaction
          if (current === kind) changed = false
          else {
            stories.setReaction(userId, id, kind, at)
            const other = current === undefined ? 0 : -1
            if (kind === 'like') stories.addReactionCounts(id, 1, other)
            else stories.addReactionCounts(id, other, 1)
          }
        } else {
          const kind: ReactionKind = reaction === 'unlike' ? 'like' : 'dislike'
          if (current !== kind) changed = false
          else {
            stories.deleteReaction(userId, id)
            if (kind === 'like') stories.addReactionCounts(id, -1, 0)
            else stories.addReactionCounts(id, 0, -1)
          }
        }
        if (changed) changes.record(userId, 'user', userId, at)
        return reactionState(userId, id)
      })
    },

    /** PATCH stories/:id/viewed and 'story.view': once per viewer per story per UTC day. */
    view(id: string, viewer: Viewer): { views: number; counted: boolean } {
      return transact(() => {
        visible(id, viewer.userId)
        const day = viewerKeys.today()
        // Keys of earlier days serve no purpose; dropping them keeps the table small and forgets who read what.
        if (day !== prunedBefore) {
          stories.pruneViewsBefore(day)
          prunedBefore = day
        }
        const key = viewer.userId ? viewerKeys.user(viewer.userId) : viewerKeys.guest(viewer.ip, viewer.userAgent, day)
        const counted = stories.view(id, key, day)
        return { views: stories.counts(id)?.views ?? 0, counted }
      })
    },

    /** POST user/stories/:id/save and 'story.save': set membership, so saving twice changes nothing. */
    save(userId: string, id: string): void {
      transact(() => {
        visible(id, userId)
        if (stories.save(userId, id, iso())) changes.record(userId, 'user', userId, iso())
      })
    },
    /** POST user/stories/:id/unsave and 'story.unsave' (allowed on a hidden story: it takes nothing from anyone). */
    unsave(userId: string, id: string): void {
      transact(() => {
        if (!stories.exists(id)) throw notFound()
        if (stories.unsave(userId, id)) changes.record(userId, 'user', userId, iso())
      })
    },
    savedPosts: (userId: string): SavedPost[] => stories.savedBy(userId).map((s) => ({ _id: s.id, title: s.title })),

    /**
     * POST stories/:id/report and 'story.report': one report per user and story (409 for a second), limited per
     * user. Enough weight of reports (REPORTS) puts the story in review until an operator restores or removes it;
     * her phone learns it is in review, and nothing about who reported it.
     */
    report(userId: string, id: string, reason: string): void {
      const waitSeconds = reportLimit.attempt(userId)
      if (waitSeconds > 0) {
        throw new HttpError(429, ErrorCode.rateLimited, ErrorMessages.tooManyRequests, {
          'retry-after': String(waitSeconds),
        })
      }
      transact(() => {
        const story = visible(id, null)
        const at = now()
        const when = new Date(at).toISOString()
        const weight = reportWeight(stories.accountCreatedAt(userId) ?? when, at)
        if (!stories.flag(id, userId, tidyText(reason), when, weight)) {
          throw new HttpError(409, ErrorCode.conflict, StoryMessages.alreadyReported)
        }
        const tally = stories.reportTally(id)
        if (tally.weight >= FLAGS_TO_HIDE && tally.fullWeight >= REPORTS.fullWeightToHide && stories.hide(id)) {
          changes.record(story.authorId, 'story', id, when)
        }
      })
    },

    /** For pulls: her story as it is now; undefined when it is gone or the id is someone else's story now. */
    load(id: string, authorId: string): Story | undefined {
      const record = stories.find(id)
      return record?.authorId === authorId ? toStory(record, authorId) : undefined
    },
  }
}

export type StoriesService = ReturnType<typeof createStoriesService>
