/**
 * The region's outline: where it has map data, drawn from its roads. The road points are put on a grid of cells
 * (250 m, or coarser so that a country stays within MAX_CELLS); gaps of a cell or two are closed and holes filled
 * (a park inside the city is covered); the edges of the covered cells are traced into rings, simplified, and clipped
 * to the box of the roads (an extract cut along a box ends there, not half a cell beyond). A convex hull would claim
 * a whole bay or a valley between two arms of roads; this follows the roads, in a few dozen points.
 */
import type { RegionOutline } from '@wings/contract'
import { METRES_PER_DEGREE, metresPerDegreeLon, simplifyLine } from '@wings/geo'
import type { RoadGraph } from '@wings/routing'

const MIN_CELL_METERS = 250
const MAX_CELLS = 4_000_000
/** Polygons smaller than this many cells are left out; the whole outline keeps at most MAX_POINTS points. */
const MIN_POLYGON_CELLS = 4
const MAX_POINTS = 400
/** Empty cells around the points, so that closing and tracing never reach the grid's edge. */
const PAD = 2
/** Coordinates keep 5 decimals (about 1 m). */
const round = (v: number) => Math.round(v * 1e5) / 1e5

type Bbox = readonly [number, number, number, number]
type Point = [number, number]

/** Coordinate arrays in 1e-7 degrees, as the road graph keeps them. */
export interface PointColumns {
  lat: ArrayLike<number>
  lon: ArrayLike<number>
}

/** The outline of the graph's junctions and shape points, within its box. */
export function graphOutline(graph: Pick<RoadGraph, 'nodeLat' | 'nodeLon' | 'shapeLat' | 'shapeLon' | 'meta'>) {
  return coverageOutline(
    [
      { lat: graph.nodeLat, lon: graph.nodeLon },
      { lat: graph.shapeLat, lon: graph.shapeLon },
    ],
    graph.meta.bbox,
  )
}

/** The outline of the points (1e-7 degrees) clipped to `bbox` ([minLon, minLat, maxLon, maxLat]). */
export function coverageOutline(columns: PointColumns[], bbox: Bbox): RegionOutline {
  const [minLon, minLat, maxLon, maxLat] = bbox
  const empty: RegionOutline = { type: 'MultiPolygon', coordinates: [] }
  if (!(maxLon >= minLon && maxLat >= minLat) || columns.every((c) => c.lat.length === 0)) return empty
  const metersPerLon = metresPerDegreeLon((minLat + maxLat) / 2)
  const width = (maxLon - minLon) * metersPerLon
  const height = (maxLat - minLat) * METRES_PER_DEGREE
  const cell = Math.max(MIN_CELL_METERS, Math.sqrt((width * height) / MAX_CELLS))
  const cellLon = cell / metersPerLon
  const cellLat = cell / METRES_PER_DEGREE
  const cols = Math.ceil(width / cell) + 1 + 2 * PAD
  const rows = Math.ceil(height / cell) + 1 + 2 * PAD
  const originLon = minLon - PAD * cellLon
  const originLat = minLat - PAD * cellLat

  let grid: Uint8Array = new Uint8Array(cols * rows)
  for (const { lat, lon } of columns) {
    for (let i = 0; i < lat.length; i++) {
      const c = Math.floor(((lon[i] as number) / 1e7 - originLon) / cellLon)
      const r = Math.floor(((lat[i] as number) / 1e7 - originLat) / cellLat)
      if (c >= PAD && c < cols - PAD && r >= PAD && r < rows - PAD) grid[r * cols + c] = 1
    }
  }
  grid = erode(dilate(grid, cols, rows), cols, rows)
  fillHoles(grid, cols, rows)

  const toDegrees = ([c, r]: Point): Point => [originLon + c * cellLon, originLat + r * cellLat]
  // Largest first; specks of a few cells (a stray long way's end) are left out.
  const rings = traceRings(grid, cols, rows)
    .map((corners) => ({ corners, cells: ringArea(corners) }))
    .filter((r) => r.cells >= MIN_POLYGON_CELLS)
    .sort((a, b) => b.cells - a.cells)
    .map((r) => r.corners.map(toDegrees))
  let tolerance = Math.min(cellLon, cellLat) * 0.6
  for (;;) {
    const coordinates: [number, number][][][] = []
    for (const corners of rings) {
      const ring = clipToBox(simplify(corners, tolerance), bbox)
      if (ring.length < 3) continue
      const closed = ring.map(([x, y]): Point => [round(x), round(y)])
      closed.push([...(closed[0] as Point)])
      coordinates.push([closed])
    }
    const points = coordinates.reduce((n, [ring]) => n + (ring?.length ?? 0), 0)
    if (points <= MAX_POINTS) return { type: 'MultiPolygon', coordinates }
    tolerance *= 1.5
  }
}

/** Shoelace area of a ring of grid corners, in cells. */
function ringArea(ring: Point[]): number {
  let twice = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Point
    const [xj, yj] = ring[j] as Point
    twice += xj * yi - xi * yj
  }
  return Math.abs(twice) / 2
}

function dilate(grid: Uint8Array, cols: number, rows: number): Uint8Array {
  const out = new Uint8Array(grid.length)
  for (let r = 1; r < rows - 1; r++)
    for (let c = 1; c < cols - 1; c++) {
      if (grid[r * cols + c] !== 1) continue
      for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) out[(r + dr) * cols + c + dc] = 1
    }
  return out
}

