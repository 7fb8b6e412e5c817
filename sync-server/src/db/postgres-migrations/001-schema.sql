-- The schema of db/migrations/001 to 019 for PostgreSQL (docs/storage.md), with the tables every instance shares.
-- The imported region (region, places and their search tables, place_words, places_elsewhere, geocode_region,
-- nearby_places) stays in each instance's SQLite file. Types: INTEGER -> BIGINT (SQLite integers are 64-bit),
-- REAL and DOUBLE PRECISION -> DOUBLE PRECISION, BLOB -> BYTEA, TEXT -> TEXT; times stay ISO-8601 UTC text and
-- yes/no columns stay 0/1 integers, so rows read the same from both backends. Comments on the columns are in the
-- SQLite migrations.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  age BIGINT NOT NULL CHECK (age BETWEEN 13 AND 120),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'not to say')),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  language TEXT CHECK (language IN ('en', 'hi', 'mr'))
);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  full_name TEXT NOT NULL,
  email TEXT NOT NULL,
  query TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);

CREATE TABLE applied_ops (
  op_id TEXT PRIMARY KEY,
  user_id TEXT,
  client_id TEXT NOT NULL,
  type TEXT NOT NULL,
  applied_at TEXT NOT NULL
);

-- The change log's numbers. A sequence hands out numbers before commit, so change 7 could be seen before change 6 and
-- a pull past 7 would skip 6. This one-row counter is updated in the transaction that records a change: its row lock
-- is held until that transaction ends, so changes are numbered in the order they commit and a reader that sees a
-- number sees every smaller one (docs/storage.md, The change log).
CREATE TABLE change_seq (
  id BIGINT PRIMARY KEY CHECK (id = 1),
  last BIGINT NOT NULL
);
INSERT INTO change_seq (id, last) VALUES (1, 0);

CREATE FUNCTION next_change_seq() RETURNS BIGINT LANGUAGE sql VOLATILE AS
  'UPDATE change_seq SET last = last + 1 WHERE id = 1 RETURNING last';

-- Recorded on both backends with
--   INSERT INTO changes (user_id, entity, entity_id, changed_at) VALUES (?, ?, ?, ?)
--   ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = excluded.seq, changed_at = excluded.changed_at
-- excluded.seq is the new number: next_change_seq() here, the next AUTOINCREMENT value in SQLite.
CREATE TABLE changes (
  seq BIGINT PRIMARY KEY DEFAULT next_change_seq(),
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  entity TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  UNIQUE (user_id, entity, entity_id)
);
CREATE INDEX changes_user_seq ON changes (user_id, seq);

CREATE TABLE stories (
  id TEXT PRIMARY KEY,
  author_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  anonymous BIGINT NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1)),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  likes BIGINT NOT NULL DEFAULT 0 CHECK (likes >= 0),
  dislikes BIGINT NOT NULL DEFAULT 0 CHECK (dislikes >= 0),
  views BIGINT NOT NULL DEFAULT 0 CHECK (views >= 0),
  saves BIGINT NOT NULL DEFAULT 0 CHECK (saves >= 0),
  flags BIGINT NOT NULL DEFAULT 0 CHECK (flags >= 0),
  hidden BIGINT NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1))
);
CREATE INDEX stories_feed ON stories (hidden, created_at DESC, id DESC);
CREATE INDEX stories_most_liked ON stories (hidden, likes DESC, created_at DESC);
CREATE INDEX stories_most_viewed ON stories (hidden, views DESC, created_at DESC);
CREATE INDEX stories_author ON stories (author_id, created_at DESC);

CREATE TABLE story_stats (
  id BIGINT PRIMARY KEY CHECK (id = 1),
  visible BIGINT NOT NULL CHECK (visible >= 0)
);
INSERT INTO story_stats (id, visible) VALUES (1, 0);

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

CREATE TABLE story_views (
  story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  viewer_key TEXT NOT NULL,
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
  updated_at TEXT NOT NULL,
  anonymous BIGINT NOT NULL DEFAULT 0 CHECK (anonymous IN (0, 1))
);
CREATE INDEX drafts_user ON drafts (user_id, updated_at DESC);

CREATE TABLE story_flags (
  story_id TEXT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  created_at TEXT NOT NULL,
  weight DOUBLE PRECISION NOT NULL DEFAULT 1 CHECK (weight > 0 AND weight <= 1),
  reviewed BIGINT NOT NULL DEFAULT 0 CHECK (reviewed IN (0, 1)),
  PRIMARY KEY (story_id, user_id)
);
CREATE INDEX story_flags_user ON story_flags (user_id);

CREATE TABLE incidents (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL CHECK (category IN ('harassment', 'stalking', 'assault', 'theft', 'poor lighting',
    'deserted area', 'unsafe transport', 'other')),
  lat DOUBLE PRECISION NOT NULL,
  lon DOUBLE PRECISION NOT NULL,
  occurred_at TEXT NOT NULL,
  description TEXT
);
CREATE INDEX incidents_position ON incidents (lat, lon);
CREATE INDEX incidents_occurred_at ON incidents (occurred_at);

CREATE TABLE route_ratings (
  id TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('car', 'bike', 'foot')),
  rating BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
  tip TEXT,
  lat DOUBLE PRECISION NOT NULL,
  lon DOUBLE PRECISION NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX route_ratings_position ON route_ratings (lat, lon);

CREATE TABLE edge_ratings (
  region TEXT NOT NULL,
  edge BIGINT NOT NULL,
  feedback_sum DOUBLE PRECISION NOT NULL,
  ratings BIGINT NOT NULL,
  PRIMARY KEY (region, edge)
);

