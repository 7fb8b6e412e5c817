-- Live location shares (docs/live-location.md). Anonymous: no user id, no IP. Only the SHA-256 (hex) of the viewer
-- token and of the write key are stored, never the secrets themselves. Times are ISO-8601 UTC text.
CREATE TABLE shares (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  write_key_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  -- Set when she taps 'Stop sharing'; the position and check-in are cleared at the same moment.
  stopped_at TEXT,
  -- Her latest position; NULL before the first one and once the share has ended.
  lat DOUBLE PRECISION,
  lon DOUBLE PRECISION,
  accuracy DOUBLE PRECISION,
  updated_at TEXT,
  check_in_deadline TEXT,
  check_in_destination TEXT,
  safe_at TEXT
);
-- The sweeper finds ended shares by their end.
CREATE INDEX shares_expires ON shares (expires_at);
CREATE INDEX shares_stopped ON shares (stopped_at);
