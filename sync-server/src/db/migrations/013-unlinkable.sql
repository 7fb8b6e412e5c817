-- Anonymous writes (incident reports, route ratings and their tips) cannot be linked to a person or a device
-- (docs/community-signals.md, Anonymity guarantees): nothing stored with them or beside them holds a client id, a user,
-- an exact time or an order that follows the order they were written in.

-- Exactly once for anonymous ops without knowing who sent them: only a keyed hash of each op id (hmac_sha256 is
-- registered by the migrator, db/sql-functions.ts), no client id, user, type or time. The key is random per database,
-- so the table holds no op id that could be matched with one seen elsewhere (a phone's outbox, a log line).
CREATE TABLE anonymous_op_key (key BLOB NOT NULL);
INSERT INTO anonymous_op_key (key) VALUES (randomblob(32));
CREATE TABLE anonymous_ops (op_key TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO anonymous_ops (op_key)
  SELECT hmac_sha256((SELECT key FROM anonymous_op_key), op_id) FROM applied_ops
  WHERE type IN ('incident.report', 'route.rate');

-- applied_ops without the anonymous ops' rows (their client id and exact time), numbered again in the same order: a
-- gap in the rowids would show where, between someone's other ops, an anonymous op was applied.
CREATE TABLE applied_ops_kept (
  op_id TEXT PRIMARY KEY,
  user_id TEXT,
  client_id TEXT NOT NULL,
  type TEXT NOT NULL,
  applied_at TEXT NOT NULL
);
INSERT INTO applied_ops_kept (op_id, user_id, client_id, type, applied_at)
  SELECT op_id, user_id, client_id, type, applied_at FROM applied_ops
  WHERE type NOT IN ('incident.report', 'route.rate') ORDER BY rowid;
DROP TABLE applied_ops;
ALTER TABLE applied_ops_kept RENAME TO applied_ops;

-- New reports and ratings wait here for a publishing batch (at random intervals of 20 to 40 minutes): each is
-- published by the second batch after it was made, together with the others of its batch, never the moment it is made.
-- waited: 1 once one batch has passed since the row was made. No time of making is kept, and the tables are WITHOUT
-- ROWID with random ids, so the rows have no order.
CREATE TABLE incident_queue (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  occurred_at TEXT NOT NULL,
  description TEXT,
  waited INTEGER NOT NULL DEFAULT 0 CHECK (waited IN (0, 1))
) WITHOUT ROWID;

-- A rating keeps its matched edges (the route's streets, without its ends) only until it is published: then they are
-- added to edge_ratings and the row is deleted. region: the import the edge numbers belong to.
CREATE TABLE route_rating_queue (
  id TEXT PRIMARY KEY,
  mode TEXT NOT NULL,
  rating INTEGER NOT NULL,
  tip TEXT,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  created_at TEXT NOT NULL,
  region TEXT NOT NULL,
  edges TEXT NOT NULL,
  waited INTEGER NOT NULL DEFAULT 0 CHECK (waited IN (0, 1))
) WITHOUT ROWID;
