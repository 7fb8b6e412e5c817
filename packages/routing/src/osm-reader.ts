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
import { decodeHeaderBlock, decodePrimitiveBlock, type OsmHeader, readBlobs, type Tags } from './osm-pbf.ts'
import { ROAD_TAG_KEYS, roadAttributes } from './road-rules.ts'

export interface OsmWay {
  id: number
  refs: Float64Array
  tags: Tags
}

export type PlaceKind = 'place' | 'poi' | 'street' | 'address'
export type SafetyPoiKind =
  | 'shop'
  | 'food'
  | 'transport'
  | 'police'
  | 'hospital'
  | 'pharmacy'
  | 'atm'
  | 'open24h'
  | 'surveillance'
  | 'street_lamp'

/** A point feature; `id` is 'n<id>' for nodes and 'w<id>' for ways (at the mean of the way's nodes). */
export interface OsmPoint<K extends string = string> {
  id: string
  lat: number
  lon: number
  kind: K
  tags: Tags
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
  counts: { nodes: number; ways: number; relations: number; blocks: number }
}

const POINT_TAG_PREFIXES = ['name', 'addr:', 'alt_name', 'old_name', 'short_name']
const POINT_TAG_KEYS = new Set([
  'place',
  'amenity',
  'shop',
  'tourism',
  'leisure',
  'office',
  'historic',
  'highway',
  'railway',
  'public_transport',
  'man_made',
  'opening_hours',
  'healthcare',
  'building',
  'population',
  'surveillance:type',
  'craft',
  'religion',
])
const POI_KEYS = ['amenity', 'shop', 'tourism', 'leisure', 'office', 'historic', 'healthcare', 'craft', 'building']
const FOOD = new Set(['restaurant', 'cafe', 'fast_food', 'bar', 'pub', 'food_court', 'ice_cream', 'biergarten'])
const TRANSPORT_AMENITY = new Set(['bus_station', 'taxi', 'ferry_terminal'])
const TRANSPORT_RAIL = new Set(['station', 'halt', 'tram_stop', 'subway_entrance'])

function pointTags(tags: Tags): Tags {
  const out: Tags = {}
  for (const k in tags) {
    if (POINT_TAG_KEYS.has(k) || POINT_TAG_PREFIXES.some((p) => k.startsWith(p))) out[k] = tags[k]
  }
  return out
}

function placeKind(tags: Tags): PlaceKind | null {
  const named = tags.name !== undefined || tags['name:en'] !== undefined
  if (named && tags.place !== undefined) return 'place'
  if (named && (POI_KEYS.some((k) => tags[k] !== undefined) || isTransport(tags))) return 'poi'
  if (tags['addr:housenumber'] !== undefined) return 'address'
  return null
}

function isTransport(tags: Tags): boolean {
  return (
    tags.highway === 'bus_stop' ||
    tags.public_transport === 'platform' ||
    tags.public_transport === 'stop_position' ||
    tags.public_transport === 'station' ||
    TRANSPORT_AMENITY.has(tags.amenity ?? '') ||
    TRANSPORT_RAIL.has(tags.railway ?? '')
  )
}

function safetyKinds(tags: Tags): SafetyPoiKind[] {
  const kinds: SafetyPoiKind[] = []
  const amenity = tags.amenity
  if (tags.shop !== undefined && tags.shop !== 'no' && tags.shop !== 'vacant') kinds.push('shop')
  if (amenity !== undefined && FOOD.has(amenity)) kinds.push('food')
  if (isTransport(tags)) kinds.push('transport')
  if (amenity === 'police') kinds.push('police')
  if (amenity === 'hospital' || amenity === 'clinic' || amenity === 'doctors' || tags.healthcare === 'hospital')
    kinds.push('hospital')
  if (amenity === 'pharmacy') kinds.push('pharmacy')
  if (amenity === 'atm' || amenity === 'bank') kinds.push('atm')
  if (tags.opening_hours === '24/7') kinds.push('open24h')
  if (tags.man_made === 'surveillance') kinds.push('surveillance')
  if (tags.highway === 'street_lamp') kinds.push('street_lamp')
  return kinds
}

function roadTags(tags: Tags): Tags {
  const out: Tags = {}
  for (const k in tags) if (ROAD_TAG_KEYS.has(k) || k.startsWith('name:')) out[k] = tags[k]
  return out
}

export interface ReadOptions {
  /** Keep the point lists (places, safetyPois); default true. */
  points?: boolean
}

/**
 * Reads an .osm.pbf file (path) or buffer. Throws OsmPbfError ('Not an OpenStreetMap PBF file: ...') for anything
 * that is not a readable PBF, including truncated or corrupt files.
 */
export function readOsmPbf(input: string | Uint8Array, options: ReadOptions = {}): OsmExtract {
  const wantPoints = options.points !== false
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
        if (tags.highway !== undefined && roadAttributes(tags) !== null) {
          for (const r of refs) wanted.add(r)
          roads.push({ id, refs: Float64Array.from(refs), tags: roadTags(tags) })
          if (wantPoints && tags.name !== undefined) areaWays.push({ id, refs, tags: pointTags(tags), street: true })
        } else if (wantPoints && (placeKind(tags) !== null || safetyKinds(tags).length > 0)) {
          for (const r of refs) wanted.add(r)
          areaWays.push({ id, refs, tags: pointTags(tags), street: false })
        }
      },
    })
    counts.ways += summary.ways
    counts.relations += summary.relations
    if (summary.nodes > 0) nodeBlobs.add(blob.index)
  }
  if (!header) throw new OsmPbfError(`Not an OpenStreetMap PBF file: ${source}: no header block`)
  if (!sawData) throw new OsmPbfError(`Not an OpenStreetMap PBF file: ${source}: no data blocks`)

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
      },
    })
  }
  for (let i = 0; i < n; i++) grow(nodeLat[i] / 1e7, nodeLon[i] / 1e7)

  // Ways as points: named streets at their middle node, areas at the mean of their nodes.
  for (const w of areaWays) {
    let sLat = 0
    let sLon = 0
    let c = 0
    const isStreet = w.street
    const refs = isStreet ? [w.refs[w.refs.length >> 1]] : w.refs
    for (const r of refs) {
      const i = index.get(r)
      if (i === undefined) continue
      sLat += nodeLat[i]
      sLon += nodeLon[i]
      c++
    }
    if (c === 0) continue
    const lat = sLat / c / 1e7
    const lon = sLon / c / 1e7
    if (isStreet) places.push({ id: `w${w.id}`, lat, lon, kind: 'street', tags: w.tags })
    else addPoint(`w${w.id}`, lat, lon, w.tags)
  }
  if (bbox[0] > bbox[2]) bbox.splice(0, 4, 0, 0, 0, 0)

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
    counts,
  }
}
