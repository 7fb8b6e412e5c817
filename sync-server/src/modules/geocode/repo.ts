import type { Db } from '../../db/connection.ts'

export interface PlaceRow {
  seq: number
  id: string
  kind: 'place' | 'poi' | 'street' | 'address'
  name: string
  name_en: string | null
  other_names: string
  category: string
  lat: number
  lon: number
  locality: string | null
  city: string | null
  display_name: string
  importance: number
  search_names: string
  sort_name: string
  /** The OSM key of `category` ('' in rows imported before it was kept). */
  osm_key: string
  house_number: string | null
}

/** What search and reverse read of a place. */
export type PlaceHit = Pick<
  PlaceRow,
  | 'seq'
  | 'id'
  | 'kind'
  | 'name'
  | 'category'
  | 'osm_key'
  | 'lat'
  | 'lon'
  | 'locality'
  | 'city'
  | 'house_number'
  | 'display_name'
  | 'importance'
  | 'search_names'
>

export interface BoxRow {
  place_seq: number
  lat1: number
  lon1: number
  lat2: number
  lon2: number
}

const HIT_COLUMNS = `p.seq, p.id, p.kind, p.name, p.category, p.osm_key, p.lat, p.lon, p.locality, p.city, p.house_number,
  p.display_name, p.importance, p.search_names`

/** Reads of the geocoding index. */
export function createGeocodeRepo(db: Db) {
  const any = db.prepare('SELECT EXISTS (SELECT 1 FROM places)').pluck()
  const match = db.prepare(
    `SELECT ${HIT_COLUMNS} FROM places_fts f JOIN places p ON p.seq = f.rowid
     WHERE places_fts MATCH ? ORDER BY p.importance DESC LIMIT ?`,
  )
  const prefix = db.prepare(
    `SELECT ${HIT_COLUMNS} FROM places p WHERE p.sort_name >= ? AND p.sort_name < ? ORDER BY p.importance DESC LIMIT ?`,
  )
  const words = db.prepare(
    `SELECT word FROM place_words WHERE word >= @start AND word < @end AND length(word) BETWEEN @min AND @max
     UNION SELECT word FROM place_words WHERE tail >= @tail AND tail < @tailEnd AND length(word) BETWEEN @min AND @max`,
  )
  const boxes = db.prepare(
    `SELECT place_seq, lat1, lon1, lat2, lon2 FROM place_boxes
     WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?`,
  )
  const wordExists = db.prepare('SELECT EXISTS (SELECT 1 FROM place_words WHERE word >= ? AND word < ?)').pluck()
  const bySeq = db.prepare(`SELECT ${HIT_COLUMNS} FROM places p WHERE p.seq = ?`)
  const elsewhere = db.prepare('SELECT name FROM places_elsewhere').pluck()
  const country = db.prepare('SELECT country FROM geocode_region WHERE id = 1').pluck()
  return {
    /** Whether a region's places are imported. */
    hasPlaces: (): boolean => any.get() === 1,
    /** Places whose names match an FTS5 query (trigram), most important first. */
    match: (ftsQuery: string, limit: number): PlaceHit[] => match.all(ftsQuery, limit) as PlaceHit[],
    /** Places whose first name starts with `start` (normalized), most important first. */
    prefix: (start: string, limit: number): PlaceHit[] => prefix.all(start, `${start}\u{10FFFF}`, limit) as PlaceHit[],
    /**
     * Indexed words with a length in [minLength, maxLength] that start with `start`, or whose part after the first
     * letter starts with `tailStart`.
     */
    words: (start: string, tailStart: string, minLength: number, maxLength: number): string[] =>
      words.pluck().all({
        start,
        end: `${start}\u{10FFFF}`,
        tail: tailStart,
        tailEnd: `${tailStart}\u{10FFFF}`,
        min: minLength,
        max: maxLength,
      }) as string[],
    /** Whether some indexed word is `word` (or starts with it, with `prefix`). */
    hasWord: (word: string, prefix: boolean): boolean =>
      wordExists.get(word, prefix ? `${word}\u{10FFFF}` : `${word}\u0000`) === 1,
    /** Segments and points whose box meets the given box. */
    boxes: (minLat: number, maxLat: number, minLon: number, maxLon: number): BoxRow[] =>
      boxes.all(minLat, maxLat, minLon, maxLon) as BoxRow[],
    place: (seq: number): PlaceHit | undefined => bySeq.get(seq) as PlaceHit | undefined,
    /** Names (normalized) the region's data gives to places outside it. */
    elsewhere: (): string[] => elsewhere.all() as string[],
    /** The region's country code (lower case), or null when unknown. */
    country: (): string | null => (country.get() as string | null | undefined) ?? null,
  }
}
export type GeocodeRepo = ReturnType<typeof createGeocodeRepo>

/** Writes of the geocoding index, used by the import step inside the import's transaction. */
export function createGeocodeWriter(db: Db) {
  const insertPlace = db.prepare(
    `INSERT INTO places (seq, id, kind, name, name_en, other_names, category, lat, lon, locality, city, display_name,
       importance, search_names, sort_name, osm_key, house_number)
     VALUES (@seq, @id, @kind, @name, @name_en, @other_names, @category, @lat, @lon, @locality, @city, @display_name,
       @importance, @search_names, @sort_name, @osm_key, @house_number)`,
  )
  const insertElsewhere = db.prepare('INSERT OR IGNORE INTO places_elsewhere (name) VALUES (?)')
  const setCountry = db.prepare('INSERT OR REPLACE INTO geocode_region (id, country) VALUES (1, ?)')
  const insertWord = db.prepare('INSERT OR IGNORE INTO place_words (word, tail) VALUES (?, ?)')
  const insertBox = db.prepare(
    `INSERT INTO place_boxes (min_lat, max_lat, min_lon, max_lon, place_seq, lat1, lon1, lat2, lon2)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  return {
    /** Removes every row of the index. */
    clear(): void {
      db.exec(`DELETE FROM places; DELETE FROM place_words; DELETE FROM place_boxes; DELETE FROM places_elsewhere;
        DELETE FROM geocode_region; INSERT INTO places_fts (places_fts) VALUES ('delete-all');`)
    },
    insertElsewhere: (name: string): void => {
      insertElsewhere.run(name)
    },
    setCountry: (code: string | null): void => {
      setCountry.run(code)
    },
    insertPlace: (row: PlaceRow): void => {
      insertPlace.run(row)
    },
    insertWord: (word: string): void => {
      insertWord.run(word, [...word].slice(1).join(''))
    },
    insertBox(placeSeq: number, lat1: number, lon1: number, lat2: number, lon2: number): void {
      insertBox.run(
        Math.min(lat1, lat2),
        Math.max(lat1, lat2),
        Math.min(lon1, lon2),
        Math.max(lon1, lon2),
        placeSeq,
        lat1,
        lon1,
        lat2,
        lon2,
      )
    },
    /** Rebuilds the trigram index from the places table. */
    rebuildIndex(): void {
      db.exec(`INSERT INTO places_fts (places_fts) VALUES ('rebuild')`)
    },
  }
}
