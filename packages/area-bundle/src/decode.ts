/**
 * Reads an area bundle (format.ts) into what the router, the safety model, search and nearest help take. Runs in a
 * Web Worker: no node: API. The checksum is verified before anything is read, so a truncated or corrupted bundle is
 * refused with an AreaBundleError, never decoded into a wrong graph.
 */
import type { NearbyArea, NearbyAreaRow } from '@wings/contract'
import type { RoadGraph } from '@wings/routing'
import { deserializeGraph } from '@wings/routing/serialize'
import { type EdgeFeatureColumns, TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import {
  ARRAY_TYPES,
  AreaBundleError,
  type AreaFeatures,
  type AreaIncidentCell,
  type AreaMeta,
  type AreaPlace,
  type AreaSignals,
  type ArrayType,
  align8,
  crc32,
  FEATURE_COLUMNS,
  FORMAT_VERSION,
  MAGIC,
  NEARBY_KIND_CODES,
  PLACE_KINDS,
  PREFIX_BYTES,
} from './format.ts'
import type { NearbyReport } from './incidents-nearby.ts'

export interface AreaBundle {
  meta: AreaMeta
  /** The area's road graph, for findRoutes. */
  graph: RoadGraph
  features: AreaFeatures
  signals: AreaSignals
  /** Every input of fillRiskArray per period: the features with that period's incident density and the ratings. */
  columns: Record<TimeOfDay, EdgeFeatureColumns>
  places: AreaPlace[]
  /** The places of help as GET /api/nearby/area answers them. */
  nearby: NearbyArea
  /** The area's incident cells as GET /api/incidents/heatmap answers them. */
  incidents: { cells: AreaIncidentCell[]; cellMeters: number }
  /** The published reports near the area, for the routes' "incidents nearby" (incidents-nearby.ts). */
  reports: NearbyReport[]
}

/** The decoded bundle, as the phone's planner takes it (plan.ts). */
export type DecodedAreaBundle = AreaBundle

type TypedArray = InstanceType<(typeof ARRAY_TYPES)[ArrayType]>

const corrupt = (what: string) => new AreaBundleError('corrupt', `The area bundle is damaged: ${what}`)

/** Checks the prefix and the checksum; returns the header and the body (8-byte aligned). */
function open(input: Uint8Array): { header: AreaMeta & { layout: Record<string, unknown> }; body: Uint8Array } {
  if (input.length < PREFIX_BYTES || new TextDecoder().decode(input.subarray(0, 8)) !== MAGIC)
    throw new AreaBundleError('notABundle', 'Not a Wings area bundle')
  const view = new DataView(input.buffer, input.byteOffset, PREFIX_BYTES)
  const format = view.getUint32(8, true)
  if (format !== FORMAT_VERSION)
    throw new AreaBundleError('version', `Area bundle format ${format}; this app reads format ${FORMAT_VERSION}`)
  const headerLength = view.getUint32(12, true)
  const bodyLength = view.getUint32(16, true)
  const total = PREFIX_BYTES + headerLength + bodyLength
  if (input.length < total) throw new AreaBundleError('truncated', 'The area bundle is cut short')
  if (input.length > total) throw corrupt('bytes after its end')
  if (crc32(input.subarray(PREFIX_BYTES)) !== view.getUint32(20, true))
    throw new AreaBundleError('checksum', 'The area bundle does not match its checksum')
  // Typed-array views need aligned offsets: copy once if the input is not 8-byte aligned.
  const bytes = input.byteOffset % 8 === 0 ? input : input.slice()
  let header: AreaMeta & { layout: Record<string, unknown> }
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + headerLength)))
  } catch {
    throw corrupt('its header is not JSON')
  }
  if (typeof header !== 'object' || header === null || typeof header.layout !== 'object' || header.layout === null)
    throw corrupt('its header has no layout')
  return { header, body: bytes.subarray(align8(PREFIX_BYTES + headerLength)) }
}

