/**
 * The area bundle's format (docs/planner.md, "On the phone: the area bundle"): everything the phone needs to plan,
 * score, search and find help in one area without a signal, in one binary file.
 *
 *   0  'WNGAREA1'                     magic (8 bytes)
 *   8  u32 format version             FORMAT_VERSION; another version is refused, never guessed at
 *  12  u32 header length              the JSON header's UTF-8 bytes
 *  16  u32 body length                the bytes after the header, up to the end
 *  20  u32 CRC-32                     of every byte after this field (header and body)
 *  24  JSON header                    AreaMeta plus `layout`: each section's [offset, length, type] in the body
 *      body                           sections, each 8-byte aligned, little-endian typed arrays
 *
 * Sections: `graph` (the area's road graph in the graph.bin format, serializeGraph), `features.*` (the 15 imported
 * per-edge columns of features.bin), `signals.*` (per-edge incident density per period and rating feedback, as the
 * server holds them), `strings.*` (one UTF-8 string table), `places.*`, `nearby.*`, `incidents.*` (columns) and
 * `reports.*` (the published reports' grid points, hours and night flags, for "incidents nearby": format 2).
 * Pure TypeScript with no node: API, so a Web Worker decodes it.
 */
import type { TimeOfDay } from '@wings/safety'

export const MAGIC = 'WNGAREA1'
/** Changes whenever the layout changes; a phone refuses other versions and fetches the area again. */
export const FORMAT_VERSION = 2
export const PREFIX_BYTES = 24

/** Why a bundle was refused: the phone drops it and fetches the area again. */
export type AreaBundleErrorCode = 'notABundle' | 'version' | 'truncated' | 'checksum' | 'corrupt'

export class AreaBundleError extends Error {
  override readonly name = 'AreaBundleError'
  constructor(
    readonly code: AreaBundleErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** The region's import the bundle was cut from: a bundle of an older import is stale. */
export interface AreaRegion {
  name: string
  importedAt: string
  dataDate: string
  timeZone: string
}

export interface AreaMeta {
  format: number
  region: AreaRegion
  /** The box asked for, [west, south, east, north]: trips with both ends in it route as on the server. */
  box: [number, number, number, number]
  /** What the bundle holds: the box and its margin. Roads reaching into it are kept whole. */
  covered: [number, number, number, number]
  /** Changes when a report or rating changes the area's signals or its incident cells. */
  signalsVersion: string
  /** The bundle's version (its ETag): the format, the region's import, the box and the signals version. */
  version: string
  counts: { nodes: number; edges: number; places: number; nearby: number; incidents: number; reports: number }
  /** Size of an incident cell (metres), as GET /api/incidents/heatmap gives it. */
  cellMeters: number
}

/** The imported per-edge columns of the safety model, in features.bin's order. */
export const FEATURE_COLUMNS = [
  ['roadClass', 'u8'],
  ['maxspeed', 'u16'],
  ['lit', 'u8'],
  ['sidewalk', 'u8'],
  ['shops', 'u16'],
  ['food', 'u16'],
  ['transport', 'u16'],
  ['help', 'u16'],
  ['open24h', 'u16'],
  ['cameras', 'u16'],
  ['hoursShops', 'u16'],
  ['hoursFood', 'u16'],
  ['openEvening', 'u16'],
  ['openNight', 'u16'],
  ['unservedNight', 'u16'],
] as const
export type FeatureName = (typeof FEATURE_COLUMNS)[number][0]

export type AreaFeatures = { [K in FeatureName]: K extends 'roadClass' | 'lit' | 'sidewalk' ? Uint8Array : Uint16Array }

/** The community signals of the area's edges, exactly as the server's region holds them (modules/region/region.ts). */
export interface AreaSignals {
  incidentDensity: Record<TimeOfDay, Float32Array>
  ratingFeedback: Float32Array
}

export const PLACE_KINDS = ['place', 'poi', 'street', 'address'] as const
export type PlaceKind = (typeof PLACE_KINDS)[number]

/** A geocoding row (sync-server modules/geocode), for search on the phone. */
export interface AreaPlace {
  id: string
  kind: PlaceKind
  /** The OSM value (station, hospital, suburb, residential, house). */
  category: string
  osmKey: string
  name: string
  nameEn: string | null
  /** Other names by OSM key: name:hi and name:mr (Devanagari) where OpenStreetMap has them, alt_name, old_name... */
  otherNames: Record<string, string>
  lat: number
  lon: number
  locality: string | null
  city: string | null
  displayName: string
  houseNumber: string | null
  importance: number
  /** Every name normalized as the server searches them (lower case, abbreviations expanded). */
  searchNames: string[]
}

export const NEARBY_KIND_CODES = ['police', 'hospital', 'open'] as const

export interface AreaIncidentCell {
  lat: number
  lon: number
  weight: number
}

/** Typed-array kinds of the body's sections. */
export const ARRAY_TYPES = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f32: Float32Array,
  f64: Float64Array,
} as const
export type ArrayType = keyof typeof ARRAY_TYPES

export const align8 = (n: number) => (n + 7) & ~7

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (IEEE, as zlib and PNG): catches truncation and flipped bits, synchronously, in a worker. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
