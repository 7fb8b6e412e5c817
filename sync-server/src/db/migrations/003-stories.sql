-- Community stories: posts, drafts, per-user reactions and saves, daily view keys, and reports (flags).
-- Counters on stories (likes, dislikes, views, saves, flags) are updated in the same transaction as the row that
-- causes them (a reaction, a save, a view key, a flag), so they always equal the rows and never go below 0.
CREATE TABLE stories (
  id TEXT PRIMARY KEY,
  author_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- 1: shown as 'Anonymous' and without authorId to everyone but the author.
  anonymous INTEGER NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1)),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
  dislikes INTEGER NOT NULL DEFAULT 0 CHECK (dislikes >= 0),
  views INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
  saves INTEGER NOT NULL DEFAULT 0 CHECK (saves >= 0),
  -- Reports by different users; at 3 the story is hidden until a reviewer clears it (not built yet).
  flags INTEGER NOT NULL DEFAULT 0 CHECK (flags >= 0),
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))
);
-- The feed and recent posts: newest first among visible stories (id breaks ties so pages never overlap).
CREATE INDEX stories_feed ON stories (hidden, created_at DESC, id DESC);
CREATE INDEX stories_most_liked ON stories (hidden, likes DESC, created_at DESC);
CREATE INDEX stories_most_viewed ON stories (hidden, views DESC, created_at DESC);
CREATE INDEX stories_author ON stories (author_id, created_at DESC);

-- How many stories are visible (not hidden), kept in the transactions that create, delete, hide (or later unhide) a
-- story: the feed's totalPages then costs one row read instead of counting an index on every request.
CREATE TABLE story_stats (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  visible INTEGER NOT NULL CHECK (visible >= 0)
);
INSERT INTO story_stats (id, visible) VALUES (1, 0);

-- A user's like or dislike of a story: one row at most, so liking replaces a dislike and the reverse.
CREATE TABLE story_reactions (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('like', 'dislike')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, story_id)
);
CREATE INDEX story_reactions_story ON story_reactions (story_id);

CREATE TABLE saved_stories (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (user_id, story_id)
);
CREATE INDEX saved_stories_story ON saved_stories (story_id);

-- Who has viewed a story today, so a viewer counts once per story per day. viewer_key is 'u:<user id>' or, for
-- a guest, 'g:' + an HMAC of IP and User-Agent under a random key kept in memory and replaced every day: no raw
-- IP is stored, and yesterday's keys cannot be linked to anyone. Rows of earlier days are deleted.
CREATE TABLE story_views (
  story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  viewer_key TEXT NOT NULL,
  -- UTC day, YYYY-MM-DD.
  day TEXT NOT NULL,
  PRIMARY KEY (story_id, viewer_key, day)
);
CREATE INDEX story_views_day ON story_views (day);

CREATE TABLE drafts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX drafts_user ON drafts (user_id, updated_at DESC);

-- Reports: one per user per story.
CREATE TABLE story_flags (
  story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (story_id, user_id)
);
CREATE INDEX story_flags_user ON story_flags (user_id);
