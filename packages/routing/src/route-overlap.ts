/**
 * How much two routes run along the same way, measured on the ground rather than by edges: a sidewalk mapped as
 * its own footway beside a street is the same way for her, though its edges are not the street's. Each route is
 * sampled every STEP_M metres onto a grid of CELL_M-metre cells; a sample of one route is shared when a sample of
 * the other lies in its cell or a neighbouring one. So anything within about 11 m of the other route counts as
 * shared (and nothing farther than 2.8 x CELL_M), enough to merge both sides of a wide street, not two parallel
 * streets.
 */

import { METRES_PER_DEGREE } from '@wings/geo'
import { routerContext } from './context.ts'
import type { RoadGraph } from './graph.ts'
import { type Route, routePoints } from './route-legs.ts'

const CELL_M = 12
const STEP_M = 10

/** A route's samples: the cell of each and the metres it stands for. */
export interface RouteShape {
  cells: Int32Array
  meters: Float32Array
  length: number
  /** Cells per row of the grid the keys count on. */
  cols: number
  /** The cells and their neighbours, made when first needed (routes kept are compared with many candidates). */
  near?: CellSet
}

/** A set of cell keys (>= 0): open addressing on a typed array, several times quicker than a Set here. */
export class CellSet {
  private readonly slots: Int32Array
  private readonly mask: number

  constructor(expected: number) {
    let size = 16
    while (size < expected * 2) size *= 2
    this.slots = new Int32Array(size)
    this.mask = size - 1
  }

  add(key: number): void {
    const k = key + 1
    let i = Math.imul(k, 0x9e3779b1) & this.mask
    for (;;) {
      const s = this.slots[i]!
      if (s === k) return
      if (s === 0) {
        this.slots[i] = k
        return
      }
      i = (i + 1) & this.mask
    }
  }

  has(key: number): boolean {
    const k = key + 1
    let i = Math.imul(k, 0x9e3779b1) & this.mask
    for (;;) {
      const s = this.slots[i]!
      if (s === k) return true
      if (s === 0) return false
      i = (i + 1) & this.mask
    }
  }
}

/** Samples a line of [lat, lon] points (a route's geometry) on the graph's grid. */
export function routeShape(graph: RoadGraph, points: readonly (readonly [number, number])[]): RouteShape {
  const { grid } = routerContext(graph)
  // Cell keys are (row + 1) x cols + (col + 1) over the region's box, so a neighbour of any cell has a key too.
  const cols = Math.ceil(grid.cols * (grid.cell / CELL_M)) + 3
  const cellOf = (lat: number, lon: number) => {
    const cx = Math.floor((lon * grid.kx - grid.originX) / CELL_M)
    const cy = Math.floor((lat * METRES_PER_DEGREE - grid.originY) / CELL_M)
    return (Math.max(-1, cy) + 1) * cols + Math.min(cols - 2, Math.max(-1, cx)) + 1
  }
  const cells: number[] = []
  const meters: number[] = []
  let length = 0
  for (let i = 1; i < points.length; i++) {
    const [alat, alon] = points[i - 1]!
    const [blat, blon] = points[i]!
    const dx = (blon - alon) * grid.kx
    const dy = (blat - alat) * METRES_PER_DEGREE
    const seg = Math.sqrt(dx * dx + dy * dy)
    if (seg === 0) continue
    const n = Math.ceil(seg / STEP_M)
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n
      const c = cellOf(alat + (blat - alat) * t, alon + (blon - alon) * t)
      // Consecutive samples in one cell are merged: they are shared or not together.
      if (cells.length > 0 && cells[cells.length - 1] === c) meters[meters.length - 1]! += seg / n
      else {
        cells.push(c)
        meters.push(seg / n)
      }
    }
    length += seg
  }
  return { cells: Int32Array.from(cells), meters: Float32Array.from(meters), length, cols }
}

