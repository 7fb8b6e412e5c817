/**
 * Reads what the map draws from .osm.pbf extracts (map-tags.ts says what that is): roads, railways, rivers and
 * coastlines as lines, water, parks and buildings as areas (closed ways and multipolygons, holes kept), places,
 * stations, stops and named areas as points. Coordinates are world units (tile-math.ts: x east, y south, 0..1).
 *
 * Two passes, as the routing reader makes them: ways and relations first (remembering the nodes they use), then the
 * nodes; multipolygon member ways that were not kept in the first pass are read in a pass of the way blocks between.
 */
// biome-ignore-all lint/style/noNonNullAssertion: indexes into Coords are in range by construction.
import { latToWorldY, lonToWorldX, metresPerWorldUnit } from '@wings/geo'
import { decodePrimitiveBlock, joinRings, type RelationMember, readBlobs, type Tags } from '@wings/routing'
import type { Pt } from './coastline.ts'
import {
  type AreaRule,
  areaLabelKind,
  areaRule,
  type LayerName,
  lineRule,
  type PointRule,
  type Props,
  pointRule,
} from './map-tags.ts'

/**
 * A line or ring as x, y pairs in one typed array (views into shared chunks): a metro's 2.4 million points as [x, y]
 * arrays took about 250 MB of heap for the whole tiles step, and the garbage collector let the heap grow with it.
 */
export type Coords = Float64Array

export type Geometry =
  | { type: 'Point'; coordinates: Pt }
  | { type: 'LineString'; coordinates: Coords }
  | { type: 'Polygon'; coordinates: Coords[] }
  | { type: 'MultiPolygon'; coordinates: Coords[][] }

export interface MapFeature {
  layer: LayerName
  props: Props
  minzoom: number
  geometry: Geometry
}

export interface CoastlineWay {
  from: number
  to: number
  points: Pt[]
}

export interface MapSource {
  features: MapFeature[]
  coastlines: CoastlineWay[]
}

interface PendingArea {
  rule: AreaRule
  label: PointRule | null
  outer: number[][]
  inner: number[][]
}

/** Hands out Coords of any length from chunks of a few MB (one ArrayBuffer each, not one per line). */
export function coordsPool(chunkLength = 1 << 19): (length: number) => Coords {
  let chunk = new Float64Array(0)
  let used = 0
  return (length) => {
    if (length > chunkLength) return new Float64Array(length)
    if (used + length > chunk.length) {
      chunk = new Float64Array(chunkLength)
      used = 0
    }
    used += length
    return chunk.subarray(used - length, used)
  }
}

/** Coords from [x, y] points. */
export function packCoords(points: readonly Pt[]): Coords {
  const out = new Float64Array(2 * points.length)
  points.forEach(([x, y], i) => {
    out[2 * i] = x
    out[2 * i + 1] = y
  })
  return out
}

/** [x, y] points from Coords (what GeoJSON and geojson-vt take). */
export function unpackCoords(coords: Coords): Pt[] {
  const out: Pt[] = new Array(coords.length >> 1)
  for (let i = 0; i < out.length; i++) out[i] = [coords[2 * i] as number, coords[2 * i + 1] as number]
  return out
}

/** Signed area (world units squared) of a ring. */
function ringArea(ring: Coords): number {
  let a = 0
  const n = ring.length >> 1
  for (let i = 0, j = n - 1; i < n; j = i++) a += ring[2 * j]! * ring[2 * i + 1]! - ring[2 * i]! * ring[2 * j + 1]!
  return a / 2
}

/** Whether x, y is inside a ring (even-odd). */
function insideRing(x: number, y: number, ring: Coords): boolean {
  let c = false
  const n = ring.length >> 1
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i]!
    const yi = ring[2 * i + 1]!
    const xj = ring[2 * j]!
    const yj = ring[2 * j + 1]!
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c
  }
  return c
}

/**
 * A point inside a ring for its label: the centroid when it is inside, else the middle of the widest stretch of the
 * ring along the centroid's row.
 */
