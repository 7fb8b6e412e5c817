-- Geocoding index of the imported region: one row per named place, POI, merged street and address.
-- Replaced as a whole by the region import (modules/geocode/import.ts), inside the import's transaction.
CREATE TABLE places (
  seq INTEGER PRIMARY KEY,
  -- OSM element: 'n123' (node) or 'w456' (way; a street merged from several ways keeps one of their ids).
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('place', 'poi', 'street', 'address')),
  name TEXT NOT NULL,
  name_en TEXT,
  -- JSON object of the other names: {"name:mr": "...", "alt_name": "...", ...}.
  other_names TEXT NOT NULL DEFAULT '{}',
  -- The OSM value: place=suburb -> 'suburb', amenity=hospital -> 'hospital', highway=primary -> 'primary', 'house'.
  category TEXT NOT NULL,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  -- Nearest place=suburb|neighbourhood|quarter, and the city, computed at import.
  locality TEXT,
  city TEXT,
  display_name TEXT NOT NULL,
  -- Higher is more important (place and POI class, road class); ranks equal matches.
  importance INTEGER NOT NULL,
  -- Every name, normalized (lower case, no accents, abbreviations expanded), one per line: what is searched.
  search_names TEXT NOT NULL,
  -- The first search name: prefix scans for queries too short for trigrams.
  sort_name TEXT NOT NULL
);
CREATE INDEX places_sort_name ON places (sort_name);

-- Trigram index over search_names: substring (so prefix) matching of every name and script.
CREATE VIRTUAL TABLE places_fts USING fts5(
  search_names,
  content = 'places',
  content_rowid = 'seq',
  tokenize = 'trigram'
);

-- Every normalized word of every name: the vocabulary typos are corrected against. `tail` is the word without its
-- first letter, so that a typo in the first letter still finds the word.
CREATE TABLE place_words (word TEXT PRIMARY KEY, tail TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX place_words_tail ON place_words (tail);

-- Reverse geocoding: street segments and POI / address points (as zero-size boxes), with the place they belong to.
CREATE VIRTUAL TABLE place_boxes USING rtree(
  box,
  min_lat, max_lat,
  min_lon, max_lon,
  +place_seq INTEGER,
  +lat1 REAL, +lon1 REAL,
  +lat2 REAL, +lon2 REAL
);
