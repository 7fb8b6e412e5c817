import { SafetyInputError } from './errors.ts'

/** An OSM tag that may be missing: unknown is its own value, never read as 'no'. */
export type TriState = 'yes' | 'no' | 'unknown'

/** Codes of {@link TriState} in typed arrays. */
export const TRI_STATE_CODE = { unknown: 0, yes: 1, no: 2 } as const

/**
 * Road classes the model knows, by OSM `highway=*` value. The index is the code used in typed arrays
 * ({@link roadClassCode}); `other` (code 0) is any value not listed, with middle-of-the-road defaults.
 */
export const ROAD_CLASSES = [
  'other',
  'motorway',
  'trunk',
  'primary',
  'secondary',
  'tertiary',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'pedestrian',
  'footway',
  'path',
  'cycleway',
  'steps',
  'track',
] as const

export type RoadClass = (typeof ROAD_CLASSES)[number]

const ALIASES: Readonly<Record<string, RoadClass>> = {
  motorway_link: 'motorway',
  trunk_link: 'trunk',
  primary_link: 'primary',
  secondary_link: 'secondary',
  tertiary_link: 'tertiary',
  corridor: 'footway',
  sidewalk: 'footway',
  crossing: 'footway',
  bridleway: 'path',
}

const CODES = new Map<string, number>(ROAD_CLASSES.map((name, code) => [name, code]))
for (const [alias, target] of Object.entries(ALIASES)) CODES.set(alias, CODES.get(target) ?? 0)

/** Code (index in {@link ROAD_CLASSES}) of an OSM highway value; `_link` roads take their parent's; unknown -> 0. */
export function roadClassCode(highway: string): number {
  return CODES.get(highway) ?? 0
}

/** Safety-relevant features of one edge, as the importer derives them from OSM (and, later, reports and ratings). */
export interface EdgeFeatures {
  /** OSM `highway=*` value (e.g. `residential`, `primary_link`, `footway`); unknown values get the 'other' profile. */
  roadClass: string
  /** Speed limit in km/h; null or absent when not tagged. */
  maxspeed?: number | null
  /** `lit=*`; absent means unknown (most of Mumbai), which is not 'no'. */
  lit?: TriState
  /** `sidewalk=*` (incl. left/right/both/separate); absent means unknown. */
  sidewalk?: TriState
  /* Counts of places within about 50-100 m of the edge (absent = 0). */
  /** `shop=*`. */
  shops?: number
  /** amenity=restaurant, cafe, fast_food. */
  food?: number
  /** highway=bus_stop, public_transport=platform/station, railway=station. */
  transport?: number
  /** amenity=police, hospital, clinic, pharmacy. */
  help?: number
  /** Places with opening_hours=24/7. */
  open24h?: number
  /** man_made=surveillance. */
  cameras?: number
  /*
   * After dark (evening and night only; absent = 0, today's defaults by kind). Of the shops and food places above,
   * those whose `opening_hours` could be read (not 24/7, counted in open24h), and of those the ones open at each
   * band's hour (BAND_HOURS); stops not served at night by their timetable rule (service-hours.ts).
   */
  /** Shops above with readable opening_hours. */
  hoursShops?: number
  /** Food places above with readable opening_hours. */
  hoursFood?: number
  /** Of hoursShops + hoursFood, those open at the evening band's hour. */
  openEvening?: number
  /** Of hoursShops + hoursFood, those open at the night band's hour. */
  openNight?: number
  /** Of transport above, the stops and stations not served at the night band's hour. */
  unservedNight?: number
  /** Reported incidents near the edge, time-decayed and severity-weighted, per km of edge (>= 0, default 0). */
  incidentDensity?: number
  /** Users' ratings of the edge, -1 (felt unsafe) .. 1 (felt safe), default 0; moves the score by at most 10 points. */
  ratingFeedback?: number
}

export const COUNT_FIELDS = ['shops', 'food', 'transport', 'help', 'open24h', 'cameras'] as const
export type CountField = (typeof COUNT_FIELDS)[number]
/** Counts that split the ones above by the hour; more of them can lower a score (a closed shop draws nobody). */
export const HOURS_FIELDS = ['hoursShops', 'hoursFood', 'openEvening', 'openNight', 'unservedNight'] as const
export type HoursField = (typeof HOURS_FIELDS)[number]

const TRI_STATES = new Set(['yes', 'no', 'unknown'])

