-- Saved routes: the places of a route a signed-in user keeps, and the route she chose (to draw it again offline).
-- Coordinates are DOUBLE PRECISION (REAL affinity in SQLite, 8-byte float in PostgreSQL, unlike PostgreSQL's REAL).
CREATE TABLE saved_routes (
  -- The client's id when it sent one (made offline), else the server's: 24 hex characters either way.
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  current_name TEXT NOT NULL,
  current_lat DOUBLE PRECISION NOT NULL,
  current_lon DOUBLE PRECISION NOT NULL,
  destination_name TEXT NOT NULL,
  destination_lat DOUBLE PRECISION NOT NULL,
  destination_lon DOUBLE PRECISION NOT NULL,
  -- The chosen route's mode, part of the duplicate rule; NULL when the route was saved without one.
  mode TEXT CHECK (mode IN ('car', 'bike', 'foot')),
  -- The chosen route (contract SavedRouteDetail) as JSON text; NULL when none.
  route_json TEXT,
  created_at TEXT NOT NULL
);
-- Her list, newest first, and the duplicate check and count, all by user.
CREATE INDEX saved_routes_user ON saved_routes (user_id, created_at DESC);
