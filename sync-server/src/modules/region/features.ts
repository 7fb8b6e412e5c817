/**
 * Per-edge safety features for the safety model (`@wings/safety` EdgeFeatureColumns), computed once at import from
 * the road graph and the extracts' safety POIs, and stored as a small binary file beside the graph.
 *
 * - roadClass, maxspeed: from the graph (edgeClass mapped by name to the model's classes; edgeMaxspeed).
 * - sidewalk: the graph's codes (0 unknown, 1 none, 2 one side, 3 both, 4 separate) -> the model's (0 unknown,
 *   1 yes, 2 no).
 * - lit: the `lit=*` tag (edgeLit) wins; an untagged edge counts as lit when mapped street lamps lie along it
 *   (within LAMP_METERS) at least one per LAMP_SPACING_METERS of its length. A lamp never overrides `lit=no`.
 * - shops, food, transport, help (police, hospital/clinic, pharmacy), open24h, cameras: distinct POIs within
 *   POI_METERS of the edge's geometry (points to segments, on a local plane), found through a uniform grid of the POIs.
 * - hoursShops, hoursFood, openEvening, openNight: of those shops and food places, the ones whose `opening_hours`
 *   could be read (24/7 aside: open24h), and of them the ones open at each dark band's hour (BAND_HOURS);
 *   unservedNight: the stops not served at the night band's hour (servedAtHour). Places without readable hours keep
 *   their kind's default in the model.
 */
import { closeSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { METRES_PER_DEGREE, segmentDistance2 } from '@wings/geo'
import { HIGHWAY_CLASSES, type OsmExtract, type RoadGraph, type SafetyPoiKind } from '@wings/routing'
import {
  BAND_HOURS,
  type EdgeFeatures,
  emptyImportColumns,
  openAtHour,
  ROAD_CLASSES as ROAD_CLASS_NAMES,
  roadClassCode,
  servedAtHour,
} from '@wings/safety'

export const POI_METERS = 60
export const LAMP_METERS = 25
export const LAMP_SPACING_METERS = 60

export type CountColumn = 'shops' | 'food' | 'transport' | 'help' | 'open24h' | 'cameras'
const COUNT_COLUMNS: readonly CountColumn[] = ['shops', 'food', 'transport', 'help', 'open24h', 'cameras']

/** Which count a POI kind of the reader adds to (atm is not a model input; street lamps are lighting). */
const COLUMN_OF_KIND: Partial<Record<SafetyPoiKind, CountColumn>> = {
  shop: 'shops',
  food: 'food',
  transport: 'transport',
  police: 'help',
  hospital: 'help',
  pharmacy: 'help',
  open24h: 'open24h',
  surveillance: 'cameras',
}

/** What the region keeps per edge: the model's columns, all with one entry per edge. */
export interface RegionFeatures {
  roadClass: Uint8Array
  maxspeed: Uint16Array
  lit: Uint8Array
  sidewalk: Uint8Array
  shops: Uint16Array
  food: Uint16Array
  transport: Uint16Array
  help: Uint16Array
  open24h: Uint16Array
  cameras: Uint16Array
  hoursShops: Uint16Array
  hoursFood: Uint16Array
  openEvening: Uint16Array
  openNight: Uint16Array
  unservedNight: Uint16Array
}

/** Per POI: its hours after dark, as bits (HOURS_KNOWN etc.). */
const HOURS_KNOWN = 1
const OPEN_EVENING = 2
const OPEN_NIGHT = 4
const UNSERVED_NIGHT = 8

/** The after-dark bits of a POI counted in `column` (shops and food by opening_hours, transport by service hours). */
export function hoursBits(column: CountColumn | undefined, tags: Readonly<Record<string, string | undefined>>): number {
  if (column === 'transport') return servedAtHour(tags, BAND_HOURS.night) ? 0 : UNSERVED_NIGHT
  if (column !== 'shops' && column !== 'food') return 0
  if (tags.opening_hours?.trim() === '24/7') return 0
  const evening = openAtHour(tags.opening_hours, BAND_HOURS.evening)
  const night = openAtHour(tags.opening_hours, BAND_HOURS.night)
  if (evening === null || night === null) return 0
  return HOURS_KNOWN | (evening ? OPEN_EVENING : 0) | (night ? OPEN_NIGHT : 0)
}

const SIDEWALK_CODE = [0, 2, 1, 1, 1] // graph code -> model code
const CLASS_CODE = HIGHWAY_CLASSES.map((name) => roadClassCode(name))

interface Points {
  x: Float64Array
  y: Float64Array
  /** Column index (into COUNT_COLUMNS), or -1 for a street lamp. */
  column: Int8Array
  /** Per point, an id number shared by the entries of one OSM object in one column (to count each object once). */
  object: Int32Array
  /** Per point, its {@link hoursBits}. */
  hours: Uint8Array
}

/** Grid of points in cells of `cell` metres: CSR (cellStart over cells, items). */
class PointGrid {
  readonly cols: number
  readonly rows: number
  readonly start: Uint32Array
  readonly items: Uint32Array
  constructor(
    readonly x: Float64Array,
    readonly y: Float64Array,
    readonly x0: number,
    readonly y0: number,
    readonly cell: number,
    x1: number,
    y1: number,
  ) {
    this.cols = Math.max(1, Math.floor((x1 - x0) / cell) + 1)
    this.rows = Math.max(1, Math.floor((y1 - y0) / cell) + 1)
    const n = x.length
    const cellOf = new Uint32Array(n)
    const start = new Uint32Array(this.cols * this.rows + 1)
    for (let i = 0; i < n; i++) {
      const c = this.cellAt(x[i] as number, y[i] as number)
      cellOf[i] = c
      start[c + 1] = (start[c + 1] as number) + 1
    }
    for (let c = 0; c < this.cols * this.rows; c++) start[c + 1] = (start[c + 1] as number) + (start[c] as number)
    const fill = start.slice(0, -1)
    const items = new Uint32Array(n)
    for (let i = 0; i < n; i++) {
      const c = cellOf[i] as number
      items[fill[c] as number] = i
      fill[c] = (fill[c] as number) + 1
    }
    this.start = start
    this.items = items
  }
  private cellAt(x: number, y: number): number {
    const cx = Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.x0) / this.cell)))
    const cy = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.y0) / this.cell)))
    return cy * this.cols + cx
  }
  /** Calls `visit(i)` for every point in the cells the box touches. */
  forBox(minX: number, minY: number, maxX: number, maxY: number, visit: (i: number) => void): void {
    const cx0 = Math.floor((minX - this.x0) / this.cell)
    const cx1 = Math.floor((maxX - this.x0) / this.cell)
    const cy0 = Math.floor((minY - this.y0) / this.cell)
    const cy1 = Math.floor((maxY - this.y0) / this.cell)
    if (cx1 < 0 || cy1 < 0 || cx0 >= this.cols || cy0 >= this.rows) return
    for (let cy = Math.max(0, cy0); cy <= Math.min(this.rows - 1, cy1); cy++) {
      for (let cx = Math.max(0, cx0); cx <= Math.min(this.cols - 1, cx1); cx++) {
        const c = cy * this.cols + cx
        for (let k = this.start[c] as number; k < (this.start[c + 1] as number); k++) visit(this.items[k] as number)
      }
    }
  }
}

