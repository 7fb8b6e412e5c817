-- Nearest help (modules/nearby, docs/nearby.md): police stations, hospitals and places she can go in that have opening
-- hours, from the region's OpenStreetMap data. Replaced as a whole by every region import, inside its transaction.
CREATE TABLE nearby_places (
  -- OSM element: 'n123' (node) or 'w456' (way or building outline, at the mean of its nodes).
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('police', 'hospital', 'open')),
  -- What it is: 'police', 'hospital', 'pharmacy', 'fuel', 'hotel', 'clinic', 'doctors', or 'shop' (any shop=*).
  category TEXT NOT NULL,
  -- '' when OpenStreetMap gives it no name (an unnamed police station is still a place to go).
  name TEXT NOT NULL,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  -- The first number of phone / contact:phone, as written in OSM.
  phone TEXT,
  -- The raw OSM opening_hours value, read at request time in the region's time zone.
  opening_hours TEXT
) WITHOUT ROWID;
