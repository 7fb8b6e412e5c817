import type { Db } from '../../db/connection.ts'
import { findOne } from '../../db/rows.ts'

export type ReactionKind = 'like' | 'dislike'

interface StoryRow {
  id: string
  author_id: string
  anonymous: number
  title: string
  content: string
  created_at: string
  likes: number
  dislikes: number
  views: number
  saves: number
  hidden: number
  first_name: string
  last_name: string
}

/** A stored story with what the service needs to decide who may see it; the service turns it into a `Story`. */
export interface StoryRecord {
  id: string
  authorId: string
  authorName: string
  anonymous: boolean
  title: string
  content: string
  createdAt: string
  likes: number
  dislikes: number
  views: number
  saves: number
  hidden: boolean
}

export interface NewStory {
  id: string
  authorId: string
  anonymous: boolean
  title: string
  content: string
  createdAt: string
}

/** A report as the operator's review sees it: never who made it. */
export interface ReportRecord {
  reason: string
  createdAt: string
  /** What it counts towards hiding (by the reporter's account age when it was made). */
  weight: number
}

/** The reports that still count for a story (not cleared by a review). */
export interface ReportTally {
  /** Their summed weight. */
  weight: number
  /** How many have full weight (accounts at least a week old when they reported). */
  fullWeight: number
}

export interface Counts {
  likes: number
  dislikes: number
  views: number
}

function toRecord(row: StoryRow): StoryRecord {
  return {
    id: row.id,
    authorId: row.author_id,
    authorName: `${row.first_name} ${row.last_name}`,
    anonymous: row.anonymous === 1,
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
    likes: row.likes,
    dislikes: row.dislikes,
    views: row.views,
    saves: row.saves,
    hidden: row.hidden === 1,
  }
}

const SELECT = `SELECT s.id, s.author_id, s.anonymous, s.title, s.content, s.created_at, s.likes, s.dislikes,
  s.views, s.saves, s.hidden, u.first_name, u.last_name
  FROM stories s JOIN users u ON u.id = s.author_id`

