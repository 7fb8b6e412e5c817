/**
 * The blog's limits and sizes without schemas: the /blog route's loader is in the app's first script, so these cost no
 * TypeBox; the schemas built from them are in stories.ts.
 */

/** Limits of a story or draft, after trimming. Content is plain text: line breaks are kept, nothing is rendered. */
export const STORY_TITLE_MAX = 150
export const STORY_CONTENT_MAX = 20_000
export const REPORT_REASON_MAX = 500
/** The spec's feed page size (section 9), and the largest page a client may ask for. */
export const FEED_PAGE_SIZE = 5
export const FEED_LIMIT_MAX = 50
/** Stories in each sidebar list (trending, most liked, most viewed, recent). */
export const SIDEBAR_SIZE = 5
/**
 * Reports weighing this much put a story in review: out of feeds and its page until an operator restores or removes
 * it. A report weighs 1, or less from an account under a week old (the server's REPORTS, docs/stories.md).
 */
export const FLAGS_TO_HIDE = 3
/** The author shown for a story posted anonymously. */
export const ANONYMOUS_AUTHOR = 'Anonymous'

/** Texts of the blog, answered by the server or shown by the client (spec section 8). */
export const StoryMessages = {
  published: 'Post published successfully!',
  publishFailed: 'Failed to publish post.',
  updated: 'Post updated successfully!',
  deleted: 'Post deleted successfully',
  draftSaved: 'Draft saved!',
  draftSaveFailed: 'Failed to save draft.',
  draftEditorSaved: 'Draft saved successfully!',
  draftEditorSaveFailed: 'Error while saving draft.',
  draftEditorPublished: 'Post created successfully!',
  draftEditorPublishFailed: 'Error while creating post',
  draftDeleted: 'Draft deleted',
  saved: 'Post saved',
  unsaved: 'Post unsaved',
  loginRequired: 'Login required',
  loginToReact: 'You must be logged in to like or dislike a post',
  reported: 'Thank you. This post has been reported for review.',
  underReview:
    'This story is under review: it was reported, so it is hidden from the blog until a moderator has read it. Only you can see it now; you can still edit or delete it.',
  alreadyReported: 'You have already reported this post',
  storyNotFound: 'Post not found',
  draftNotFound: 'Draft not found',
  notYourStory: 'You can only change your own posts',
  notYourDraft: 'You can only change your own drafts',
  storyIdTaken: 'A post with this id already exists',
} as const