function collectPoints(extracts: readonly OsmExtract[], lat0: number): Points {
  const cos = Math.cos((lat0 * Math.PI) / 180)
  const seen = new Set<string>()
  const objectIds = new Map<string, number>()
  const x: number[] = []
  const y: number[] = []
  const column: number[] = []
  const object: number[] = []
  const hours: number[] = []
  for (const extract of extracts) {
    for (const poi of extract.safetyPois) {
      const col =
        poi.kind === 'street_lamp' ? -1 : COUNT_COLUMNS.indexOf(COLUMN_OF_KIND[poi.kind] ?? ('' as CountColumn))
      if (poi.kind !== 'street_lamp' && col < 0) continue
      // Merged extracts repeat objects; police + hospital on one object is still one place of help.
      const key = `${poi.id}:${col}`
      if (seen.has(key)) continue
      seen.add(key)
      let id = objectIds.get(poi.id)
      if (id === undefined) {
        id = objectIds.size
        objectIds.set(poi.id, id)
      }
      x.push(poi.lon * cos * METRES_PER_DEGREE)
      y.push(poi.lat * METRES_PER_DEGREE)
      column.push(col)
      object.push(id)
      hours.push(col < 0 ? 0 : hoursBits(COUNT_COLUMNS[col], poi.tags ?? {}))
    }
  }
  return {
    x: Float64Array.from(x),
    y: Float64Array.from(y),
    column: Int8Array.from(column),
    object: Int32Array.from(object),
    hours: Uint8Array.from(hours),
  }
}

