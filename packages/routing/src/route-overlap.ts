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
