import { type Static, Type } from 'typebox'
import { ObjectId, saveSchemas, Text } from './common.ts'
import { FEED_LIMIT_MAX, REPORT_REASON_MAX, STORY_CONTENT_MAX, STORY_TITLE_MAX } from './stories-rules.ts'

export const StoryTitle = Text('Title', STORY_TITLE_MAX, 'line')
export const StoryContent = Text('Content', STORY_CONTENT_MAX)
/** Her 'Post anonymously' choice, on a story and on a draft. */
const Anonymous = Type.Boolean({ title: 'anonymous', errorMessage: 'anonymous must be true or false' })

/**
 * A published story. `authorId` is absent when the story is anonymous, except for its author (who needs it for
 * "My posts"); `author` is then 'Anonymous'. `createdAt` is an ISO timestamp.
 */
export const Story = Type.Object({
  _id: ObjectId,
  title: Type.String(),
  content: Type.String(),
  author: Type.String(),
  authorId: Type.Optional(ObjectId),
  anonymous: Type.Boolean(),
  createdAt: Type.String(),
  likes: Type.Integer(),
  dislikes: Type.Integer(),
  views: Type.Integer(),
  /**
   * True, and sent to its author only, while reports hold the story in review: nobody else can read it until an
   * operator restores it (docs/stories.md, Reports). Absent otherwise.
   */
  underReview: Type.Optional(Type.Boolean()),
})
export type Story = Static<typeof Story>

export const Draft = Type.Object({
  _id: ObjectId,
  title: Type.String(),
  content: Type.String(),
  /** ISO timestamp of the last save (the server always sends it). */
  updatedAt: Type.Optional(Type.String()),
  /**
   * Her 'Post anonymously' choice, kept with the draft so that opening it again restores it and publishing it keeps
   * it. Drafts saved before the choice was kept read as false.
   */
  anonymous: Type.Boolean(),
})
export type Draft = Static<typeof Draft>

export const SavedPost = Type.Object({ _id: ObjectId, title: Type.String() })
export type SavedPost = Static<typeof SavedPost>

// ---- Requests ----

/**
 * POST /api/user/stories/create. `_id`: the id the client gave the story (offline-first; optional over REST,
 * 409 when taken). `draftId`: the caller's draft being published; it is deleted in the same transaction.
 * `anonymous` left out takes the draft's choice when publishing a draft, else false.
 */
const storyCreate = saveSchemas({
  title: StoryTitle,
  content: StoryContent,
  draftId: Type.Optional(ObjectId),
  anonymous: Type.Optional(Anonymous),
})
export const StoryCreateBody = storyCreate.body
export type StoryCreateBody = Static<typeof StoryCreateBody>

/** PUT /api/stories/:id */
export const StoryUpdateBody = Type.Object(
  { title: StoryTitle, content: StoryContent },
  { additionalProperties: false },
)
export type StoryUpdateBody = Static<typeof StoryUpdateBody>

/**
 * POST /api/user/stories/savedraft and POST /api/user/stories/drafts/save: with `_id`, updates the caller's draft
 * of that id or creates it with that id; without, creates a draft with a new id. `anonymous` left out (clients
 * older than it) keeps the draft's choice, or makes a new draft not anonymous.
 */
const draftSave = saveSchemas({ title: StoryTitle, content: StoryContent, anonymous: Type.Optional(Anonymous) })
export const DraftSaveBody = draftSave.body
export type DraftSaveBody = Static<typeof DraftSaveBody>

/** POST /api/stories/:id/report */
export const StoryReportBody = Type.Object(
  { reason: Text('Reason', REPORT_REASON_MAX) },
  { additionalProperties: false },
)
export type StoryReportBody = Static<typeof StoryReportBody>

/**
 * GET /api/stories/all?page=&limit=. Sent as text and checked as plain digits (no "1.5", "1e1", "" or signs).
 * Missing: page 1, limit FEED_PAGE_SIZE.
 */
export const FeedQuery = Type.Object(
  {
    page: Type.Optional(
      Type.String({
        title: 'page',
        pattern: '^[1-9][0-9]{0,8}$',
        errorMessage: 'page must be a whole number of 1 or more',
      }),
    ),
    limit: Type.Optional(
      Type.String({
        title: 'limit',
        pattern: '^([1-9]|[1-4][0-9]|50)$',
        errorMessage: `limit must be a whole number from 1 to ${FEED_LIMIT_MAX}`,
      }),
    ),
  },
  { additionalProperties: false },
)
export type FeedQuery = Static<typeof FeedQuery>

export const StoryIdParams = Type.Object({ id: ObjectId })
export const UserIdParams = Type.Object({ userId: ObjectId })

// ---- Answers ----

const ok = Type.Literal(true)

