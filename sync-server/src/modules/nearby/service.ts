/**
 * Nearest help (docs/nearby.md): the region's police stations, hospitals and places open now, by walking time from
 * her position. The places are read from the database and snapped to the road graph once, on the first request.
 */
import {
  ErrorCode,
  insideOutline,
  NEARBY_AREA_MARGIN_METERS,
  NEARBY_AREA_MAX_DEGREES,
  NEARBY_KINDS,
  NEARBY_LIMIT_DEFAULT,
  NEARBY_MAX_WALK_METERS,
  type NearbyArea,
  NearbyAreaMessages,
  type NearbyAreaQuery,
  type NearbyAreaRow,
  type NearbyKind,
  NearbyMessages,
  type NearbyPlace,
  type NearbyQuery,
  type NearbyResponse,
} from '@wings/contract'
import { OutsideRegionError, type RoadGraph, snapPoint } from '@wings/routing'
import { HttpError } from '../../http-error.ts'
import type { Region } from '../region/region.ts'
import { ALWAYS_OPEN, type Hours, openAt, parseHours, wallClock, weekOf } from './opening-hours.ts'
import type { NearbyRepo, NearbyRow } from './repo.ts'
import { createWalkSearch, type Reachable, type WalkSearch } from './search.ts'

/** How far a place may be from the nearest footway to be reachable (a hospital campus's middle is far from its gate). */
const PLACE_SNAP_METERS = 300

export interface NearbyRequest {
  lat: number
  lon: number
  kinds: NearbyKind[]
  limit: number
}

/** The query's strings, already checked by the contract's schema, as numbers and a list of kinds (duplicates once). */
export function nearbyRequest(query: NearbyQuery): NearbyRequest {
  const lat = Number(query.lat)
  const lon = Number(query.lon)
  if (Math.abs(lat) > 90) throw new HttpError(400, ErrorCode.validation, NearbyMessages.lat)
  if (Math.abs(lon) > 180) throw new HttpError(400, ErrorCode.validation, NearbyMessages.lon)
  const kinds = query.kinds === undefined ? [...NEARBY_KINDS] : [...new Set(query.kinds.split(','))]
  return {
    lat,
    lon,
    kinds: kinds as NearbyKind[],
    limit: query.limit === undefined ? NEARBY_LIMIT_DEFAULT : Number(query.limit),
  }
}

export interface NearbyAreaRequest {
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: [number, number, number, number]
}

/** The box's edges as numbers: 400 for an edge out of range, edges in the wrong order, or a box too large. */
export function nearbyAreaRequest(query: NearbyAreaQuery): NearbyAreaRequest {
  const south = Number(query.south)
  const west = Number(query.west)
  const north = Number(query.north)
  const east = Number(query.east)
  const bad = (message: string) => new HttpError(400, ErrorCode.validation, message)
  if (Math.abs(south) > 90) throw bad(NearbyAreaMessages.south)
  if (Math.abs(north) > 90) throw bad(NearbyAreaMessages.north)
  if (Math.abs(west) > 180) throw bad(NearbyAreaMessages.west)
  if (Math.abs(east) > 180) throw bad(NearbyAreaMessages.east)
  if (!(south < north && west < east)) throw bad(NearbyAreaMessages.order)
  if (north - south > NEARBY_AREA_MAX_DEGREES || east - west > NEARBY_AREA_MAX_DEGREES)
    throw bad(NearbyAreaMessages.tooLarge)
  return { bbox: [west, south, east, north] }
}

const METERS_PER_DEGREE = 111_320
const round5 = (degrees: number) => Math.round(degrees * 1e5) / 1e5

/** The box grown by `meters` on every side. */
function grown([w, s, e, n]: [number, number, number, number], meters: number): [number, number, number, number] {
  const dLat = meters / METERS_PER_DEGREE
  const dLon = meters / (METERS_PER_DEGREE * Math.max(0.01, Math.cos((((s + n) / 2) * Math.PI) / 180)))
  return [round5(w - dLon), round5(s - dLat), round5(e + dLon), round5(n + dLat)]
}

interface Place extends Reachable {
  row: NearbyRow
  hours: Hours | null
}

interface NearbyIndex {
  graph: RoadGraph
  places: Place[]
  search: WalkSearch
}

/** The places that reach a footway, snapped once. */
function buildIndex(graph: RoadGraph, rows: readonly NearbyRow[]): NearbyIndex {
  const places: Place[] = []
  for (const row of rows) {
    try {
      const snap = snapPoint(graph, [row.lat, row.lon], 'foot', PLACE_SNAP_METERS)
      places.push({
        row,
        kind: row.kind,
        edge: snap.edge,
        fraction: snap.fraction,
        snapMeters: snap.distance,
        hours: parseHours(row.opening_hours, row.lat, row.lon),
      })
    } catch (error) {
      if (!(error instanceof OutsideRegionError)) throw error
    }
  }
  return { graph, places, search: createWalkSearch(graph, places) }
}