export function decodeAreaBundle(input: Uint8Array): AreaBundle {
  const { header, body } = open(input)
  const { layout, ...meta } = header
  const section = <T extends ArrayType>(
    name: string,
    type: T,
    length?: number,
  ): InstanceType<(typeof ARRAY_TYPES)[T]> => {
    const entry = layout[name]
    if (!Array.isArray(entry) || entry[2] !== type) throw corrupt(`no ${name}`)
    const [offset, count] = entry as [number, number]
    const Ctor = ARRAY_TYPES[type]
    const valid = Number.isInteger(offset) && Number.isInteger(count) && offset >= 0 && count >= 0 && offset % 8 === 0
    if (!valid || offset + count * Ctor.BYTES_PER_ELEMENT > body.length) throw corrupt(`${name} is out of bounds`)
    if (length !== undefined && count !== length) throw corrupt(`${name} has ${count} entries, not ${length}`)
    return new Ctor(body.buffer as ArrayBuffer, body.byteOffset + offset, count) as InstanceType<
      (typeof ARRAY_TYPES)[T]
    >
  }
  const counts = meta.counts
  if (typeof counts !== 'object' || counts === null) throw corrupt('no counts')

  let graph: RoadGraph
  try {
    graph = deserializeGraph(section('graph', 'u8'))
  } catch {
    throw corrupt('its road graph')
  }
  if (graph.edgeCount !== counts.edges || graph.nodeCount !== counts.nodes) throw corrupt('its road graph counts')
  const m = graph.edgeCount

  const features = {} as Record<string, TypedArray>
  for (const [name, type] of FEATURE_COLUMNS) features[name] = section(`features.${name}`, type, m)
  const incidentDensity = {} as Record<TimeOfDay, Float32Array>
  for (const period of TIMES_OF_DAY) incidentDensity[period] = section(`signals.incidentDensity.${period}`, 'f32', m)
  const signals: AreaSignals = { incidentDensity, ratingFeedback: section('signals.ratingFeedback', 'f32', m) }
  const columns = {} as Record<TimeOfDay, EdgeFeatureColumns>
  for (const period of TIMES_OF_DAY)
    columns[period] = {
      ...(features as unknown as AreaFeatures),
      incidentDensity: incidentDensity[period],
      ratingFeedback: signals.ratingFeedback,
    }

  const strings = readStrings(section('strings.offsets', 'u32'), section('strings.bytes', 'u8'))
  const text = (index: number) => {
    const s = strings[index]
    if (s === undefined) throw corrupt('a string out of range')
    return s
  }
  return {
    meta,
    graph,
    features: features as unknown as AreaFeatures,
    signals,
    columns,
    places: readPlaces(counts.places, section, text),
    nearby: {
      v: 1,
      timeZone: meta.region.timeZone,
      dataDate: meta.region.dataDate,
      bbox: meta.covered,
      rows: readNearby(counts.nearby, section, text),
    },
    incidents: { cells: readIncidents(counts.incidents, section), cellMeters: meta.cellMeters },
    reports: readReports(counts.reports, section),
  }
}

type Section = <T extends ArrayType>(name: string, type: T, length?: number) => InstanceType<(typeof ARRAY_TYPES)[T]>

function readStrings(offsets: Uint32Array, bytes: Uint8Array): string[] {
  const decoder = new TextDecoder()
  const out: string[] = []
  for (let i = 0; i + 1 < offsets.length; i++) {
    const from = offsets[i]!
    const to = offsets[i + 1]!
    if (from > to || to > bytes.length) throw corrupt('its string table')
    out.push(decoder.decode(bytes.subarray(from, to)))
  }
  return out
}