CREATE TABLE saved_routes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  current_name TEXT NOT NULL,
  current_lat DOUBLE PRECISION NOT NULL,
  current_lon DOUBLE PRECISION NOT NULL,
  destination_name TEXT NOT NULL,
  destination_lat DOUBLE PRECISION NOT NULL,
  destination_lon DOUBLE PRECISION NOT NULL,
  mode TEXT CHECK (mode IN ('car', 'bike', 'foot')),
  route_json TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX saved_routes_user ON saved_routes (user_id, created_at DESC);

CREATE TABLE shares (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  write_key_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  stopped_at TEXT,
  lat DOUBLE PRECISION,
  lon DOUBLE PRECISION,
  accuracy DOUBLE PRECISION,
  updated_at TEXT,
  check_in_deadline TEXT,
  check_in_destination TEXT,
  safe_at TEXT,
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  token_sealed TEXT,
  check_in_alerted TEXT,
  check_in_set_at TEXT,
  safe_on_arrival BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX shares_expires ON shares (expires_at);
CREATE INDEX shares_stopped ON shares (stopped_at);
CREATE INDEX shares_check_in_due ON shares (check_in_deadline) WHERE user_id IS NOT NULL;

CREATE TABLE trusted_contacts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, phone)
);

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'guest')),
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  guest_secret_hash TEXT,
  created_at TEXT NOT NULL,
  CHECK (
    (kind = 'user' AND user_id = id AND guest_secret_hash IS NULL)
    OR (kind = 'guest' AND user_id IS NULL AND guest_secret_hash IS NOT NULL)
  )
);
CREATE INDEX conversations_kind_created ON conversations (kind, created_at);

-- SQLite numbers these as rowids; BY DEFAULT (not ALWAYS) so that a copy from SQLite can keep the numbers.
CREATE TABLE chat_messages (
  seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender TEXT NOT NULL CHECK (sender IN ('user', 'bot')),
  text TEXT NOT NULL,
  actions_json TEXT,
  client_message_id TEXT,
  reply_to TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (conversation_id, client_message_id)
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, seq);
CREATE INDEX chat_messages_reply_to ON chat_messages (reply_to);

-- One random key for the whole service. gen_random_uuid() is core PostgreSQL and strongly random (pgcrypto's
-- gen_random_bytes would need an extension): two version-4 UUIDs give 32 bytes, 244 of their bits random.
CREATE TABLE anonymous_op_key (key BYTEA NOT NULL);
INSERT INTO anonymous_op_key (key)
  VALUES (decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
CREATE TABLE anonymous_ops (op_key TEXT PRIMARY KEY);

CREATE TABLE incident_queue (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  lat DOUBLE PRECISION NOT NULL,
  lon DOUBLE PRECISION NOT NULL,
  occurred_at TEXT NOT NULL,
  description TEXT,
  waited BIGINT NOT NULL DEFAULT 0 CHECK (waited IN (0, 1))
);

CREATE TABLE route_rating_queue (
  id TEXT PRIMARY KEY,
  mode TEXT NOT NULL,
  rating BIGINT NOT NULL,
  tip TEXT,
  lat DOUBLE PRECISION NOT NULL,
  lon DOUBLE PRECISION NOT NULL,
  created_at TEXT NOT NULL,
  region TEXT NOT NULL,
  edges TEXT NOT NULL,
  waited BIGINT NOT NULL DEFAULT 0 CHECK (waited IN (0, 1))
);

CREATE TABLE guardians (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  token_sealed TEXT NOT NULL,
  created_at TEXT NOT NULL,
  accepted_at TEXT,
  stopped_at TEXT,
  push_endpoint TEXT,
  push_p256dh TEXT,
  push_auth TEXT,
  email TEXT,
  email_pending TEXT,
  email_code_hash TEXT,
  email_code_expires_at TEXT,
  share_started BIGINT NOT NULL DEFAULT 0 CHECK (share_started IN (0, 1)),
  language TEXT CHECK (language IN ('en', 'hi', 'mr'))
);
CREATE INDEX guardians_user ON guardians (user_id, created_at);

CREATE TABLE guardian_links_ended (
  token_hash TEXT PRIMARY KEY,
  ended_at TEXT NOT NULL
);

CREATE TABLE alerts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('sos', 'checkin-missed', 'checkin-safe', 'share-started')),
  event_key TEXT NOT NULL UNIQUE,
  share_id TEXT,
  data_sealed TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX alerts_created ON alerts (created_at);

CREATE TABLE alert_outbox (
  id TEXT PRIMARY KEY,
  alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  guardian_id TEXT NOT NULL REFERENCES guardians (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts BIGINT NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  push_result TEXT CHECK (push_result IN ('sent', 'failed')),
  email_result TEXT CHECK (email_result IN ('sent', 'failed')),
  created_at TEXT NOT NULL,
  done_at TEXT,
  UNIQUE (alert_id, guardian_id)
);
CREATE INDEX alert_outbox_due ON alert_outbox (status, next_attempt_at);
CREATE INDEX alert_outbox_guardian ON alert_outbox (guardian_id);

CREATE TABLE evidence_recordings (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mime_type TEXT NOT NULL,
  started_at TEXT NOT NULL,
  lat DOUBLE PRECISION,
  lon DOUBLE PRECISION,
  accuracy DOUBLE PRECISION,
  chunks BIGINT NOT NULL DEFAULT 0,
  bytes BIGINT NOT NULL DEFAULT 0,
  duration_ms BIGINT,
  finished_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX evidence_recordings_user ON evidence_recordings (user_id, started_at);

CREATE TABLE evidence_chunks (
  recording_id TEXT NOT NULL REFERENCES evidence_recordings (id) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  sha256 TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  data BYTEA NOT NULL,
  PRIMARY KEY (recording_id, seq)
);