/** Each sample's cell and its eight neighbours; consecutive cells are neighbours, so about 3 new per cell. */
function nearCells(shape: RouteShape): CellSet {
  if (shape.near !== undefined) return shape.near
  const near = new CellSet(shape.cells.length * 4 + 9)
  const cols = shape.cols
  for (const c of shape.cells) {
    for (let row = c - cols; row <= c + cols; row += cols) {
      near.add(row - 1)
      near.add(row)
      near.add(row + 1)
    }
  }
  shape.near = near
  return near
}

/**
 * The share (0..1) of the shorter route's length that runs along the other, counted on `candidate`'s samples
 * within reach of `kept`: 1 for the same way (or either side of one street), 0 for routes that never meet.
 */
export function overlapShare(kept: RouteShape, candidate: RouteShape): number {
  const shorter = Math.min(kept.length, candidate.length)
  if (shorter === 0) return 1
  const near = nearCells(kept)
  let shared = 0
  for (let i = 0; i < candidate.cells.length; i++) if (near.has(candidate.cells[i]!)) shared += candidate.meters[i]!
  return Math.min(1, shared / shorter)
}

const shapeCache = new WeakMap<Route, RouteShape>()

function shapeOf(graph: RoadGraph, route: Route): RouteShape {
  let shape = shapeCache.get(route)
  if (shape === undefined) {
    shape = routeShape(graph, routePoints(graph, route))
    shapeCache.set(route, shape)
  }
  return shape
}

/**
 * The share (0..1) of the shorter route's length that runs along the other route, on the ground: a sidewalk
 * beside a street counts as the street (route-overlap.ts).
 */
export function routeOverlap(graph: RoadGraph, a: Route, b: Route): number {
  const sa = shapeOf(graph, a)
  const sb = shapeOf(graph, b)
  return Math.max(overlapShare(sa, sb), overlapShare(sb, sa))
}

const fullEdgesCache = new WeakMap<Route, Set<number>>()

/** The edges a route travels from end to end. */
function fullEdges(route: Route): Set<number> {
  let edges = fullEdgesCache.get(route)
  if (edges === undefined) {
    edges = new Set()
    for (const leg of route.legs) if (Math.abs(leg.to - leg.from) === 1) edges.add(leg.edge)
    fullEdgesCache.set(route, edges)
  }
  return edges
}

/**
 * routeOverlap(a, b) > limit. First on whole edges both travel, which the two search trees of the plateau method
 * make common and which needs no line: those metres lie along both routes on the ground too, so more than `limit`
 * of them settles it. Then on b's samples, which most other candidates fail already.
 */
export function overlapsMore(graph: RoadGraph, kept: Route, candidate: Route, limit: number): boolean {
  const keptEdges = fullEdges(kept)
  let sameEdges = 0
  for (let i = 0; i < candidate.legs.length; i++) {
    const leg = candidate.legs[i]!
    if (Math.abs(leg.to - leg.from) === 1 && keptEdges.has(leg.edge)) sameEdges += candidate.edgeMeters[i]!
  }
  if (sameEdges > limit * Math.min(kept.distance, candidate.distance)) return true
  const sk = shapeOf(graph, kept)
  const sc = shapeOf(graph, candidate)
  return overlapShare(sk, sc) > limit || overlapShare(sc, sk) > limit
}

/** Metres two routes share on the same edges (overlapping fractions), over the shorter route's length. */
export function sharedShare(a: Route, b: Route): number {
  const spans = new Map<number, [number, number][]>()
  for (const l of a.legs) {
    const list = spans.get(l.edge) ?? []
    list.push([Math.min(l.from, l.to), Math.max(l.from, l.to)])
    spans.set(l.edge, list)
  }
  let shared = 0
  // Fraction overlap times edge length: legs carry metres via edgeMeters/|to-from|.
  for (const [i, l] of b.legs.entries()) {
    const list = spans.get(l.edge)
    if (!list) continue
    const lo = Math.min(l.from, l.to)
    const hi = Math.max(l.from, l.to)
    const perFraction = hi > lo ? b.edgeMeters[i]! / (hi - lo) : 0
    for (const [alo, ahi] of list) shared += Math.max(0, Math.min(hi, ahi) - Math.max(lo, alo)) * perFraction
  }
  const shorter = Math.min(a.distance, b.distance)
  return shorter > 0 ? shared / shorter : 1
}