/** Computes every edge's features from the graph and the extracts' safety POIs. */
export function computeEdgeFeatures(graph: RoadGraph, extracts: readonly OsmExtract[]): RegionFeatures {
  const n = graph.edgeCount
  const f: RegionFeatures = emptyImportColumns(n)
  for (let e = 0; e < n; e++) {
    f.roadClass[e] = CLASS_CODE[graph.edgeClass[e] as number] ?? 0
    f.maxspeed[e] = graph.edgeMaxspeed[e] as number
    const lit = graph.edgeLit[e] as number
    f.lit[e] = lit === 1 || lit === 2 ? lit : 0
    f.sidewalk[e] = SIDEWALK_CODE[graph.edgeSidewalk[e] as number] ?? 0
  }

  const [, minLat, , maxLat] = graph.meta.bbox
  const lat0 = (minLat + maxLat) / 2
  const cos = Math.cos((lat0 * Math.PI) / 180)
  const pts = collectPoints(extracts, lat0)
  if (pts.x.length === 0) return f
  let x0 = Number.POSITIVE_INFINITY
  let y0 = Number.POSITIVE_INFINITY
  let x1 = Number.NEGATIVE_INFINITY
  let y1 = Number.NEGATIVE_INFINITY
  for (let i = 0; i < pts.x.length; i++) {
    x0 = Math.min(x0, pts.x[i] as number)
    x1 = Math.max(x1, pts.x[i] as number)
    y0 = Math.min(y0, pts.y[i] as number)
    y1 = Math.max(y1, pts.y[i] as number)
  }
  const grid = new PointGrid(pts.x, pts.y, x0, y0, POI_METERS, x1, y1)
  const poi2 = POI_METERS * POI_METERS
  const lamp2 = LAMP_METERS * LAMP_METERS
  const columns = COUNT_COLUMNS.map((c) => f[c])
  // Per point, the last edge it was counted for: a point near several segments of one edge counts once.
  const counted = new Int32Array(pts.x.length).fill(-1)
  // Per object and column, the last edge: one OSM object counts once per column (e.g. a police + hospital node).
  const objectSeen = new Map<number, number>()

  const sx: number[] = []
  const sy: number[] = []
  for (let e = 0; e < n; e++) {
    sx.length = 0
    sy.length = 0
    const push = (latE7: number, lonE7: number) => {
      sx.push((lonE7 / 1e7) * cos * METRES_PER_DEGREE)
      sy.push((latE7 / 1e7) * METRES_PER_DEGREE)
    }
    const from = graph.edgeFrom[e] as number
    push(graph.nodeLat[from] as number, graph.nodeLon[from] as number)
    for (let i = graph.edgeShapeStart[e] as number; i < (graph.edgeShapeStart[e + 1] as number); i++) {
      push(graph.shapeLat[i] as number, graph.shapeLon[i] as number)
    }
    const to = graph.edgeTo[e] as number
    push(graph.nodeLat[to] as number, graph.nodeLon[to] as number)
    let lamps = 0
    objectSeen.clear()
    for (let s = 0; s + 1 < sx.length; s++) {
      const ax = sx[s] as number
      const ay = sy[s] as number
      const bx = sx[s + 1] as number
      const by = sy[s + 1] as number
      grid.forBox(
        Math.min(ax, bx) - POI_METERS,
        Math.min(ay, by) - POI_METERS,
        Math.max(ax, bx) + POI_METERS,
        Math.max(ay, by) + POI_METERS,
        (i) => {
          if (counted[i] === e) return
          const d2 = segmentDistance2(pts.x[i] as number, pts.y[i] as number, ax, ay, bx, by)
          const col = pts.column[i] as number
          if (col < 0) {
            if (d2 > lamp2) return
            counted[i] = e
            lamps++
            return
          }
          if (d2 > poi2) return
          counted[i] = e
          const key = (pts.object[i] as number) * 8 + col
          if (objectSeen.has(key)) return
          objectSeen.set(key, e)
          const column = columns[col] as Uint16Array
          if ((column[e] as number) < 65535) column[e] = (column[e] as number) + 1
          const bits = pts.hours[i] as number
          if (bits !== 0) countHours(f, e, COUNT_COLUMNS[col] as CountColumn, bits)
        },
      )
    }
    if (lamps > 0 && f.lit[e] === 0 && lamps * LAMP_SPACING_METERS >= (graph.edgeLength[e] as number)) f.lit[e] = 1
  }
  return f
}

function bump(column: Uint16Array, e: number): void {
  if ((column[e] as number) < 65535) column[e] = (column[e] as number) + 1
}

function countHours(f: RegionFeatures, e: number, column: CountColumn, bits: number): void {
  if (bits & UNSERVED_NIGHT) bump(f.unservedNight, e)
  if (!(bits & HOURS_KNOWN)) return
  bump(column === 'shops' ? f.hoursShops : f.hoursFood, e)
  if (bits & OPEN_EVENING) bump(f.openEvening, e)
  if (bits & OPEN_NIGHT) bump(f.openNight, e)
}