export const FeedResponse = Type.Object({
  success: ok,
  stories: Type.Array(Story),
  currentPage: Type.Integer(),
  /** At least 1, so an empty feed reads 'page 1 / 1'. A page beyond it answers no stories. */
  totalPages: Type.Integer(),
})
export type FeedResponse = Static<typeof FeedResponse>

export const TrendingResponse = Type.Object({ success: ok, trendingStories: Type.Array(Story) })
export type TrendingResponse = Static<typeof TrendingResponse>
export const MostLikedResponse = Type.Object({ success: ok, mostLikedStories: Type.Array(Story) })
export type MostLikedResponse = Static<typeof MostLikedResponse>
export const MostViewedResponse = Type.Object({ success: ok, mostViewedStories: Type.Array(Story) })
export type MostViewedResponse = Static<typeof MostViewedResponse>
export const RecentResponse = Type.Object({ success: ok, recentStories: Type.Array(Story) })
export type RecentResponse = Static<typeof RecentResponse>

/** GET /api/stories/:id */
export const StoryResponse = Type.Object({ success: ok, story: Story })
export type StoryResponse = Static<typeof StoryResponse>

/** POST /api/user/stories/create (201) and PUT /api/stories/:id (200). */
export const StoryWriteResponse = Type.Object({ success: ok, message: Type.String(), story: Story })
export type StoryWriteResponse = Static<typeof StoryWriteResponse>

/** GET /api/:userId/stories */
export const StoriesResponse = Type.Object({ success: ok, stories: Type.Array(Story) })
export type StoriesResponse = Static<typeof StoriesResponse>

/** DELETE /api/stories/:id, DELETE /api/user/stories/drafts/:id, POST /api/stories/:id/report. */
export const StoryMessageResponse = Type.Object({ success: ok, message: Type.String() })
export type StoryMessageResponse = Static<typeof StoryMessageResponse>

/** PATCH /api/stories/:id/like|dislike/increment|decrement: the story's counts and the caller's state after it. */
export const ReactionResponse = Type.Object({
  success: ok,
  likes: Type.Integer(),
  dislikes: Type.Integer(),
  liked: Type.Boolean(),
  disliked: Type.Boolean(),
})
export type ReactionResponse = Static<typeof ReactionResponse>

/** PATCH /api/stories/:id/viewed: `counted` is false when this viewer was already counted today. */
export const ViewResponse = Type.Object({ success: ok, views: Type.Integer(), counted: Type.Boolean() })
export type ViewResponse = Static<typeof ViewResponse>

/** POST /api/user/stories/:id/save and /unsave. */
export const SaveResponse = Type.Object({ success: ok, message: Type.String(), saved: Type.Boolean() })
export type SaveResponse = Static<typeof SaveResponse>

/** GET /api/user/stories/saved: newest save first. */
export const SavedPostsResponse = Type.Object({ success: ok, savedPosts: Type.Array(SavedPost) })
export type SavedPostsResponse = Static<typeof SavedPostsResponse>

/** GET /api/user/stories/drafts: last saved first. */
export const DraftsResponse = Type.Object({ success: ok, drafts: Type.Array(Draft) })
export type DraftsResponse = Static<typeof DraftsResponse>

/** GET /api/user/stories/drafts/:id */
export const DraftResponse = Type.Object({ success: ok, draft: Draft })
export type DraftResponse = Static<typeof DraftResponse>

/** POST /api/user/stories/savedraft and /drafts/save: 201 when the draft was created, 200 when updated. */
export const DraftWriteResponse = Type.Object({ success: ok, message: Type.String(), draft: Draft })
export type DraftWriteResponse = Static<typeof DraftWriteResponse>

// ---- Sync op payloads (the REST body plus the id the REST path carries) ----

const StoryRef = { _id: ObjectId }

/** 'story.create': like StoryCreateBody, but `_id` is required, so the client knows the story's id. */
export const StoryCreateOp = storyCreate.op
export type StoryCreateOp = Static<typeof StoryCreateOp>

/** 'story.update' */
export const StoryUpdateOp = Type.Object(
  { ...StoryRef, title: StoryTitle, content: StoryContent },
  { additionalProperties: false },
)
export type StoryUpdateOp = Static<typeof StoryUpdateOp>

/** 'story.report' */
export const StoryReportOp = Type.Object(
  { ...StoryRef, reason: Text('Reason', REPORT_REASON_MAX) },
  { additionalProperties: false },
)
export type StoryReportOp = Static<typeof StoryReportOp>

/** 'draft.save': like DraftSaveBody, but `_id` is required (the client made the draft, so it named it). */
export const DraftSaveOp = draftSave.op
export type DraftSaveOp = Static<typeof DraftSaveOp>
