/**
 * The area bundle (docs/planner.md, "On the phone: the area bundle"): the region cut to a box and its margin, for the
 * phone to route, score, search and find help offline exactly as the server does. Its version (the ETag) is known
 * before the bundle is built: the format, the region's import, the box and a hash of the area's signals, so a phone
 * that has the bundle gets 304 at the cost of that hash, and a report or rating in the area changes it.
 */
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import {
  type AreaIncidentCell,
  type AreaPlace,
  type AreaSignals,
  edgesExtent,
  edgesInBox,
  encodeAreaBundle,
  FORMAT_VERSION,
  INCIDENT_RADIUS_METERS,
  INCIDENTS_NEARBY_DAYS,
  type NearbyReport,
  sliceColumns,
  subgraphOf,
} from '@wings/area-bundle'
import {
  ErrorCode,
  INCIDENT_GRID_METERS,
  INCIDENT_MAX_AGE_DAYS,
  OFFLINE_AREA_MARGIN_METERS,
  OFFLINE_AREA_MAX_DEGREES,
  OfflineAreaMessages,
  type OfflineAreaQuery,
} from '@wings/contract'
import { TIMES_OF_DAY } from '@wings/safety'
import { HttpError } from '../../http-error.ts'
import type { IncidentsRepo } from '../incidents/repo.ts'
import { HEATMAP_MAX_CELLS } from '../incidents/service.ts'
import type { NearbyService } from '../nearby/service.ts'
import type { Region } from '../region/region.ts'
import { incidentPeriod, incidentWeight } from '../region/signals.ts'
import { etagMatches } from '../tiles/service.ts'
import type { AreaPlaceRow, OfflineAreaRepo } from './repo.ts'

type Box = [number, number, number, number]

export interface OfflineAreaRequest {
  /** [west, south, east, north] */
  box: Box
}

/** The query's strings as a box: 400 for an edge out of range, edges in the wrong order, or a box too large. */
export function offlineAreaRequest(query: OfflineAreaQuery): OfflineAreaRequest {
  const [south, west, north, east] = [query.south, query.west, query.north, query.east].map(Number) as Box
  const bad = (message: string) => new HttpError(400, ErrorCode.validation, message)
  if (Math.abs(south) > 90) throw bad(OfflineAreaMessages.south)
  if (Math.abs(north) > 90) throw bad(OfflineAreaMessages.north)
  if (Math.abs(west) > 180) throw bad(OfflineAreaMessages.west)
  if (Math.abs(east) > 180) throw bad(OfflineAreaMessages.east)
  if (!(south < north && west < east)) throw bad(OfflineAreaMessages.order)
  if (north - south > OFFLINE_AREA_MAX_DEGREES || east - west > OFFLINE_AREA_MAX_DEGREES)
    throw bad(OfflineAreaMessages.tooLarge)
  return { box: [west, south, east, north] }
}

const METERS_PER_DEGREE = 111_320
const round5 = (degrees: number) => Math.round(degrees * 1e5) / 1e5

/** The box grown by `meters` on every side, as the nearby area pack grows it (so both cover the same ground). */
function grown([w, s, e, n]: Box, meters: number): Box {
  const dLat = meters / METERS_PER_DEGREE
  const dLon = meters / (METERS_PER_DEGREE * Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180)))
  return [round5(w - dLon), round5(s - dLat), round5(e + dLon), round5(n + dLat)]
}

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/**
 * The area's incident cells as GET /api/incidents/heatmap answers them (published reports of the last year, by grid
 * cell, decayed), weighed at the start of the hour, so the bundle stays the same within the hour.
 */
function incidentCells(incidents: Pick<IncidentsRepo, 'inBox'>, [w, s, e, n]: Box, nowMs: number): AreaIncidentCell[] {
  const at = Math.floor(nowMs / HOUR_MS) * HOUR_MS
  const since = new Date(at - INCIDENT_MAX_AGE_DAYS * DAY_MS).toISOString()
  const cells = new Map<string, AreaIncidentCell>()
  for (const r of incidents.inBox({ minLon: w, minLat: s, maxLon: e, maxLat: n }, since)) {
    const key = `${r.lat},${r.lon}`
    const cell = cells.get(key) ?? { lat: r.lat, lon: r.lon, weight: 0 }
    cell.weight += incidentWeight(r.category, Date.parse(r.occurredAt), at)
    cells.set(key, cell)
  }
  return [...cells.values()]
    .sort((a, b) => b.weight - a.weight || a.lat - b.lat || a.lon - b.lon)
    .slice(0, HEATMAP_MAX_CELLS)
    .map((c) => ({ ...c, weight: Math.round(c.weight * 10_000) / 10_000 }))
}

/**
 * The published reports of the last year within INCIDENT_RADIUS_METERS of `extent` (the area's roads), for the routes' "incidents
 * nearby" on the phone: each one's grid point and hour (what the heatmap shows, cell by cell and, through its
 * `since`, hour by hour) and whether that hour is at night. No category, description nor reporter.
 */
function nearbyReports(
  incidents: Pick<IncidentsRepo, 'inBox'>,
  extent: Box,
  nowMs: number,
  timeZone: string,
): NearbyReport[] {
  const [w, s, e, n] = grown(extent, INCIDENT_RADIUS_METERS + 10)
  // From the start of the hour, as the cells: a superset of what the server counts at any later moment.
  const since = new Date(Math.floor(nowMs / HOUR_MS) * HOUR_MS - INCIDENTS_NEARBY_DAYS * DAY_MS).toISOString()
  return incidents
    .inBox({ minLon: w, minLat: s, maxLon: e, maxLat: n }, since)
    .map((r) => {
      const occurredAtMs = Date.parse(r.occurredAt)
      return { lat: r.lat, lon: r.lon, occurredAtMs, night: incidentPeriod(occurredAtMs, timeZone) === 'night' }
    })
    .sort((a, b) => a.occurredAtMs - b.occurredAtMs || a.lat - b.lat || a.lon - b.lon)
}