export function createStoriesRepo(db: Db) {
  const list = (sql: string) => db.prepare<unknown[], StoryRow>(sql)
  const byId = db.prepare<[string], StoryRow>(`${SELECT} WHERE s.id = ?`)
  const exists = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM stories WHERE id = ?')
  // Each list reads its own index (003-stories.sql) and stops after LIMIT rows; the author join is by key.
  const newest = list(`${SELECT} WHERE s.hidden = 0 ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?`)
  const countVisible = db.prepare<[], { visible: number }>('SELECT visible FROM story_stats WHERE id = 1')
  const addVisible = db.prepare('UPDATE story_stats SET visible = visible + ? WHERE id = 1')
  const mostLiked = list(`${SELECT} WHERE s.hidden = 0 ORDER BY s.likes DESC, s.created_at DESC LIMIT ?`)
  const mostViewed = list(`${SELECT} WHERE s.hidden = 0 ORDER BY s.views DESC, s.created_at DESC LIMIT ?`)
  const byAuthorAll = list(`${SELECT} WHERE s.author_id = ? ORDER BY s.created_at DESC, s.id DESC`)
  const byAuthorPublic = list(
    `${SELECT} WHERE s.author_id = ? AND s.anonymous = 0 AND s.hidden = 0 ORDER BY s.created_at DESC, s.id DESC`,
  )
  const insert = db.prepare(`INSERT INTO stories (id, author_id, anonymous, title, content, created_at, updated_at)
    VALUES (@id, @authorId, @anonymous, @title, @content, @createdAt, @createdAt)`)
  const update = db.prepare('UPDATE stories SET title = ?, content = ?, updated_at = ? WHERE id = ?')
  const remove = db.prepare<[string], { hidden: number }>('DELETE FROM stories WHERE id = ? RETURNING hidden')
  const audience = db.prepare<[string, string], { user_id: string }>(
    'SELECT user_id FROM story_reactions WHERE story_id = ? UNION SELECT user_id FROM saved_stories WHERE story_id = ?',
  )
  const counts = db.prepare<[string], Counts>('SELECT likes, dislikes, views FROM stories WHERE id = ?')

  const reactionOf = db.prepare<[string, string], { kind: ReactionKind }>(
    'SELECT kind FROM story_reactions WHERE user_id = ? AND story_id = ?',
  )
  const setReaction = db.prepare(`INSERT INTO story_reactions (user_id, story_id, kind, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id, story_id) DO UPDATE SET kind = excluded.kind, created_at = excluded.created_at`)
  const deleteReaction = db.prepare('DELETE FROM story_reactions WHERE user_id = ? AND story_id = ?')
  const addReactionCounts = db.prepare('UPDATE stories SET likes = likes + ?, dislikes = dislikes + ? WHERE id = ?')

  const insertSave = db.prepare(
    'INSERT INTO saved_stories (user_id, story_id, saved_at) VALUES (?, ?, ?) ON CONFLICT (user_id, story_id) DO NOTHING',
  )
  const deleteSave = db.prepare('DELETE FROM saved_stories WHERE user_id = ? AND story_id = ?')
  const addSaves = db.prepare('UPDATE stories SET saves = saves + ? WHERE id = ?')
  const savedBy = db.prepare<[string], { id: string; title: string }>(
    `SELECT s.id, s.title FROM saved_stories v JOIN stories s ON s.id = v.story_id
     WHERE v.user_id = ? AND s.hidden = 0 ORDER BY v.saved_at DESC, s.id`,
  )

  const insertView = db.prepare(
    `INSERT INTO story_views (story_id, viewer_key, day) VALUES (?, ?, ?)
     ON CONFLICT (story_id, viewer_key, day) DO NOTHING`,
  )
  const addView = db.prepare('UPDATE stories SET views = views + 1 WHERE id = ?')
  const pruneViews = db.prepare('DELETE FROM story_views WHERE day < ?')

  const insertFlag = db.prepare(
    `INSERT INTO story_flags (story_id, user_id, reason, created_at, weight) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (story_id, user_id) DO NOTHING`,
  )
  const addFlag = db.prepare('UPDATE stories SET flags = flags + 1 WHERE id = ?')
  const accountCreatedAt = db.prepare<[string], { created_at: string }>('SELECT created_at FROM users WHERE id = ?')
  const tally = db.prepare<[string], ReportTally>(
    `SELECT COALESCE(SUM(weight), 0) AS weight, COUNT(CASE WHEN weight >= 1 THEN 1 END) AS "fullWeight"
     FROM story_flags WHERE story_id = ? AND reviewed = 0`,
  )
  const setHidden = db.prepare<[number, string, number]>('UPDATE stories SET hidden = ? WHERE id = ? AND hidden = ?')
  const clearReports = db.prepare('UPDATE story_flags SET reviewed = 1 WHERE story_id = ?')
  // Oldest first: the queue is worked through in the order stories entered it (their newest report still counting).
  // A story hidden without such reports (by hand) comes first, on PostgreSQL too.
  const inReview = list(
    `${SELECT} WHERE s.hidden = 1
     ORDER BY (SELECT MAX(f.created_at) FROM story_flags f WHERE f.story_id = s.id AND f.reviewed = 0) NULLS FIRST,
       s.id`,
  )
  // Reports made in the same millisecond are ordered by what the review shows of them, never by who made them or
  // in which order they were written.
  const reportsOf = db.prepare<[string], ReportRecord>(
    `SELECT reason, created_at AS "createdAt", weight FROM story_flags
     WHERE story_id = ? AND reviewed = 0 ORDER BY created_at, weight, reason`,
  )

  return {
    find: findOne(byId, toRecord),
    exists: (id: string): boolean => exists.get(id) !== undefined,
    /** Visible stories, newest first. */
    newest: (limit: number, offset: number): StoryRecord[] => newest.all(limit, offset).map(toRecord),
    /** Kept by insert, delete and flag below, in the caller's transaction. */
    countVisible: (): number => countVisible.get()?.visible ?? 0,
    mostLiked: (limit: number): StoryRecord[] => mostLiked.all(limit).map(toRecord),
    mostViewed: (limit: number): StoryRecord[] => mostViewed.all(limit).map(toRecord),
    /** Every story of the author (`all`), or only the public ones: not anonymous, not hidden. */
    byAuthor: (authorId: string, all: boolean): StoryRecord[] =>
      (all ? byAuthorAll : byAuthorPublic).all(authorId).map(toRecord),
    insert(story: NewStory): void {
      insert.run({ ...story, anonymous: story.anonymous ? 1 : 0 })
      addVisible.run(1)
    },
    update(id: string, title: string, content: string, updatedAt: string): void {
      update.run(title, content, updatedAt, id)
    },
    /** Deletes the story; its reactions, saves, views and flags go with it (ON DELETE CASCADE). */
    delete(id: string): void {
      // What the deleted row said, not an earlier read: a hide committed meanwhile has counted it out already.
      if (remove.get(id)?.hidden === 0) addVisible.run(-1)
    },
    /** Users whose likedPosts, dislikedPosts or savedPosts hold the story. */
    audienceOf: (id: string): string[] => audience.all(id, id).map((row) => row.user_id),
    counts: (id: string): Counts | undefined => counts.get(id),

    reactionOf: (userId: string, storyId: string): ReactionKind | undefined => reactionOf.get(userId, storyId)?.kind,
    setReaction(userId: string, storyId: string, kind: ReactionKind, at: string): void {
      setReaction.run(userId, storyId, kind, at)
    },
    deleteReaction(userId: string, storyId: string): void {
      deleteReaction.run(userId, storyId)
    },
    addReactionCounts(storyId: string, likes: number, dislikes: number): void {
      addReactionCounts.run(likes, dislikes, storyId)
    },

    /** True when the save was new. */
    save(userId: string, storyId: string, at: string): boolean {
      const added = insertSave.run(userId, storyId, at).changes === 1
      if (added) addSaves.run(1, storyId)
      return added
    },
    /** True when there was a save to remove. */
    unsave(userId: string, storyId: string): boolean {
      const removed = deleteSave.run(userId, storyId).changes === 1
      if (removed) addSaves.run(-1, storyId)
      return removed
    },
    savedBy: (userId: string): { id: string; title: string }[] => savedBy.all(userId),

    /** Counts the view unless this viewer was counted for the story on `day`; true when counted. */
    view(storyId: string, viewerKey: string, day: string): boolean {
      const counted = insertView.run(storyId, viewerKey, day).changes === 1
      if (counted) addView.run(storyId)
      return counted
    },
    pruneViewsBefore(day: string): void {
      pruneViews.run(day)
    },

    /** When the account was made (ISO), or undefined for an unknown one. */
    accountCreatedAt: (userId: string): string | undefined => accountCreatedAt.get(userId)?.created_at,
    /** Records the user's report with its weight; false when they had reported the story already. */
    flag(storyId: string, userId: string, reason: string, at: string, weight: number): boolean {
      const added = insertFlag.run(storyId, userId, reason, at, weight).changes === 1
      if (added) addFlag.run(storyId)
      return added
    },
    reportTally: (storyId: string): ReportTally => tally.get(storyId) ?? { weight: 0, fullWeight: 0 },
    /** Puts a visible story in review (out of every list); false when it was not visible. */
    hide(storyId: string): boolean {
      const hidden = setHidden.run(1, storyId, 0).changes === 1
      if (hidden) addVisible.run(-1)
      return hidden
    },
    /** Brings a story in review back; its reports stop counting. False when it was not in review. */
    restore(storyId: string): boolean {
      const restored = setHidden.run(0, storyId, 1).changes === 1
      if (restored) {
        addVisible.run(1)
        clearReports.run(storyId)
      }
      return restored
    },
    /** Stories in review, in the order they entered it. */
    inReview: (): StoryRecord[] => inReview.all().map(toRecord),
    /** The reports that put the story in review (the ones a review has not cleared), oldest first. */
    reportsOf: (storyId: string): ReportRecord[] => reportsOf.all(storyId),
  }
}

export type StoriesRepo = ReturnType<typeof createStoriesRepo>
