-- Community safety signals (docs/community-signals.md): anonymous incident reports, route ratings and tips.
-- Anonymous by construction: no column for a user, IP, user agent or precise time of sending. Ids are random and
-- the tables are WITHOUT ROWID, so the order rows were written in cannot be read back (and matched to anything).

-- One incident report. lat/lon are the centre of its ~50 m grid cell, occurred_at is floored to the hour (UTC).
CREATE TABLE incidents (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL CHECK (category IN ('harassment', 'stalking', 'assault', 'theft', 'poor lighting',
    'deserted area', 'unsafe transport', 'other')),
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  occurred_at TEXT NOT NULL,
  -- Plain text as sent (trimmed), shown as text; NULL when none.
  description TEXT
) WITHOUT ROWID;
CREATE INDEX incidents_position ON incidents (lat, lon);
CREATE INDEX incidents_occurred_at ON incidents (occurred_at);

-- One route rating. The route itself is not kept (it could reveal where someone lives): only the rating, the tip
-- and the tip's position (the middle of the route, snapped to the incident grid). created_at is floored to the hour.
CREATE TABLE route_ratings (
  id TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('car', 'bike', 'foot')),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  tip TEXT,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX route_ratings_position ON route_ratings (lat, lon);

-- Per-edge sums of the ratings of the routes matched onto the edge. Edge numbers belong to one import of the
-- region (`region` = its importedAt): after a re-import the old rows are ignored.
CREATE TABLE edge_ratings (
  region TEXT NOT NULL,
  edge INTEGER NOT NULL,
  -- Sum of (rating - 3) / 2 over the ratings: each in -1..1.
  feedback_sum REAL NOT NULL,
  ratings INTEGER NOT NULL,
  PRIMARY KEY (region, edge)
) WITHOUT ROWID;