function placeOf(row: AreaPlaceRow): AreaPlace {
  let otherNames: Record<string, string> = {}
  try {
    otherNames = JSON.parse(row.other_names) as Record<string, string>
  } catch {
    // A row written before other_names was kept as JSON: its names are still in search_names.
  }
  return {
    id: row.id,
    kind: row.kind,
    category: row.category,
    osmKey: row.osm_key,
    name: row.name,
    nameEn: row.name_en,
    otherNames,
    lat: row.lat,
    lon: row.lon,
    locality: row.locality,
    city: row.city,
    displayName: row.display_name,
    houseNumber: row.house_number,
    importance: row.importance,
    searchNames: row.search_names.split('\n'),
  }
}

const bytesOf = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)

export type OfflineAreaAnswer =
  | { status: 304; etag: string }
  | { status: 200; etag: string; bytes: Uint8Array; gzip: () => Promise<Buffer> }

interface Built {
  bytes: Uint8Array
  gzipped?: Promise<Buffer>
}

/** Off the request thread (zlib's thread pool): a large area takes tens of milliseconds to compress. */
const gzipAsync = promisify(gzip)

/** Bundles kept built (a phone's areas are asked for again at every refresh; most answers are then 304 anyway). */
const BUILT_KEPT = 8
/** Edge selections kept, by box. */
const SELECTIONS_KEPT = 64

interface Deps {
  regions: { require(): Region }
  repo: OfflineAreaRepo
  nearby: Pick<NearbyService, 'area'>
  incidents: Pick<IncidentsRepo, 'inBox'>
  now?: () => number
}

export function createOfflineAreaService({ regions, repo, nearby, incidents, now = Date.now }: Deps) {
  const selections = new Map<string, { edges: Uint32Array; extent: Box }>()
  let selectionsOf: Region['graph'] | null = null
  const built = new Map<string, Built>()

  /**
   * The region's edges reaching into `covered` and the extent of their lines (kept per box: the scan is linear in
   * the region's edges).
   */
  const edgesOf = (region: Region, covered: Box): { edges: Uint32Array; extent: Box } => {
    if (selectionsOf !== region.graph) {
      selections.clear()
      selectionsOf = region.graph
    }
    const key = covered.join(',')
    let selection = selections.get(key)
    if (!selection) {
      const edges = edgesInBox(region.graph, covered)
      selection = { edges, extent: edgesExtent(region.graph, edges) }
      if (selections.size >= SELECTIONS_KEPT) selections.delete(selections.keys().next().value as string)
      selections.set(key, selection)
    }
    return selection
  }

  const keep = (version: string, entry: Built) => {
    if (built.size >= BUILT_KEPT) built.delete(built.keys().next().value as string)
    built.set(version, entry)
  }

  return {
    /**
     * The bundle of the box, or 304 when `ifNoneMatch` names its version. 422 when the box and its margin miss the
     * region; 503 without a region.
     */
    bundle({ box }: OfflineAreaRequest, ifNoneMatch?: string): OfflineAreaAnswer {
      const region = regions.require()
      const covered = grown(box, OFFLINE_AREA_MARGIN_METERS)
      const [rw, rs, re, rn] = region.meta.bbox
      const [w, s, e, n] = covered
      if (e < rw || w > re || n < rs || s > rn)
        throw new HttpError(422, ErrorCode.outsideRegion, OfflineAreaMessages.outside)

      const { edges, extent } = edgesOf(region, covered)
      const { day, evening, night, ratingFeedback } = sliceColumns(
        { ...region.signals.incidentDensity, ratingFeedback: region.signals.ratingFeedback },
        edges,
      )
      const signals: AreaSignals = { incidentDensity: { day, evening, night }, ratingFeedback }
      const cells = incidentCells(incidents, covered, now())
      const reports = nearbyReports(incidents, extent, now(), region.meta.timeZone)

      const signalsHash = createHash('sha256')
      for (const period of TIMES_OF_DAY) signalsHash.update(bytesOf(signals.incidentDensity[period]))
      signalsHash.update(bytesOf(signals.ratingFeedback)).update(JSON.stringify([cells, reports]))
      const signalsVersion = signalsHash.digest('hex').slice(0, 16)
      const { name, importedAt, dataDate, timeZone } = region.meta
      const version = createHash('sha256')
        .update(JSON.stringify([FORMAT_VERSION, name, importedAt, box, signalsVersion]))
        .digest('hex')
        .slice(0, 24)
      const etag = `"${version}"`
      if (etagMatches(ifNoneMatch, etag)) return { status: 304, etag }

      let entry = built.get(version)
      if (!entry) {
        const { graph } = subgraphOf(region.graph, edges)
        entry = {
          bytes: encodeAreaBundle({
            meta: {
              region: { name, importedAt, dataDate, timeZone },
              box,
              covered,
              signalsVersion,
              version,
              cellMeters: INCIDENT_GRID_METERS,
            },
            graph,
            features: sliceColumns(region.features, edges),
            signals,
            places: repo.placesIn(covered).map(placeOf),
            nearby: nearby.area({ bbox: box }).rows,
            incidents: cells,
            reports,
          }),
        }
        keep(version, entry)
      }
      const kept = entry
      return {
        status: 200,
        etag,
        bytes: kept.bytes,
        gzip: () => {
          kept.gzipped ??= gzipAsync(kept.bytes)
          return kept.gzipped
        },
      }
    },
  }
}

export type OfflineAreaService = ReturnType<typeof createOfflineAreaService>