function readPlaces(n: number, section: Section, text: (i: number) => string): AreaPlace[] {
  const column = (name: string) => section(`places.${name}`, 'u32', n)
  const [id, category, osmKey, name, nameEn, otherNames, locality, city, displayName, houseNumber, searchNames] = [
    'id',
    'category',
    'osmKey',
    'name',
    'nameEn',
    'otherNames',
    'locality',
    'city',
    'displayName',
    'houseNumber',
    'searchNames',
  ].map(column) as Uint32Array[] as [Uint32Array, ...Uint32Array[]]
  const kind = section('places.kind', 'u8', n)
  const importance = section('places.importance', 'u16', n)
  const lat = section('places.lat', 'i32', n)
  const lon = section('places.lon', 'i32', n)
  const orNull = (s: string) => (s === '' ? null : s)
  const out: AreaPlace[] = []
  for (let i = 0; i < n; i++) {
    const others = text(otherNames![i]!)
    let parsed: Record<string, string> = {}
    if (others !== '') {
      try {
        parsed = JSON.parse(others)
      } catch {
        throw corrupt("a place's names")
      }
    }
    const k = PLACE_KINDS[kind[i]!]
    if (k === undefined) throw corrupt("a place's kind")
    out.push({
      id: text(id[i]!),
      kind: k,
      category: text(category![i]!),
      osmKey: text(osmKey![i]!),
      name: text(name![i]!),
      nameEn: orNull(text(nameEn![i]!)),
      otherNames: parsed,
      lat: lat[i]! / 1e7,
      lon: lon[i]! / 1e7,
      locality: orNull(text(locality![i]!)),
      city: orNull(text(city![i]!)),
      displayName: text(displayName![i]!),
      houseNumber: orNull(text(houseNumber![i]!)),
      importance: importance[i]!,
      searchNames: text(searchNames![i]!).split('\n'),
    })
  }
  return out
}

function readNearby(n: number, section: Section, text: (i: number) => string): NearbyAreaRow[] {
  const kind = section('nearby.kind', 'u8', n)
  const category = section('nearby.category', 'u32', n)
  const name = section('nearby.name', 'u32', n)
  const lat = section('nearby.lat', 'i32', n)
  const lon = section('nearby.lon', 'i32', n)
  const phone = section('nearby.phone', 'u32', n)
  const weekStart = section('nearby.weekStart', 'u32', n + 1)
  const week = section('nearby.week', 'u16')
  const out: NearbyAreaRow[] = []
  for (let i = 0; i < n; i++) {
    const k = NEARBY_KIND_CODES[kind[i]!]
    if (k === undefined) throw corrupt("a place of help's kind")
    const from = weekStart[i]!
    const to = weekStart[i + 1]!
    if (from > to || to > week.length) throw corrupt("a place of help's week")
    const days: [number, number][][] = []
    if (to > from) {
      let at = from + 7
      for (let d = 0; d < 7; d++) {
        const day: [number, number][] = []
        for (let j = 0; j < week[from + d]!; j++, at += 2) day.push([week[at]!, week[at + 1]!])
        days.push(day)
      }
      if (at !== to) throw corrupt("a place of help's week")
    }
    out.push([k, text(category[i]!), text(name[i]!), lat[i]!, lon[i]!, text(phone[i]!), days])
  }
  return out
}

function readIncidents(n: number, section: Section): AreaIncidentCell[] {
  const lat = section('incidents.lat', 'i32', n)
  const lon = section('incidents.lon', 'i32', n)
  const weight = section('incidents.weight', 'f64', n)
  return Array.from({ length: n }, (_, i) => ({ lat: lat[i]! / 1e6, lon: lon[i]! / 1e6, weight: weight[i]! }))
}

function readReports(n: number, section: Section): NearbyReport[] {
  const lat = section('reports.lat', 'f64', n)
  const lon = section('reports.lon', 'f64', n)
  const occurredAt = section('reports.occurredAt', 'f64', n)
  const night = section('reports.night', 'u8', n)
  return Array.from({ length: n }, (_, i) => ({
    lat: lat[i]!,
    lon: lon[i]!,
    occurredAtMs: occurredAt[i]!,
    night: night[i] === 1,
  }))
}