export function labelPoint(ring: Coords): Pt {
  let cx = 0
  let cy = 0
  let a = 0
  const n = ring.length >> 1
  const first: Pt = [ring[0]!, ring[1]!]
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const px = ring[2 * i]!
    const py = ring[2 * i + 1]!
    const qx = ring[2 * j]!
    const qy = ring[2 * j + 1]!
    const f = qx * py - px * qy
    a += f
    cx += (qx + px) * f
    cy += (qy + py) * f
  }
  if (a === 0) return first
  cx /= 3 * a
  cy /= 3 * a
  const xs: number[] = []
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const xi = ring[2 * i]!
    const yi = ring[2 * i + 1]!
    const xj = ring[2 * j]!
    const yj = ring[2 * j + 1]!
    if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi))
  }
  xs.sort((p, q) => p - q)
  let best: Pt = first
  let width = -1
  for (let k = 0; k + 1 < xs.length; k += 2) {
    const w = (xs[k + 1] as number) - (xs[k] as number)
    if (w > width) {
      width = w
      best = [((xs[k] as number) + (xs[k + 1] as number)) / 2, cy]
    }
  }
  // The centroid is inside when an odd number of the row's crossings lie west of it.
  if (xs.filter((x) => x < cx).length % 2 === 1) return [cx, cy]
  return best
}

/** The data zoom from which an area `size` world units across is at least `px` pixels in a 512 px tile. */
function zoomForSize(size: number, px: number): number {
  if (size <= 0) return 15
  return Math.max(0, Math.ceil(Math.log2(px / (512 * size))))
}

/** Reads the map features of one or more extracts (their features merged; an object in two extracts counts once). */
export function readMapSource(files: readonly string[]): MapSource {
  const seenWays = new Set<number>()
  const seenNodes = new Set<number>()
  const seenRelations = new Set<number>()
  const features: MapFeature[] = []
  const coastlines: CoastlineWay[] = []
  for (const file of files) readOne(file, { seenWays, seenNodes, seenRelations, features, coastlines })
  return { features, coastlines }
}

