-- Honest coverage for place search (modules/geocode, docs/geocoding.md), all replaced by every region import.

-- The OSM key a place's `category` is the value of (amenity, railway, highway, place...): Nominatim's `class`.
-- '' in rows imported before this column existed (the answer then falls back on the kind).
ALTER TABLE places ADD COLUMN osm_key TEXT NOT NULL DEFAULT '';
-- addr:housenumber of an address (its street is the rest of its name).
ALTER TABLE places ADD COLUMN house_number TEXT;

-- Names the region's own data gives to places outside it: the ends of its railway and bus routes (from, to, via),
-- its roads' destinations. Normalized as places are; names of places the region has are left out. A search that
-- matches nothing inside the region but one of these answers 422 OUTSIDE_REGION.
CREATE TABLE places_elsewhere (name TEXT PRIMARY KEY) WITHOUT ROWID;

-- The region's country for countrycodes=: the commonest addr:country of its objects (ISO 3166-1 alpha-2, lower
-- case), NULL when none says.
CREATE TABLE geocode_region (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  country TEXT
);
