/**
 * Reads an .osm.pbf extract into what the region import needs: the routable ways with the coordinates of their
 * nodes (typed arrays), and point lists for geocoding (named places, POIs, streets, addresses) and for the safety
 * model's edge features (shops, food, transport stops, police, hospitals, 24 h places, cameras, street lamps).
 *
 * Two passes over the blocks, each block decoded and dropped in turn: pass 1 reads ways (roads and tagged
 * areas, whose node ids are remembered), pass 2 reads only the blocks that hold nodes, keeping the coordinates of
 * the remembered nodes and the tagged point features.
 */
import { OsmPbfError } from './errors.ts'
import { decodeHeaderBlock, decodePrimitiveBlock, type OsmHeader, type RelationMember, type Tags } from './osm-pbf.ts'
import {
  type AreaKind,
  areaKind,
  joinRings,
  type PlaceKind,
  placeKind,
  pointTags,
  roadTags,
  type SafetyPoiKind,
  safetyKinds,
} from './osm-tags.ts'
import { readBlobs } from './pbf-blobs.ts'
import { roadAttributes } from './road-rules.ts'

export type { AreaKind, PlaceKind, SafetyPoiKind } from './osm-tags.ts'

export interface OsmWay {
  id: number
  refs: Float64Array
  tags: Tags
}

/** A point feature; `id` is 'n<id>' for nodes, 'w<id>' for ways (at the mean of their nodes), 'r<id>' for relations. */
export interface OsmPoint<K extends string = string> {
  id: string
  lat: number
  lon: number
  kind: K
  tags: Tags
}

/**
 * A filled area for map drawing: a closed way, or the rings of a multipolygon relation (member ways joined end to
 * end; rings that cannot be closed are dropped). Each ring is a flat [lat0, lon0, lat1, lon1, ...] array in 1e-7
 * degrees whose last point repeats the first; inner rings (holes) are among `rings`, so fill them even-odd.
 * `id` is 'w<id>' or 'r<id>'. Coastlines are not turned into sea polygons.
 */
export interface OsmArea {
  id: string
  kind: AreaKind
  rings: Int32Array[]
}

export interface OsmExtract {
  /** File name (or 'buffer'). */
  source: string
  header: OsmHeader
  /** [minLon, minLat, maxLon, maxLat] of the road nodes and points actually read. */
  bbox: [number, number, number, number]
  /** Ways some mode may use, with a subset of their tags (ROAD_TAG_KEYS plus name:*). */
  roads: OsmWay[]
  /** Coordinates (1e-7 degrees) of every node the roads use, in no particular order. */
  nodeIds: Float64Array
  nodeLat: Int32Array
  nodeLon: Int32Array
  /** Named places, POIs and streets, and addresses, for geocoding. */
  places: OsmPoint<PlaceKind>[]
  /** Points the safety model counts near an edge; one point may appear once per kind. */
  safetyPois: OsmPoint<SafetyPoiKind>[]
  /**
   * Multipolygon relations with place or safety tags (a hospital campus), once each, at the centroid of their largest
   * outer ring; kept apart from `places` and `safetyPois`, which hold nodes and ways only.
   */
  relationPoints?: OsmPoint[]
  /** Water, green and building areas; present only when read with `{ areas: true }`. */
  areas?: OsmArea[]
  counts: { nodes: number; ways: number; relations: number; blocks: number }
}

export interface ReadOptions {
  /** Keep the point lists (places, safetyPois); default true. */
  points?: boolean
  /** Keep water, green and building areas (`extract.areas`) for map tiles; default false. */
  areas?: boolean
}

/**
 * Reads an .osm.pbf file (path) or buffer. Throws OsmPbfError ('Not an OpenStreetMap PBF file: ...') for anything
 * that is not a readable PBF, including truncated or corrupt files.
 */