function readOne(
  file: string,
  out: {
    seenWays: Set<number>
    seenNodes: Set<number>
    seenRelations: Set<number>
    features: MapFeature[]
    coastlines: CoastlineWay[]
  },
): void {
  // Node ids the kept ways use, repeats included: a sorted table of them is far smaller than a Set at metro size.
  const wanted: number[] = []
  const lines: { refs: number[]; layer: LayerName; props: Props; minzoom: number }[] = []
  const areas: PendingArea[] = []
  const points: { refs: number[]; rule: PointRule }[] = []
  const coast: number[][] = []
  const relations: { rule: AreaRule; label: PointRule | null; members: RelationMember[] }[] = []
  const memberWays = new Map<number, number[]>()
  const wayBlobs = new Set<number>()
  const nodeBlobs = new Set<number>()
  const want = (refs: number[]) => {
    for (const r of refs) wanted.push(r)
  }

  for (const blob of readBlobs(file)) {
    if (blob.type !== 'OSMData') continue
    const summary = decodePrimitiveBlock(blob.data, {
      way(id, refs, tags) {
        if (refs.length < 2) return
        if (memberWays.has(id)) memberWays.set(id, refs)
        if (tags === null || out.seenWays.has(id)) return
        const closed = refs.length >= 4 && refs[0] === refs[refs.length - 1]
        let kept = false
        if (tags.natural === 'coastline') {
          coast.push(refs)
          kept = true
        }
        const line = lineRule(tags)
        if (line) {
          lines.push({ refs, ...line })
          kept = true
        }
        const area = closed ? areaRule(tags) : null
        const label = pointRule(tags)
        if (area) {
          areas.push({ rule: area, label, outer: [refs], inner: [] })
          kept = true
        } else if (label) {
          points.push({ refs: closed ? refs.slice(0, -1) : [refs[refs.length >> 1] as number], rule: label })
          kept = true
        }
        if (kept) {
          out.seenWays.add(id)
          want(refs)
        }
      },
      relation(id, tags, members) {
        if (tags?.type !== 'multipolygon' || out.seenRelations.has(id)) return
        const rule = areaRule(tags)
        if (!rule) return
        out.seenRelations.add(id)
        relations.push({ rule, label: pointRule(tags), members })
        for (const m of members) if (m.type === 1 && !memberWays.has(m.ref)) memberWays.set(m.ref, [])
      },
    })
    if (summary.ways > 0) wayBlobs.add(blob.index)
    if (summary.nodes > 0) nodeBlobs.add(blob.index)
  }

  // Member ways listed by a relation after the way itself was read: one more pass over the way blocks.
  if ([...memberWays.values()].some((refs) => refs.length === 0)) {
    for (const blob of readBlobs(file, (i) => wayBlobs.has(i))) {
      if (blob.type !== 'OSMData') continue
      decodePrimitiveBlock(blob.data, {
        way(id, refs) {
          if (memberWays.get(id)?.length === 0) memberWays.set(id, refs)
        },
      })
    }
  }
  for (const r of relations) {
    const outer: number[][] = []
    const inner: number[][] = []
    for (const m of r.members) {
      const refs = m.type === 1 ? memberWays.get(m.ref) : undefined
      if (!refs || refs.length < 2) continue
      if (m.role === 'inner') inner.push(refs)
      else if (m.role === 'outer' || m.role === '') outer.push(refs)
    }
    const area: PendingArea = { rule: r.rule, label: r.label, outer: joinRings(outer), inner: joinRings(inner) }
    if (area.outer.length === 0) continue
    areas.push(area)
    for (const ring of [...area.outer, ...area.inner]) want(ring)
  }

  const ids = sortedUnique(wanted)
  wanted.length = 0
  const xs = new Float64Array(ids.length)
  const ys = new Float64Array(ids.length)
  const found = new Uint8Array(ids.length)
  for (const blob of readBlobs(file, (i) => nodeBlobs.has(i))) {
    if (blob.type !== 'OSMData') continue
    decodePrimitiveBlock(blob.data, {
      node(id, lat, lon, tags) {
        const x = lonToWorldX(lon / 1e7)
        const y = latToWorldY(lat / 1e7)
        const i = indexOf(ids, id)
        if (i >= 0 && !found[i]) {
          xs[i] = x
          ys[i] = y
          found[i] = 1
        }
        if (tags !== null && !out.seenNodes.has(id)) {
          const rule = pointRule(tags as Tags)
          if (rule) {
            out.seenNodes.add(id)
            out.features.push({ ...rule, geometry: { type: 'Point', coordinates: [x, y] } })
          }
        }
      },
    })
  }

  const take = coordsPool()
  const coords = (refs: number[]): Coords => {
    let n = 0
    for (const r of refs) {
      const i = indexOf(ids, r)
      if (i >= 0 && found[i]) n++
    }
    const out = take(2 * n)
    let k = 0
    for (const r of refs) {
      const i = indexOf(ids, r)
      if (i >= 0 && found[i]) {
        out[k++] = xs[i] as number
        out[k++] = ys[i] as number
      }
    }
    return out
  }

  // Ways of one street (same layer, kind and name) joined end to end: OSM cuts streets at every junction, and a
  // name fits along a long line where it would not along its pieces.
  const groups = new Map<string, typeof lines>()
  for (const l of lines) {
    const key = `${l.layer}|${l.minzoom}|${JSON.stringify(l.props)}`
    const group = groups.get(key)
    if (group) group.push(l)
    else groups.set(key, [l])
  }
  for (const group of groups.values()) {
    const first = group[0] as (typeof lines)[number]
    for (const refs of mergeLines(group.map((l) => l.refs))) {
      const pts = coords(refs)
      if (pts.length >= 4)
        out.features.push({
          layer: first.layer,
          props: first.props,
          minzoom: first.minzoom,
          geometry: { type: 'LineString', coordinates: pts },
        })
    }
  }
  for (const c of coast) {
    const pts = unpackCoords(coords(c))
    if (pts.length >= 2) out.coastlines.push({ from: c[0] as number, to: c[c.length - 1] as number, points: pts })
  }
  for (const p of points) {
    const pts = coords(p.refs)
    if (pts.length === 0) continue
    let at: Pt = [pts[0]!, pts[1]!]
    if (pts.length >= 6) {
      const ring = new Float64Array(pts.length + 2)
      ring.set(pts)
      ring.set(at, pts.length)
      at = labelPoint(ring)
    }
    out.features.push({ ...p.rule, geometry: { type: 'Point', coordinates: at } })
  }
  for (const a of areas) addArea(a, coords, out.features)
}

/** The values sorted, each once. */
export function sortedUnique(values: readonly number[]): Float64Array {
  const sorted = Float64Array.from(values).sort()
  let n = 0
  for (let i = 0; i < sorted.length; i++) if (n === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i] as number
  return sorted.subarray(0, n)
}

/** Where `value` is in a sorted table, or -1. */
export function indexOf(sorted: Float64Array, value: number): number {
  let lo = 0
  let hi = sorted.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const v = sorted[mid] as number
    if (v < value) lo = mid + 1
    else if (v > value) hi = mid - 1
    else return mid
  }
  return -1
}