function erode(grid: Uint8Array, cols: number, rows: number): Uint8Array {
  const out = new Uint8Array(grid.length)
  for (let r = 1; r < rows - 1; r++)
    for (let c = 1; c < cols - 1; c++) {
      let all = 1
      for (let dr = -1; dr <= 1 && all; dr++)
        for (let dc = -1; dc <= 1; dc++) all &= grid[(r + dr) * cols + c + dc] ?? 0
      out[r * cols + c] = all
    }
  return out
}

/** Empty cells that the grid's edge cannot reach (4-neighbours) become covered. */
function fillHoles(grid: Uint8Array, cols: number, rows: number): void {
  const outside = new Uint8Array(grid.length)
  const stack: number[] = []
  for (let c = 0; c < cols; c++) stack.push(c, (rows - 1) * cols + c)
  for (let r = 0; r < rows; r++) stack.push(r * cols, r * cols + cols - 1)
  while (stack.length > 0) {
    const i = stack.pop() as number
    if (outside[i] || grid[i]) continue
    outside[i] = 1
    const c = i % cols
    if (c > 0) stack.push(i - 1)
    if (c < cols - 1) stack.push(i + 1)
    if (i >= cols) stack.push(i - cols)
    if (i < grid.length - cols) stack.push(i + cols)
  }
  for (let i = 0; i < grid.length; i++) if (!outside[i]) grid[i] = 1
}

/**
 * The boundaries of the covered cells as rings of grid corners, counter-clockwise (covered on the left). Each edge
 * between a covered and an empty cell is followed once; at a corner where two covered cells touch only diagonally
 * the walk turns left, keeping them apart.
 */
function traceRings(grid: Uint8Array, cols: number, rows: number): Point[][] {
  const at = (c: number, r: number) => c >= 0 && r >= 0 && c < cols && r < rows && grid[r * cols + c] === 1
  // Directed edges by start corner; corner key = r * (cols + 1) + c. Direction: 0 east, 1 north, 2 west, 3 south.
  const key = (c: number, r: number) => r * (cols + 1) + c
  const edges = new Map<number, number[]>()
  const add = (c: number, r: number, dir: number) => {
    const k = key(c, r)
    const list = edges.get(k)
    if (list) list.push(dir)
    else edges.set(k, [dir])
  }
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      if (!at(c, r)) continue
      if (!at(c, r - 1)) add(c, r, 0) // bottom edge, eastwards
      if (!at(c + 1, r)) add(c + 1, r, 1) // right edge, northwards
      if (!at(c, r + 1)) add(c + 1, r + 1, 2) // top edge, westwards
      if (!at(c - 1, r)) add(c, r + 1, 3) // left edge, southwards
    }
  const step: Point[] = [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ]
  const rings: Point[][] = []
  for (const [startKey, dirs] of edges) {
    while (dirs.length > 0) {
      let c = startKey % (cols + 1)
      let r = Math.floor(startKey / (cols + 1))
      let dir = dirs.pop() as number
      const ring: Point[] = [[c, r]]
      for (;;) {
        const [dc, dr] = step[dir] as Point
        c += dc
        r += dr
        const here = key(c, r)
        // Back at the start: the ring is closed (another ring through this corner keeps its own edge there).
        if (here === startKey) break
        const out = edges.get(here)
        if (!out || out.length === 0) break
        // Prefer a left turn, then straight on, then right.
        const preferred = [(dir + 1) % 4, dir, (dir + 3) % 4].find((d) => out.includes(d)) ?? (out[0] as number)
        out.splice(out.indexOf(preferred), 1)
        if (preferred !== dir) ring.push([c, r])
        dir = preferred
      }
      if (ring.length >= 4) rings.push(ring)
    }
  }
  return rings
}

/** Douglas-Peucker on a closed ring (its first point is kept). */
function simplify(ring: Point[], tolerance: number): Point[] {
  if (ring.length <= 4) return ring
  const closed = [...ring, ring[0] as Point]
  // The point farthest from the first splits the ring in two open chains.
  let far = 1
  let farD = -1
  for (let i = 1; i < closed.length - 1; i++) {
    const d = distance2(closed[i] as Point, closed[0] as Point)
    if (d > farD) [far, farD] = [i, d]
  }
  const there = simplifyLine(closed.slice(0, far + 1), tolerance)
  const back = simplifyLine(closed.slice(far), tolerance)
  return [...there, ...back.slice(1, -1)]
}

const distance2 = ([x1, y1]: Point, [x2, y2]: Point) => (x1 - x2) ** 2 + (y1 - y2) ** 2

/** Sutherland-Hodgman clipping of a ring to a box. */
function clipToBox(ring: Point[], [minLon, minLat, maxLon, maxLat]: Bbox): Point[] {
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= minLon, (a, b) => atX(a, b, minLon)],
    [(p) => p[0] <= maxLon, (a, b) => atX(a, b, maxLon)],
    [(p) => p[1] >= minLat, (a, b) => atY(a, b, minLat)],
    [(p) => p[1] <= maxLat, (a, b) => atY(a, b, maxLat)],
  ]
  let out = ring
  for (const [inside, cross] of edges) {
    const input = out
    out = []
    for (let i = 0; i < input.length; i++) {
      const current = input[i] as Point
      const previous = input[(i + input.length - 1) % input.length] as Point
      if (inside(current)) {
        if (!inside(previous)) out.push(cross(previous, current))
        out.push(current)
      } else if (inside(previous)) out.push(cross(previous, current))
    }
    if (out.length === 0) break
  }
  return out
}

const atX = (a: Point, b: Point, x: number): Point => [x, a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0])]
const atY = (a: Point, b: Point, y: number): Point => [a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]), y]
