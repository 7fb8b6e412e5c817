-- The imported map region (OpenStreetMap extracts): one row, replaced by every import in the same transaction as
-- the other import steps' rows, while the region's files (road graph, safety features) move into DATA_DIR/region.
CREATE TABLE region (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  -- From the extracts' file names, e.g. 'india-mumbai-south' or 'india-mumbai-south+india-mumbai-bandra'.
  name TEXT NOT NULL,
  min_lon REAL NOT NULL,
  min_lat REAL NOT NULL,
  max_lon REAL NOT NULL,
  max_lat REAL NOT NULL,
  attribution TEXT NOT NULL,
  -- ISO date of the OSM data: the oldest of the extracts' dates (replication timestamp, else the file's mtime).
  data_date TEXT NOT NULL,
  -- IANA zone the time of day of a route is read in ('Asia/Kolkata' in India, else from the longitude).
  time_zone TEXT NOT NULL,
  -- JSON: [{ file, name, dataDate, dataDateFrom: 'header' | 'file' }].
  sources TEXT NOT NULL,
  imported_at TEXT NOT NULL,
  -- JSON: { roads, nodes, edges, places, safetyPois, osmNodes, osmWays, osmRelations }.
  counts TEXT NOT NULL
);