/** Adds an area (its outer rings with the holes inside each) and, when it is named, its label point. */
function addArea(a: PendingArea, coords: (refs: number[]) => Coords, features: MapFeature[]): void {
  const outers = a.outer.map(coords).filter((r) => r.length >= 8)
  if (outers.length === 0) return
  const polygons: Coords[][] = outers.map((r) => [r])
  for (const hole of a.inner.map(coords)) {
    if (hole.length < 8) continue
    const home = polygons.find((p) => insideRing(hole[0]!, hole[1]!, p[0]!))
    home?.push(hole)
  }
  let largest = polygons[0] as Coords[]
  let largestArea = 0
  let x0 = 1
  let y0 = 1
  let x1 = 0
  let y1 = 0
  for (const p of polygons) {
    const ring = p[0] as Coords
    const area = Math.abs(ringArea(ring))
    if (area > largestArea) {
      largestArea = area
      largest = p
    }
    for (let i = 0; i < ring.length; i += 2) {
      x0 = Math.min(x0, ring[i]!)
      y0 = Math.min(y0, ring[i + 1]!)
      x1 = Math.max(x1, ring[i]!)
      y1 = Math.max(y1, ring[i + 1]!)
    }
  }
  const size = Math.max(x1 - x0, y1 - y0)
  const props: Props = { ...a.rule.props }
  // Large buildings are landmarks too: more than about 2,500 m^2 on the ground.
  const m = metresPerWorldUnit((y0 + y1) / 2)
  if (a.rule.layer === 'buildings' && largestArea * m * m > 2500) props.major = true
  const minzoom = Math.max(a.rule.minzoom, a.rule.layer === 'buildings' ? 0 : zoomForSize(size, 2))
  features.push({
    layer: a.rule.layer,
    props: withoutNames(props),
    // Landmark buildings one zoom earlier than the rest (map zoom 13, the others from 14).
    minzoom: props.major ? Math.min(minzoom, 12) : minzoom,
    geometry:
      polygons.length === 1
        ? { type: 'Polygon', coordinates: largest }
        : { type: 'MultiPolygon', coordinates: polygons },
  })
  // Names travel as label points (pois), not on the areas: one label per area, placed inside it.
  const labelKind = areaLabelKind(a.rule)
  const name = a.rule.props.name ?? a.rule.props['name:en']
  const at = labelPoint(largest[0] as Coords)
  if (a.label) {
    features.push({ ...a.label, geometry: { type: 'Point', coordinates: at } })
  } else if (labelKind && name !== undefined && (a.rule.layer !== 'buildings' || props.major)) {
    features.push({
      layer: 'pois',
      props: { kind: labelKind, ...namesOf(a.rule.props) },
      minzoom: Math.max(12, zoomForSize(size, 48)),
      geometry: { type: 'Point', coordinates: at },
    })
  }
}

const NAME_PREFIX = 'name'
function namesOf(props: Props): Props {
  const out: Props = {}
  for (const k in props) if (k.startsWith(NAME_PREFIX)) out[k] = props[k] as string
  return out
}
function withoutNames(props: Props): Props {
  const out: Props = {}
  for (const k in props) if (!k.startsWith(NAME_PREFIX)) out[k] = props[k] as string | number | boolean
  return out
}

/** Joins lines (node-id lists) that share an end into longer lines, either way round. */
export function mergeLines(lines: number[][]): number[][] {
  const atEnd = new Map<number, number[]>()
  const add = (node: number, i: number) => atEnd.set(node, [...(atEnd.get(node) ?? []), i])
  lines.forEach((l, i) => {
    add(l[0] as number, i)
    add(l[l.length - 1] as number, i)
  })
  const used = new Uint8Array(lines.length)
  const next = (node: number) => (atEnd.get(node) ?? []).find((k) => !used[k])
  const merged: number[][] = []
  for (let i = 0; i < lines.length; i++) {
    if (used[i]) continue
    used[i] = 1
    let line = [...(lines[i] as number[])]
    // Grow at the end, then at the start (a closed loop stops where it began).
    for (const atStart of [false, true]) {
      if (atStart) line.reverse()
      for (let k = next(line[line.length - 1] as number); k !== undefined; k = next(line[line.length - 1] as number)) {
        used[k] = 1
        const other = lines[k] as number[]
        line = line.concat((other[0] === line[line.length - 1] ? other : [...other].reverse()).slice(1))
      }
    }
    merged.push(line)
  }
  return merged
}