/**
 * Whether the place is open at `local`: its opening hours when it has readable ones; else a hospital is open (an
 * emergency ward does not close) and anything else is unknown.
 */
function openNow(place: Place, local: Date): boolean | undefined {
  const known = openAt(place.hours, local)
  if (known !== undefined) return known
  return place.kind === 'hospital' && place.row.opening_hours === null ? true : undefined
}

export function createNearbyService(
  regions: { require(): Region },
  repo: NearbyRepo,
  now: () => Date = () => new Date(),
) {
  let index: NearbyIndex | null = null
  const indexOf = (region: Region): NearbyIndex => {
    if (index?.graph !== region.graph) index = buildIndex(region.graph, repo.all())
    return index
  }

  const weeks = new Map<string, NearbyAreaRow[6]>()
  /** The week the phone reads offline, computed once per place (hospitals without hours: open all week). */
  const weekOfRow = (row: NearbyRow): NearbyAreaRow[6] => {
    const key = `${row.id}\u0000${row.opening_hours ?? ''}`
    const known = weeks.get(key)
    if (known) return known
    const week =
      row.kind === 'hospital' && row.opening_hours === null
        ? ALWAYS_OPEN
        : (weekOf(parseHours(row.opening_hours, row.lat, row.lon)) ?? [])
    weeks.set(key, week)
    return week
  }

  return {
    /**
     * The places inside the box and NEARBY_AREA_MARGIN_METERS around it, as columns, for the phone to keep with an
     * offline area (docs/nearby.md). 422 when the box misses the region; 503 without a region.
     */
    area({ bbox }: NearbyAreaRequest): NearbyArea {
      const region = regions.require()
      const [w, s, e, n] = grown(bbox, NEARBY_AREA_MARGIN_METERS)
      const [rw, rs, re, rn] = region.meta.bbox
      if (e < rw || w > re || n < rs || s > rn)
        throw new HttpError(422, ErrorCode.outsideRegion, NearbyAreaMessages.outside)
      const rows: NearbyAreaRow[] = []
      for (const { row } of indexOf(region).places) {
        if (row.lat < s || row.lat > n || row.lon < w || row.lon > e) continue
        rows.push([
          row.kind,
          row.category,
          row.name,
          Math.round(row.lat * 1e5),
          Math.round(row.lon * 1e5),
          row.phone ?? '',
          weekOfRow(row),
        ])
      }
      return { v: 1, timeZone: region.meta.timeZone, dataDate: region.meta.dataDate, bbox: [w, s, e, n], rows }
    },
    /** The walking search's figures of the last request (tests). */
    lastSearch: () => ({ settled: index?.search.stats.settled ?? 0 }),
    /** 422 outside the region's outline or away from its roads; 503 without a region. */
    find(request: NearbyRequest, at: Date = now()): NearbyResponse {
      const region = regions.require()
      const { lat, lon } = request
      const outline = region.meta.outline
      if (outline && outline.coordinates.length > 0 && !insideOutline(outline, lat, lon))
        throw new HttpError(422, ErrorCode.outsideRegion, NearbyMessages.outside)
      let start: ReturnType<typeof snapPoint>
      try {
        start = snapPoint(region.graph, [lat, lon], 'foot')
      } catch (error) {
        if (error instanceof OutsideRegionError)
          throw new HttpError(422, ErrorCode.outsideRegion, NearbyMessages.outside)
        throw error
      }
      const { places, search } = indexOf(region)
      const local = wallClock(at, region.meta.timeZone)
      const open = new Map<number, boolean | undefined>()
      const openOf = (p: number) => {
        if (!open.has(p)) open.set(p, openNow(places[p] as Place, local))
        return open.get(p)
      }
      const kinds = new Set(request.kinds)
      const hits = search(start, {
        kinds: request.kinds,
        limit: request.limit,
        maxMeters: NEARBY_MAX_WALK_METERS,
        wanted: (p) => {
          const kind = (places[p] as Place).kind
          return kinds.has(kind) && (kind !== 'open' || openOf(p) === true)
        },
      })
      return {
        places: hits.map(({ place: p, seconds, meters }): NearbyPlace => {
          const { row } = places[p] as Place
          const isOpen = openOf(p)
          return {
            name: row.name,
            kind: row.kind,
            category: row.category,
            lat: row.lat,
            lon: row.lon,
            distanceMeters: Math.round(meters),
            walkingSeconds: Math.round(seconds),
            ...(row.phone === null ? {} : { phone: row.phone }),
            ...(isOpen === undefined ? {} : { openNow: isOpen }),
          }
        }),
      }
    },
  }
}

export type NearbyService = ReturnType<typeof createNearbyService>