export function readOsmPbf(input: string | Uint8Array, options: ReadOptions = {}): OsmExtract {
  const wantPoints = options.points !== false
  const wantAreas = options.areas === true
  // Areas: closed ways now; multipolygons' member ways are fetched by a second read of the way blocks.
  const areaRings: { id: string; kind: AreaKind; ways: number[][] }[] = []
  const memberWays = new Map<number, number[]>()
  const multipolygons: { id: string; kind: AreaKind; members: RelationMember[] }[] = []
  const pointRelations: { id: string; tags: Tags; members: RelationMember[]; rings: number[][] }[] = []
  const wayBlobs = new Set<number>()
  const source = typeof input === 'string' ? input : 'buffer'
  let header: OsmHeader | undefined
  const roads: OsmWay[] = []
  const areaWays: { id: number; refs: number[]; tags: Tags; street: boolean }[] = []
  const wanted = new Set<number>()
  const nodeBlobs = new Set<number>()
  const counts = { nodes: 0, ways: 0, relations: 0, blocks: 0 }
  let sawData = false

  // Pass 1: header and ways.
  for (const blob of readBlobs(input)) {
    counts.blocks++
    if (blob.type === 'OSMHeader') {
      header = decodeHeaderBlock(blob.data)
      continue
    }
    sawData = true
    const summary = decodePrimitiveBlock(blob.data, {
      way(id, refs, tags) {
        if (tags === null || refs.length < 2) return
        if (wantAreas && refs.length >= 4 && refs[0] === refs[refs.length - 1]) {
          const kind = areaKind(tags)
          if (kind !== null && tags.area !== 'no') areaRings.push({ id: `w${id}`, kind, ways: [refs] })
        }
        if (tags.highway !== undefined && roadAttributes(tags) !== null) {
          for (const r of refs) wanted.add(r)
          roads.push({ id, refs: Float64Array.from(refs), tags: roadTags(tags) })
          if (wantPoints && tags.name !== undefined) areaWays.push({ id, refs, tags: pointTags(tags), street: true })
        } else if (wantPoints && (placeKind(tags) !== null || safetyKinds(tags).length > 0)) {
          for (const r of refs) wanted.add(r)
          areaWays.push({ id, refs, tags: pointTags(tags), street: false })
        }
      },
      relation:
        wantAreas || wantPoints
          ? (id, tags, members) => {
              if (tags?.type !== 'multipolygon') return
              const kind = wantAreas ? areaKind(tags) : null
              const point = wantPoints && (placeKind(tags) !== null || safetyKinds(tags).length > 0)
              if (kind === null && !point) return
              if (kind !== null) multipolygons.push({ id: `r${id}`, kind, members })
              if (point) pointRelations.push({ id: `r${id}`, tags: pointTags(tags), members, rings: [] })
              for (const m of members) if (m.type === 1) memberWays.set(m.ref, [])
            }
          : undefined,
    })
    if (summary.ways > 0) wayBlobs.add(blob.index)
    counts.ways += summary.ways
    counts.relations += summary.relations
    if (summary.nodes > 0) nodeBlobs.add(blob.index)
  }
  if (!header) throw new OsmPbfError(`Not an OpenStreetMap PBF file: ${source}: no header block`)
  if (!sawData) throw new OsmPbfError(`Not an OpenStreetMap PBF file: ${source}: no data blocks`)

  // Pass 1b (areas only): the node lists of multipolygon member ways.
  if (memberWays.size > 0) {
    for (const blob of readBlobs(input, (i) => wayBlobs.has(i))) {
      if (blob.type !== 'OSMData') continue
      decodePrimitiveBlock(blob.data, {
        way(id, refs) {
          if (memberWays.has(id)) memberWays.set(id, refs)
        },
      })
    }
    for (const r of multipolygons) {
      const ways: number[][] = []
      for (const m of r.members) {
        const refs =
          m.type === 1 && (m.role === 'outer' || m.role === 'inner' || m.role === '') && memberWays.get(m.ref)
        if (refs) ways.push(refs)
      }
      const rings = joinRings(ways)
      if (rings.length > 0) areaRings.push({ id: r.id, kind: r.kind, ways: rings })
    }
    // A member way missing from the extract leaves its ring open, and joinRings drops it: no guessed outline.
    for (const r of pointRelations) {
      const ways: number[][] = []
      for (const m of r.members) {
        const refs = m.type === 1 && m.role !== 'inner' && memberWays.get(m.ref)
        if (refs && refs.length > 0) ways.push(refs)
      }
      r.rings = joinRings(ways)
      for (const ring of r.rings) for (const ref of ring) wanted.add(ref)
    }
  }
  const areaNodes = new Map<number, number>()
  for (const a of areaRings) for (const w of a.ways) for (const r of w) areaNodes.set(r, -1)
  const areaLat = new Int32Array(areaNodes.size)
  const areaLon = new Int32Array(areaNodes.size)
  let an = 0

  // Pass 2: coordinates of wanted nodes, and tagged point features.
  const cap = wanted.size
  const nodeIds = new Float64Array(cap)
  const nodeLat = new Int32Array(cap)
  const nodeLon = new Int32Array(cap)
  const index = new Map<number, number>()
  let n = 0
  const places: OsmPoint<PlaceKind>[] = []
  const safetyPois: OsmPoint<SafetyPoiKind>[] = []
  const bbox: [number, number, number, number] = [180, 90, -180, -90]
  const grow = (lat: number, lon: number) => {
    if (lon < bbox[0]) bbox[0] = lon
    if (lat < bbox[1]) bbox[1] = lat
    if (lon > bbox[2]) bbox[2] = lon
    if (lat > bbox[3]) bbox[3] = lat
  }
  const addPoint = (id: string, lat: number, lon: number, tags: Tags) => {
    const kind = placeKind(tags)
    const kinds = safetyKinds(tags)
    if (kind === null && kinds.length === 0) return
    const kept = pointTags(tags)
    if (kind !== null) places.push({ id, lat, lon, kind, tags: kept })
    for (const k of kinds) safetyPois.push({ id, lat, lon, kind: k, tags: kept })
    grow(lat, lon)
  }
  for (const blob of readBlobs(input, (i) => nodeBlobs.has(i))) {
    if (blob.type !== 'OSMData') continue
    decodePrimitiveBlock(blob.data, {
      node(id, lat, lon, tags) {
        counts.nodes++
        if (wanted.has(id) && !index.has(id)) {
          index.set(id, n)
          nodeIds[n] = id
          nodeLat[n] = lat
          nodeLon[n] = lon
          n++
        }
        if (wantPoints && tags !== null) addPoint(`n${id}`, lat / 1e7, lon / 1e7, tags)
        if (areaNodes.get(id) === -1) {
          areaNodes.set(id, an)
          areaLat[an] = lat
          areaLon[an] = lon
          an++
        }
      },
    })
  }
  for (let i = 0; i < n; i++) grow(nodeLat[i]! / 1e7, nodeLon[i]! / 1e7)

  // Ways as points: named streets at their middle node, areas at the mean of their nodes.
  for (const w of areaWays) {
    let sLat = 0
    let sLon = 0
    let c = 0
    const isStreet = w.street
    const mid = w.refs.length >> 1
    const refs = isStreet ? w.refs.slice(mid, mid + 1) : w.refs
    for (const r of refs) {
      // index maps remembered node ids to their slot in nodeLat/nodeLon.
      const i = index.get(r)
      if (i === undefined) continue
      sLat += nodeLat[i]!
      sLon += nodeLon[i]!
      c++
    }
    if (c === 0) continue
    const lat = sLat / c / 1e7
    const lon = sLon / c / 1e7
    if (isStreet) places.push({ id: `w${w.id}`, lat, lon, kind: 'street', tags: w.tags })
    else addPoint(`w${w.id}`, lat, lon, w.tags)
  }
  const relationPoints: OsmPoint[] = []
  for (const r of pointRelations) {
    const at = largestRingCentroid(r.rings, index, nodeLat, nodeLon)
    if (at) relationPoints.push({ id: r.id, ...at, kind: 'area', tags: r.tags })
  }
  if (bbox[0] > bbox[2]) bbox.splice(0, 4, 0, 0, 0, 0)

  let areas: OsmArea[] | undefined
  if (wantAreas) {
    areas = []
    for (const a of areaRings) {
      const rings: Int32Array[] = []
      for (const w of a.ways) {
        const ring = new Int32Array(w.length * 2)
        let k = 0
        for (const r of w) {
          const i = areaNodes.get(r) ?? -1
          if (i < 0) continue
          ring[k++] = areaLat[i] ?? 0
          ring[k++] = areaLon[i] ?? 0
        }
        if (k >= 8) rings.push(ring.subarray(0, k))
      }
      if (rings.length > 0) areas.push({ id: a.id, kind: a.kind, rings })
    }
  }

  return {
    source,
    header,
    bbox,
    roads,
    nodeIds: nodeIds.subarray(0, n),
    nodeLat: nodeLat.subarray(0, n),
    nodeLon: nodeLon.subarray(0, n),
    places,
    safetyPois,
    relationPoints,
    ...(areas ? { areas } : {}),
    counts,
  }
}

