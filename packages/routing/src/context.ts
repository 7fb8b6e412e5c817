/**
 * Per-graph runtime data derived once (not stored in the graph file): travel times per mode (travel-speed.ts), a flat projection
 * of the nodes for A* bounds, the snapping grid and the reusable search buffers. Cached per graph object.
 */
import { METRES_PER_DEGREE } from '@wings/geo'
import type { RoadGraph } from './graph.ts'
import { NodeHeap } from './heap.ts'
import type { ModeIndex } from './road-rules.ts'
import { buildSpatialGrid, type SpatialGrid } from './spatial-index.ts'
import { travelKmh } from './travel-speed.ts'

/** Search state of one direction; arrays are indexed by node and valid only where stamp === generation. */
export interface DirectionState {
  dist: Float64Array
  parentArc: Int32Array
  parentNode: Int32Array
  reached: Uint32Array
  settled: Uint32Array
  heap: NodeHeap
}

export interface RouterContext {
  graph: RoadGraph
  /** Seconds to traverse each edge, per mode index (0 foot, 1 bike, 2 car). */
  time: [Float32Array, Float32Array, Float32Array]
  /** Fastest speed (m/s) of any edge per mode: the A* bound. */
  maxSpeed: [number, number, number]
  /** Node positions in metres on a plane whose distances never exceed the true ones. */
  x: Float64Array
  y: Float64Array
  /** Metres per degree of longitude on that plane (cos of the largest |latitude| x metres per degree). */
  kx: number
  grid: SpatialGrid
  fwd: DirectionState
  bwd: DirectionState
  potential: Float64Array
  potentialStamp: Uint32Array
  generation: number
  /** Per-edge extra cost factor for the penalty method (alternatives); valid where penaltyStamp === penaltyGen. */
  penalty: Float32Array
  penaltyStamp: Uint32Array
  penaltyGen: number
  /** Plateau method (via-routes.ts): nodes in the order the forward tree settled them, and each one's plateau start. */
  settleOrder: Int32Array
  plateauStart: Int32Array
  /** Plateau method: each node's lower bound to the end (forward tree) and from the start (backward tree). */
  farF: Float64Array
  farB: Float64Array
}

const cache = new WeakMap<RoadGraph, RouterContext>()

function direction(n: number): DirectionState {
  return {
    dist: new Float64Array(n),
    parentArc: new Int32Array(n),
    parentNode: new Int32Array(n),
    reached: new Uint32Array(n),
    settled: new Uint32Array(n),
    heap: new NodeHeap(n),
  }
}

/** The graph's runtime context, built on first use (a few tens of ms for a city). */
export function routerContext(graph: RoadGraph): RouterContext {
  let ctx = cache.get(graph)
  if (ctx) return ctx
  const n = graph.nodeCount
  const m = graph.edgeCount
  const time: [Float32Array, Float32Array, Float32Array] = [
    new Float32Array(m),
    new Float32Array(m),
    new Float32Array(m),
  ]
  const maxSpeed: [number, number, number] = [0.1, 0.1, 0.1]
  for (let e = 0; e < m; e++) {
    const acc = graph.edgeAccess[e]!
    const len = graph.edgeLength[e]!
    for (let k = 0; k < 3; k++) {
      const mps = travelKmh(graph, e, k as ModeIndex) / 3.6
      time[k]![e] = len / mps
      if ((acc & ((1 << k) | (8 << k))) !== 0 && mps > maxSpeed[k]!) maxSpeed[k] = mps
    }
  }
  const [, minLat, , maxLat] = graph.meta.bbox
  const maxAbsLat = Math.min(89, Math.max(Math.abs(minLat), Math.abs(maxLat)))
  // Shrink slightly so the plane distance stays a lower bound of the haversine length (float32 lengths too).
  const scale = 0.995 * METRES_PER_DEGREE
  const kx = Math.cos((maxAbsLat * Math.PI) / 180) * scale
  const x = new Float64Array(n)
  const y = new Float64Array(n)
  for (let v = 0; v < n; v++) {
    x[v] = (graph.nodeLon[v]! / 1e7) * kx
    y[v] = (graph.nodeLat[v]! / 1e7) * scale
  }
  ctx = {
    graph,
    time,
    maxSpeed,
    x,
    y,
    kx,
    grid: buildSpatialGrid(graph),
    fwd: direction(n),
    bwd: direction(n),
    potential: new Float64Array(n),
    potentialStamp: new Uint32Array(n),
    generation: 0,
    penalty: new Float32Array(m),
    penaltyStamp: new Uint32Array(m),
    penaltyGen: 1,
    settleOrder: new Int32Array(n),
    plateauStart: new Int32Array(n),
    farF: new Float64Array(n),
    farB: new Float64Array(n),
  }
  cache.set(graph, ctx)
  return ctx
}

/** The y of a latitude on the context's plane. */
export function planeY(lat: number): number {
  return lat * 0.995 * METRES_PER_DEGREE
}