/** Checks an edge's features; throws {@link SafetyInputError} naming the first bad field. */
export function validateEdgeFeatures(input: unknown): EdgeFeatures {
  if (typeof input !== 'object' || input === null) {
    throw new SafetyInputError('features', 'Edge features must be an object')
  }
  const f = input as Record<string, unknown>
  if (typeof f.roadClass !== 'string') throw new SafetyInputError('features.roadClass', 'Road class must be a string')
  const maxspeed = f.maxspeed
  if (maxspeed !== undefined && maxspeed !== null) {
    if (typeof maxspeed !== 'number' || !Number.isFinite(maxspeed) || maxspeed <= 0 || maxspeed > 300) {
      throw new SafetyInputError('features.maxspeed', 'Max speed must be a number of km/h from 1 to 300, or null')
    }
  }
  for (const key of ['lit', 'sidewalk'] as const) {
    const value = f[key]
    if (value !== undefined && !TRI_STATES.has(value as string)) {
      throw new SafetyInputError(`features.${key}`, `${key} must be yes, no or unknown`)
    }
  }
  for (const key of [...COUNT_FIELDS, ...HOURS_FIELDS, 'incidentDensity'] as const) {
    const value = f[key]
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) {
      throw new SafetyInputError(`features.${key}`, `${key} must be a number of at least 0`)
    }
  }
  const rating = f.ratingFeedback
  if (rating !== undefined && (typeof rating !== 'number' || !Number.isFinite(rating) || rating < -1 || rating > 1)) {
    throw new SafetyInputError('features.ratingFeedback', 'Rating feedback must be a number from -1 to 1')
  }
  return f as unknown as EdgeFeatures
}

/**
 * Per-edge features as parallel typed arrays (struct of arrays), the form the router keeps. Every column has one
 * entry per edge; a missing optional column means its default for every edge (unknown, 0). Values are not
 * validated here: a NaN or negative count reads as 0, a code out of range as unknown/other, so the risk is never NaN.
 */
export interface EdgeFeatureColumns {
  /** {@link roadClassCode} per edge. Its length is the number of edges. */
  roadClass: ArrayLike<number>
  /** km/h, 0 = unknown. */
  maxspeed?: ArrayLike<number>
  /** {@link TRI_STATE_CODE}: 0 unknown, 1 yes, 2 no. */
  lit?: ArrayLike<number>
  sidewalk?: ArrayLike<number>
  shops?: ArrayLike<number>
  food?: ArrayLike<number>
  transport?: ArrayLike<number>
  help?: ArrayLike<number>
  open24h?: ArrayLike<number>
  cameras?: ArrayLike<number>
  hoursShops?: ArrayLike<number>
  hoursFood?: ArrayLike<number>
  openEvening?: ArrayLike<number>
  openNight?: ArrayLike<number>
  unservedNight?: ArrayLike<number>
  incidentDensity?: ArrayLike<number>
  ratingFeedback?: ArrayLike<number>
}

export function triStateCode(value: TriState | undefined): number {
  return value === 'yes' ? TRI_STATE_CODE.yes : value === 'no' ? TRI_STATE_CODE.no : TRI_STATE_CODE.unknown
}

/** The columns a region computes at import (all but the community signals) for `n` edges, zeroed. */
export function emptyImportColumns(n: number) {
  return {
    roadClass: new Uint8Array(n),
    maxspeed: new Uint16Array(n),
    lit: new Uint8Array(n),
    sidewalk: new Uint8Array(n),
    shops: new Uint16Array(n),
    food: new Uint16Array(n),
    transport: new Uint16Array(n),
    help: new Uint16Array(n),
    open24h: new Uint16Array(n),
    cameras: new Uint16Array(n),
    hoursShops: new Uint16Array(n),
    hoursFood: new Uint16Array(n),
    openEvening: new Uint16Array(n),
    openNight: new Uint16Array(n),
    unservedNight: new Uint16Array(n),
  }
}

/** Every column for `n` edges, zeroed (unknown lighting and sidewalk, nothing nearby). */
export function emptyColumns(n: number) {
  return {
    ...emptyImportColumns(n),
    incidentDensity: new Float32Array(n),
    ratingFeedback: new Float32Array(n),
  } satisfies Required<EdgeFeatureColumns>
}

/** Packs features into {@link EdgeFeatureColumns} (Uint8/Uint16/Float32 arrays), e.g. for the importer or tests. */
export function columnsFromFeatures(features: readonly EdgeFeatures[]): Required<EdgeFeatureColumns> {
  const n = features.length
  const cols = emptyColumns(n)
  for (let i = 0; i < n; i++) {
    const f = features[i] as EdgeFeatures
    cols.roadClass[i] = roadClassCode(f.roadClass)
    cols.maxspeed[i] = f.maxspeed == null ? 0 : Math.round(f.maxspeed)
    cols.lit[i] = triStateCode(f.lit)
    cols.sidewalk[i] = triStateCode(f.sidewalk)
    for (const key of [...COUNT_FIELDS, ...HOURS_FIELDS]) cols[key][i] = Math.min(65535, Math.round(f[key] ?? 0))
    cols.incidentDensity[i] = f.incidentDensity ?? 0
    cols.ratingFeedback[i] = f.ratingFeedback ?? 0
  }
  return cols
}