/**
 * The area centroid (degrees) of the largest of `rings` whose nodes are all in the extract, or null. Planar in
 * degrees: a campus is small enough. A degenerate ring (no area) gives the mean of its nodes.
 */
function largestRingCentroid(
  rings: readonly number[][],
  index: ReadonlyMap<number, number>,
  nodeLat: Int32Array,
  nodeLon: Int32Array,
): { lat: number; lon: number } | null {
  let best: { lat: number; lon: number; area: number } | null = null
  for (const ring of rings) {
    const slots = ring.map((r) => index.get(r))
    if (slots.some((i) => i === undefined)) continue
    // Relative to the first node, so the products keep their precision.
    const lat0 = nodeLat[slots[0] as number]!
    const lon0 = nodeLon[slots[0] as number]!
    let a2 = 0
    let cx = 0
    let cy = 0
    let mx = 0
    let my = 0
    for (let k = 0; k + 1 < slots.length; k++) {
      const x1 = nodeLon[slots[k] as number]! - lon0
      const y1 = nodeLat[slots[k] as number]! - lat0
      const x2 = nodeLon[slots[k + 1] as number]! - lon0
      const y2 = nodeLat[slots[k + 1] as number]! - lat0
      const cross = x1 * y2 - x2 * y1
      a2 += cross
      cx += (x1 + x2) * cross
      cy += (y1 + y2) * cross
      mx += x1
      my += y1
    }
    const area = Math.abs(a2) / 2
    if (best !== null && area <= best.area) continue
    const n = slots.length - 1
    const [x, y] = a2 === 0 ? [mx / n, my / n] : [cx / (3 * a2), cy / (3 * a2)]
    best = { lat: (lat0 + y) / 1e7, lon: (lon0 + x) / 1e7, area }
  }
  return best && { lat: best.lat, lon: best.lon }
}
