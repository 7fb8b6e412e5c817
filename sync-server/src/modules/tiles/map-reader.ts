/**
 * Reads what the map draws from .osm.pbf extracts (map-tags.ts says what that is): roads, railways, rivers and
 * coastlines as lines, water, parks and buildings as areas (closed ways and multipolygons, holes kept), places,
 * stations, stops and named areas as points. Coordinates are world units (tile-math.ts: x east, y south, 0..1).
 *
 * Two passes, as the routing reader makes them: ways and relations first (remembering the nodes they use), then the
 * nodes; multipolygon member ways that were not kept in the first pass are read in a pass of the way blocks between.
 */
import { latToWorldY, lonToWorldX, metresPerWorldUnit } from '@wings/geo'
import { decodePrimitiveBlock, joinRings, type RelationMember, readBlobs, type Tags } from '@wings/routing'
import { type Pt, pointInRing } from './coastline.ts'
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

export type Geometry =
  | { type: 'Point'; coordinates: Pt }
  | { type: 'LineString'; coordinates: Pt[] }
  | { type: 'Polygon'; coordinates: Pt[][] }
  | { type: 'MultiPolygon'; coordinates: Pt[][][] }

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

/** Signed area (world units squared) of a ring. */
function ringArea(ring: Pt[]): number {
  let a = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const p = ring[i] as Pt
    const q = ring[j] as Pt
    a += q[0] * p[1] - p[0] * q[1]
  }
  return a / 2
}

/**
 * A point inside a ring for its label: the centroid when it is inside, else the middle of the widest stretch of the
 * ring along the centroid's row.
 */
export function labelPoint(ring: Pt[]): Pt {
  let cx = 0
  let cy = 0
  let a = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const p = ring[i] as Pt
    const q = ring[j] as Pt
    const f = q[0] * p[1] - p[0] * q[1]
    a += f
    cx += (q[0] + p[0]) * f
    cy += (q[1] + p[1]) * f
  }
  if (a === 0) return ring[0] as Pt
  cx /= 3 * a
  cy /= 3 * a
  const xs: number[] = []
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Pt
    const [xj, yj] = ring[j] as Pt
    if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) * (xj - xi)) / (yj - yi))
  }
  xs.sort((p, q) => p - q)
  let best: Pt = ring[0] as Pt
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
  const wanted = new Set<number>()
  const lines: { refs: number[]; layer: LayerName; props: Props; minzoom: number }[] = []
  const areas: PendingArea[] = []
  const points: { refs: number[]; rule: PointRule }[] = []
  const coast: number[][] = []
  const relations: { rule: AreaRule; label: PointRule | null; members: RelationMember[] }[] = []
  const memberWays = new Map<number, number[]>()
  const wayBlobs = new Set<number>()
  const nodeBlobs = new Set<number>()
  const want = (refs: number[]) => {
    for (const r of refs) wanted.add(r)
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

  const slot = new Map<number, number>()
  const xs = new Float64Array(wanted.size)
  const ys = new Float64Array(wanted.size)
  for (const blob of readBlobs(file, (i) => nodeBlobs.has(i))) {
    if (blob.type !== 'OSMData') continue
    decodePrimitiveBlock(blob.data, {
      node(id, lat, lon, tags) {
        const x = lonToWorldX(lon / 1e7)
        const y = latToWorldY(lat / 1e7)
        if (wanted.has(id) && !slot.has(id)) {
          xs[slot.size] = x
          ys[slot.size] = y
          slot.set(id, slot.size)
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

  const coords = (refs: number[]): Pt[] => {
    const pts: Pt[] = []
    for (const r of refs) {
      const s = slot.get(r)
      if (s !== undefined) pts.push([xs[s] as number, ys[s] as number])
    }
    return pts
  }

  // Ways of one street (same layer, kind and name) joined end to end: OSM cuts streets at every junction, and a
  // name fits along a long line where it would not along its pieces.
  const groups = new Map<string, typeof lines>()
  for (const l of lines) {
    const key = `${l.layer}|${l.minzoom}|${JSON.stringify(l.props)}`
    groups.set(key, [...(groups.get(key) ?? []), l])
  }
  for (const group of groups.values()) {
    const first = group[0] as (typeof lines)[number]
    for (const refs of mergeLines(group.map((l) => l.refs))) {
      const pts = coords(refs)
      if (pts.length >= 2)
        out.features.push({
          layer: first.layer,
          props: first.props,
          minzoom: first.minzoom,
          geometry: { type: 'LineString', coordinates: pts },
        })
    }
  }
  for (const c of coast) {
    const pts = coords(c)
    if (pts.length >= 2) out.coastlines.push({ from: c[0] as number, to: c[c.length - 1] as number, points: pts })
  }
  for (const p of points) {
    const pts = coords(p.refs)
    if (pts.length === 0) continue
    const at = pts.length >= 3 ? labelPoint([...pts, pts[0] as Pt]) : (pts[0] as Pt)
    out.features.push({ ...p.rule, geometry: { type: 'Point', coordinates: at } })
  }
  for (const a of areas) addArea(a, coords, out.features)
}

/** Adds an area (its outer rings with the holes inside each) and, when it is named, its label point. */
function addArea(a: PendingArea, coords: (refs: number[]) => Pt[], features: MapFeature[]): void {
  const outers = a.outer.map(coords).filter((r) => r.length >= 4)
  if (outers.length === 0) return
  const polygons: Pt[][][] = outers.map((r) => [r])
  for (const hole of a.inner.map(coords)) {
    if (hole.length < 4) continue
    const home = polygons.find((p) => pointInRing(hole[0] as Pt, p[0] as Pt[]))
    home?.push(hole)
  }
  let largest = polygons[0] as Pt[][]
  let largestArea = 0
  let x0 = 1
  let y0 = 1
  let x1 = 0
  let y1 = 0
  for (const p of polygons) {
    const area = Math.abs(ringArea(p[0] as Pt[]))
    if (area > largestArea) {
      largestArea = area
      largest = p
    }
    for (const [x, y] of p[0] as Pt[]) {
      x0 = Math.min(x0, x)
      y0 = Math.min(y0, y)
      x1 = Math.max(x1, x)
      y1 = Math.max(y1, y)
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
  const at = labelPoint(largest[0] as Pt[])
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
