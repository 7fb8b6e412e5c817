-- Evidence recordings (docs/evidence.md): audio she records from the SOS sheet, hers alone. The phone makes the id (a
-- UUID) and uploads the audio in numbered chunks, each stored once; deleting her account deletes them (CASCADE).
-- Times are ISO-8601 UTC text.
CREATE TABLE evidence_recordings (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mime_type TEXT NOT NULL,
  started_at TEXT NOT NULL,
  -- Where she was when she started, if she let Wings know; NULL otherwise.
  lat DOUBLE PRECISION,
  lon DOUBLE PRECISION,
  accuracy DOUBLE PRECISION,
  -- Chunks stored so far: the next chunk expected is this number.
  chunks INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  -- Set when the phone finished it: no more chunks are taken.
  duration_ms INTEGER,
  finished_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX evidence_recordings_user ON evidence_recordings (user_id, started_at);

-- The audio, chunk by chunk in order; the SHA-256 (hex) tells a chunk sent again from a different one.
CREATE TABLE evidence_chunks (
  recording_id TEXT NOT NULL REFERENCES evidence_recordings (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (recording_id, seq)
);