/** The features of one edge as the model's object form (for routeSafetySummary). */
export function edgeFeaturesAt(f: RegionFeatures, e: number): EdgeFeatures {
  const tri = (code: number) => (code === 1 ? 'yes' : code === 2 ? 'no' : 'unknown')
  const maxspeed = f.maxspeed[e] as number
  return {
    roadClass: ROAD_CLASS_NAMES[f.roadClass[e] as number] ?? 'other',
    maxspeed: maxspeed > 0 ? maxspeed : null,
    lit: tri(f.lit[e] as number),
    sidewalk: tri(f.sidewalk[e] as number),
    shops: f.shops[e] as number,
    food: f.food[e] as number,
    transport: f.transport[e] as number,
    help: f.help[e] as number,
    open24h: f.open24h[e] as number,
    cameras: f.cameras[e] as number,
    hoursShops: f.hoursShops[e] as number,
    hoursFood: f.hoursFood[e] as number,
    openEvening: f.openEvening[e] as number,
    openNight: f.openNight[e] as number,
    unservedNight: f.unservedNight[e] as number,
  }
}

// ---- File -------------------------------------------------------------------------------------------------------

/**
 * Version 2 added the after-dark columns. A version 1 file (an older import) still loads: those columns read as 0,
 * which is the model's behaviour before them, until the region is imported again (loadRegion says so).
 */
const MAGIC = 'WINGSFT2'
const MAGIC_V1 = 'WINGSFT1'
const AFTER_DARK: readonly (keyof RegionFeatures)[] = [
  'hoursShops',
  'hoursFood',
  'openEvening',
  'openNight',
  'unservedNight',
]
const LAYOUT_V1: readonly (keyof RegionFeatures)[] = [
  'roadClass',
  'maxspeed',
  'lit',
  'sidewalk',
  'shops',
  'food',
  'transport',
  'help',
  'open24h',
  'cameras',
]
const LAYOUT: readonly (keyof RegionFeatures)[] = [...LAYOUT_V1, ...AFTER_DARK]

/** Writes `MAGIC, edgeCount (u32 LE), then each column's bytes (LE), each padded to 4 bytes`, atomically. */
export function saveFeatures(f: RegionFeatures, path: string): void {
  const n = f.roadClass.length
  const head = Buffer.alloc(12)
  head.write(MAGIC, 0, 'latin1')
  head.writeUInt32LE(n, 8)
  const tmp = `${path}.tmp-${process.pid}`
  const fd = openSync(tmp, 'w')
  try {
    writeSync(fd, head)
    for (const key of LAYOUT) {
      const col = f[key]
      const bytes = Buffer.from(col.buffer, col.byteOffset, col.byteLength)
      writeSync(fd, bytes)
      const pad = (4 - (bytes.length % 4)) % 4
      if (pad > 0) writeSync(fd, Buffer.alloc(pad))
    }
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, path)
}

const NARROW = new Set<keyof RegionFeatures>(['roadClass', 'lit', 'sidewalk'])

/** The version of a features file: 2 (current) or 1 (before the after-dark columns); throws for anything else. */
export function featuresVersion(buf: Buffer, path: string): 1 | 2 {
  const magic = buf.length >= 12 ? buf.toString('latin1', 0, 8) : ''
  if (magic === MAGIC) return 2
  if (magic === MAGIC_V1) return 1
  throw new Error(`Not a Wings features file: ${path}`)
}

/** Loads a features file; a version 1 file gets the after-dark columns as zeros (see MAGIC). */
export function loadFeatures(path: string, edgeCount: number): RegionFeatures {
  const buf = readFileSync(path)
  const version = featuresVersion(buf, path)
  const n = buf.readUInt32LE(8)
  if (n !== edgeCount) throw new Error(`Features file ${path} has ${n} edges, the graph ${edgeCount}`)
  let offset = 12
  const out: Partial<Record<keyof RegionFeatures, Uint8Array | Uint16Array>> = {}
  for (const key of version === 2 ? LAYOUT : LAYOUT_V1) {
    const wide = !NARROW.has(key)
    const bytes = n * (wide ? 2 : 1)
    if (offset + bytes > buf.length) throw new Error(`Features file ${path} is truncated`)
    const copy = new Uint8Array(bytes)
    copy.set(buf.subarray(offset, offset + bytes))
    out[key] = wide ? new Uint16Array(copy.buffer, 0, n) : copy
    offset += bytes + ((4 - (bytes % 4)) % 4)
  }
  for (const key of AFTER_DARK) out[key] ??= new Uint16Array(n)
  return out as RegionFeatures
}
