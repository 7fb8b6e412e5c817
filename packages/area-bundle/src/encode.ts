/** Writes an area bundle (format.ts) from its parts; the server cuts the parts from its region (modules/offline-area). */
import type { NearbyAreaRow } from '@wings/contract'
import type { RoadGraph } from '@wings/routing'
import { serializeGraph } from '@wings/routing/serialize'
import { TIMES_OF_DAY } from '@wings/safety'
import {
  ARRAY_TYPES,
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

export interface AreaBundleParts {
  meta: Omit<AreaMeta, 'format' | 'counts'>
  graph: RoadGraph
  features: AreaFeatures
  signals: AreaSignals
  places: readonly AreaPlace[]
  /** The places of help as GET /api/nearby/area's rows. */
  nearby: readonly NearbyAreaRow[]
  incidents: readonly AreaIncidentCell[]
  /**
   * The published reports near the area (grid point, hour, night), for the routes' "incidents nearby": what
   * GET /api/incidents/heatmap already shows cell by cell and hour by hour (its `since`), no category nor reporter.
   */
  reports: readonly NearbyReport[]
}

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array

/** One string table for the bundle: each distinct string once. */
function stringTable() {
  const index = new Map<string, number>([['', 0]])
  return {
    of(text: string | null): number {
      const s = text ?? ''
      let i = index.get(s)
      if (i === undefined) {
        i = index.size
        index.set(s, i)
      }
      return i
    },
    sections(): [string, TypedArray][] {
      const encoder = new TextEncoder()
      const parts = [...index.keys()].map((s) => encoder.encode(s))
      const offsets = new Uint32Array(parts.length + 1)
      parts.forEach((p, i) => {
        offsets[i + 1] = (offsets[i] as number) + p.length
      })
      const bytes = new Uint8Array(offsets[parts.length] as number)
      parts.forEach((p, i) => {
        bytes.set(p, offsets[i] as number)
      })
      return [
        ['strings.offsets', offsets],
        ['strings.bytes', bytes],
      ]
    },
  }
}

const typeOf = (array: TypedArray): ArrayType =>
  (Object.entries(ARRAY_TYPES).find(([, Ctor]) => array instanceof Ctor)?.[0] ?? 'u8') as ArrayType

function placeSections(places: readonly AreaPlace[], text: ReturnType<typeof stringTable>): [string, TypedArray][] {
  const n = places.length
  const strings = {
    id: (p: AreaPlace) => p.id,
    category: (p: AreaPlace) => p.category,
    osmKey: (p: AreaPlace) => p.osmKey,
    name: (p: AreaPlace) => p.name,
    nameEn: (p: AreaPlace) => p.nameEn,
    otherNames: (p: AreaPlace) => (Object.keys(p.otherNames).length === 0 ? '' : JSON.stringify(p.otherNames)),
    locality: (p: AreaPlace) => p.locality,
    city: (p: AreaPlace) => p.city,
    displayName: (p: AreaPlace) => p.displayName,
    houseNumber: (p: AreaPlace) => p.houseNumber,
    searchNames: (p: AreaPlace) => p.searchNames.join('\n'),
  }
  const out: [string, TypedArray][] = Object.entries(strings).map(([name, get]) => [
    `places.${name}`,
    Uint32Array.from(places, (p) => text.of(get(p))),
  ])
  const kind = new Uint8Array(n)
  const importance = new Uint16Array(n)
  const lat = new Int32Array(n)
  const lon = new Int32Array(n)
  places.forEach((p, i) => {
    kind[i] = PLACE_KINDS.indexOf(p.kind)
    importance[i] = Math.max(0, Math.min(65535, Math.round(p.importance)))
    lat[i] = Math.round(p.lat * 1e7)
    lon[i] = Math.round(p.lon * 1e7)
  })
  out.push(['places.kind', kind], ['places.importance', importance], ['places.lat', lat], ['places.lon', lon])
  return out
}

function nearbySections(rows: readonly NearbyAreaRow[], text: ReturnType<typeof stringTable>): [string, TypedArray][] {
  const n = rows.length
  const kind = new Uint8Array(n)
  const lat = new Int32Array(n)
  const lon = new Int32Array(n)
  const category = new Uint32Array(n)
  const name = new Uint32Array(n)
  const phone = new Uint32Array(n)
  // A known week: 7 interval counts, then each interval's [from, to) minutes. An unknown week: nothing.
  const weekStart = new Uint32Array(n + 1)
  const week: number[] = []
  rows.forEach(([k, c, label, la, lo, tel, days], i) => {
    kind[i] = NEARBY_KIND_CODES.indexOf(k as (typeof NEARBY_KIND_CODES)[number])
    category[i] = text.of(c)
    name[i] = text.of(label)
    lat[i] = la
    lon[i] = lo
    phone[i] = text.of(tel)
    if (days.length > 0) {
      for (let d = 0; d < 7; d++) week.push(days[d]?.length ?? 0)
      for (const day of days) for (const [from, to] of day) week.push(from, to)
    }
    weekStart[i + 1] = week.length
  })
  return [
    ['nearby.kind', kind],
    ['nearby.category', category],
    ['nearby.name', name],
    ['nearby.lat', lat],
    ['nearby.lon', lon],
    ['nearby.phone', phone],
    ['nearby.weekStart', weekStart],
    ['nearby.week', Uint16Array.from(week)],
  ]
}

/** The bundle's bytes: prefix, JSON header, then the sections (format.ts). */
export function encodeAreaBundle(parts: AreaBundleParts): Uint8Array {
  const { graph, features, signals, places, nearby, incidents, reports } = parts
  const text = stringTable()
  const sections: [string, TypedArray][] = [['graph', serializeGraph(graph)]]
  for (const [name] of FEATURE_COLUMNS) sections.push([`features.${name}`, features[name]])
  for (const period of TIMES_OF_DAY)
    sections.push([`signals.incidentDensity.${period}`, signals.incidentDensity[period]])
  sections.push(['signals.ratingFeedback', signals.ratingFeedback])
  sections.push(...placeSections(places, text), ...nearbySections(nearby, text))
  sections.push(
    ['incidents.lat', Int32Array.from(incidents, (c) => Math.round(c.lat * 1e6))],
    ['incidents.lon', Int32Array.from(incidents, (c) => Math.round(c.lon * 1e6))],
    ['incidents.weight', Float64Array.from(incidents, (c) => c.weight)],
    // Exact doubles: the distance to a route decides whether a report is counted, as on the server.
    ['reports.lat', Float64Array.from(reports, (r) => r.lat)],
    ['reports.lon', Float64Array.from(reports, (r) => r.lon)],
    ['reports.occurredAt', Float64Array.from(reports, (r) => r.occurredAtMs)],
    ['reports.night', Uint8Array.from(reports, (r) => (r.night ? 1 : 0))],
  )
  sections.push(...text.sections())

  const layout: Record<string, [number, number, ArrayType]> = {}
  let offset = 0
  for (const [name, array] of sections) {
    layout[name] = [offset, array.length, typeOf(array)]
    offset = align8(offset + array.byteLength)
  }
  const meta: AreaMeta = {
    ...parts.meta,
    format: FORMAT_VERSION,
    counts: {
      nodes: graph.nodeCount,
      edges: graph.edgeCount,
      places: places.length,
      nearby: nearby.length,
      incidents: incidents.length,
      reports: reports.length,
    },
  }
  const header = new TextEncoder().encode(JSON.stringify({ ...meta, layout }))
  const bodyStart = align8(PREFIX_BYTES + header.length)
  const out = new Uint8Array(bodyStart + offset)
  out.set(new TextEncoder().encode(MAGIC), 0)
  const view = new DataView(out.buffer)
  view.setUint32(8, FORMAT_VERSION, true)
  view.setUint32(12, header.length, true)
  view.setUint32(16, out.length - PREFIX_BYTES - header.length, true)
  out.set(header, PREFIX_BYTES)
  for (const [name, array] of sections) {
    const [at] = layout[name] as [number, number, ArrayType]
    out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), bodyStart + at)
  }
  view.setUint32(20, crc32(out.subarray(PREFIX_BYTES)), true)
  return out
}
