-- Sync: which outbox ops were applied (so a retried op changes nothing), and the change log pulls read.

CREATE TABLE applied_ops (
  -- The client's UUID for the op: a retry of it is answered 'duplicate'.
  op_id TEXT PRIMARY KEY,
  -- NULL for an op a guest sent (contact.send). No foreign key: this is bookkeeping that must not slow every
  -- insert, and deleting an account (not built yet) will delete its rows here explicitly.
  user_id TEXT,
  client_id TEXT NOT NULL,
  type TEXT NOT NULL,
  applied_at TEXT NOT NULL
);

-- One row per (user, entity): a new change of an entity replaces its row with a new seq, so the log stays as
-- small as the data and a pull reads each changed entity once. AUTOINCREMENT never hands out a seq again, even
-- after the row holding the highest one is replaced; without it a replaced newest row would give its seq away
-- and a client already past it would miss the change.
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  -- Whose pull sees the change.
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  entity TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  UNIQUE (user_id, entity, entity_id)
);
CREATE INDEX changes_user_seq ON changes (user_id, seq);
