/**
 * Landmarks (ALT: A*, landmarks and the triangle inequality; Goldberg and Harrelson 2005) on lower-bound costs, so
 * that the searches stay goal-directed with per-query weights. For a landmark L and lower-bound distances d:
 *   d(v, t) >= d(L, t) - d(L, v)   and   d(v, t) >= d(v, L) - d(t, L)
 * Each set holds, per mode, the distances from and to its landmarks on one metric:
 * - lambda 0: the mode's travel time, a lower bound for every query (costs are time x (1 + lambda x risk) x penalty);
 * - lambda > 0: time x (1 + lambda x floor[e]), where floor is each edge's lowest risk the model can give in one period
 *   (riskKey): valid for a query whose risk is at least that floor, with a weight >= lambda; below it, the queries
 *   mix the two sets: c_mu >= (1 - mu/lambda) c_0 + (mu/lambda) c_lambda edge by edge, and each set's potential is
 *   feasible for its own metric, so the mix is feasible for c_mu.
 * Distances are Float32, landmark-major: a query reads its 4 landmarks' rows, where nearby nodes (Morton order)
 * share cache lines. Uint16 units were the plan, but a rounded potential breaks consistency by up to one unit on every
 * arc, and the searches skip settled nodes, so they would no longer be exact; Float32 errors are covered by each
 * set's `slack`.
 */
// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction (hot loops).
import { packer, unpack } from './container.ts'
import { routerContext } from './context.ts'
import type { RoadGraph } from './graph.ts'
import { NodeHeap } from './heap.ts'
import { MODE_INDEX, MODES, type Mode } from './road-rules.ts'
import type { Snap } from './spatial-index.ts'

export interface LandmarkSet {
  mode: Mode
  /** 0: travel time; otherwise time x (1 + lambda x the risk floor `riskKey`). */
  lambda: number
  riskKey: string
  nodes: Uint32Array
  /** d(L, v) and d(v, L), landmark-major (landmark i of node v at i x nodeCount + v); Infinity where no path. */
  from: Float32Array
  to: Float32Array
  /** Taken off every bound: more than the Float32 rounding of two stored distances. */
  slack: number
}

export interface Landmarks {
  nodeCount: number
  edgeCount: number
  count: number
  sets: LandmarkSet[]
}

export interface LandmarkOptions {
  /** Landmarks per mode (default 16). */
  count?: number
  /** Modes with a time set (default all). */
  modes?: readonly Mode[]
  /** Per-edge lowest risk, by key (the safety model's periods), for the safety sets. */
  riskFloors?: Record<string, Float32Array>
  /** Modes with safety sets (default foot and car), and their weight (default 8, the safest weight). */
  riskModes?: readonly Mode[]
  lambda?: number
}

/** Landmarks the router uses on each query, picked from a set by their bound on the trip. */
const ACTIVE = 4

/** One-to-all Dijkstra over the arcs with `bit` (forward: from src; a backward bit gives distances to src). */
function dijkstra(
  graph: RoadGraph,
  heap: NodeHeap,
  d: Float64Array,
  src: number,
  bit: number,
  w: (e: number) => number,
): void {
  const { firstArc, arcFlags, arcTarget, arcEdge } = graph
  d.fill(Number.POSITIVE_INFINITY)
  heap.clear()
  d[src] = 0
  heap.push(src, 0)
  while (heap.size > 0) {
    const u = heap.pop()
    const du = d[u]!
    for (let a = firstArc[u]!, end = firstArc[u + 1]!; a < end; a++) {
      if ((arcFlags[a]! & bit) === 0) continue
      const v = arcTarget[a]!
      const nd = du + w(arcEdge[a]!)
      if (nd >= d[v]!) continue
      if (d[v] === Number.POSITIVE_INFINITY) heap.push(v, nd)
      else heap.decrease(v, nd)
      d[v] = nd
    }
  }
}

function newSet(mode: Mode, lambda: number, riskKey: string, nodes: Uint32Array, n: number): LandmarkSet {
  const k = nodes.length
  return { mode, lambda, riskKey, nodes, from: new Float32Array(n * k), to: new Float32Array(n * k), slack: 0 }
}

function store(set: LandmarkSet, column: Float32Array, i: number, d: Float64Array): void {
  const n = d.length
  let max = set.slack / 2 ** -21
  for (let v = 0; v < n; v++) {
    const x = d[v]!
    column[i * n + v] = x
    if (x !== Number.POSITIVE_INFINITY && x > max) max = x
  }
  set.slack = max * 2 ** -21
}

/**
 * Farthest-point landmarks in each mode's main component (each next one the farthest, there and back, from those
 * chosen), with their time sets, then the safety sets on the same landmarks. 2 x count one-to-all searches per set.
 */
export function buildLandmarks(graph: RoadGraph, options: LandmarkOptions = {}): Landmarks {
  const count = options.count ?? 16
  const lambda = options.lambda ?? 8
  const n = graph.nodeCount
  const ctx = routerContext(graph)
  const heap = new NodeHeap(n)
  const dF = new Float64Array(n)
  const dB = new Float64Array(n)
  const sets: LandmarkSet[] = []
  for (const mode of options.modes ?? MODES) {
    const m = MODE_INDEX[mode]
    const fbit = 1 << m
    const bbit = 8 << m
    const time = ctx.time[m]
    const inMain = new Uint8Array(n)
    let first = -1
    for (let e = 0; e < graph.edgeCount; e++) {
      if ((graph.edgeMain[e]! & fbit) === 0) continue
      inMain[graph.edgeFrom[e]!] = 1
      inMain[graph.edgeTo[e]!] = 1
      if (first === -1) first = graph.edgeFrom[e]!
    }
    if (first === -1) continue
    const farthest = (score: Float64Array) => {
      let best = first
      for (let v = 0; v < n; v++) if (inMain[v] && score[v]! > score[best]! && score[v]! < Infinity) best = v
      return best
    }
    const near = new Float64Array(n).fill(Number.POSITIVE_INFINITY)
    const chosen: number[] = []
    const timeW = (e: number) => time[e]!
    dijkstra(graph, heap, dF, first, fbit, timeW)
    let next = farthest(dF)
    const columns: [Float64Array, Float64Array][] = []
    while (chosen.length < count) {
      chosen.push(next)
      dijkstra(graph, heap, dF, next, fbit, timeW)
      dijkstra(graph, heap, dB, next, bbit, timeW)
      columns.push([Float64Array.from(dF), Float64Array.from(dB)])
      for (let v = 0; v < n; v++) near[v] = Math.min(near[v]!, dF[v]! + dB[v]!)
      next = farthest(near)
      if (chosen.includes(next)) break
    }
    const nodes = Uint32Array.from(chosen)
    const timeSet = newSet(mode, 0, '', nodes, n)
    for (const [i, [f, b]] of columns.entries()) {
      store(timeSet, timeSet.from, i, f)
      store(timeSet, timeSet.to, i, b)
    }
    sets.push(timeSet)
    if (!(options.riskModes ?? ['foot', 'car']).includes(mode)) continue
    for (const [riskKey, floor] of Object.entries(options.riskFloors ?? {})) {
      sets.push(fillRiskSet(graph, newSet(mode, lambda, riskKey, nodes, n), floor, heap, dF))
    }
  }
  return { nodeCount: n, edgeCount: graph.edgeCount, count, sets }
}

/**
 * A safety set's distances on the per-edge risk `floor` (time x (1 + set.lambda x floor)), from and to its landmarks,
 * written into the set's arrays (which may be shared memory), with its slack. The import does it on the lowest risk
 * the model can give; the server again on its current ratings (sync-server region/rated-landmarks.ts).
 */
export function fillRiskSet(
  graph: RoadGraph,
  set: LandmarkSet,
  floor: ArrayLike<number>,
  heap = new NodeHeap(graph.nodeCount),
  d = new Float64Array(graph.nodeCount),
): LandmarkSet {
  if (floor.length !== graph.edgeCount) throw new RangeError(`risk floor ${set.riskKey} has ${floor.length} entries`)
  const m = MODE_INDEX[set.mode]
  const time = routerContext(graph).time[m]
  const { lambda } = set
  const w = (e: number) => time[e]! * (1 + lambda * floor[e]!)
  set.slack = 0
  for (const [i, l] of set.nodes.entries()) {
    dijkstra(graph, heap, d, l, 1 << m, w)
    store(set, set.from, i, d)
    dijkstra(graph, heap, d, l, 8 << m, w)
    store(set, set.to, i, d)
  }
  return set
}

/** One set's ACTIVE landmarks that bound a trip best, with the trip's ends looked up once, and its weight. */
interface Part {
  F: Float32Array
  T: Float32Array
  /** Offsets of the active landmarks' rows (i x nodeCount). */
  idx: Int32Array
  ft: Float64Array
  tt: Float64Array
  fs: Float64Array
  ts: Float64Array
  slack: number
  weight: number
}

/** The ends are the snapped edges' nodes. */
function part(set: LandmarkSet, src: Snap, dst: Snap, graph: RoadGraph, weight: number): Part {
  const { from: F, to: T, slack } = set
  const k = set.nodes.length
  const n = graph.nodeCount
  const s0 = graph.edgeFrom[src.edge]!
  const s1 = graph.edgeTo[src.edge]!
  const t0 = graph.edgeFrom[dst.edge]!
  const t1 = graph.edgeTo[dst.edge]!
  // Over both nodes of each snapped edge: d(v, X) >= min_X d(L, x) - d(L, v), and >= d(v, L) - max_X d(x, L).
  const all = Array.from({ length: k }, (_, i) => {
    const r = i * n
    const ft = Math.min(F[r + t0]!, F[r + t1]!)
    const tt = Math.max(T[r + t0]!, T[r + t1]!)
    const fs = Math.max(F[r + s0]!, F[r + s1]!)
    const ts = Math.min(T[r + s0]!, T[r + s1]!)
    const trip = Math.max(ft - fs, ts - tt)
    return { i, ft, tt, fs, ts, trip: Number.isNaN(trip) ? -1 : trip }
  })
  const best = all.sort((x, y) => y.trip - x.trip).slice(0, Math.min(ACTIVE, k))
  return {
    F,
    T,
    idx: Int32Array.from(best, (b) => b.i * n),
    ft: Float64Array.from(best, (b) => b.ft),
    tt: Float64Array.from(best, (b) => b.tt),
    fs: Float64Array.from(best, (b) => b.fs),
    ts: Float64Array.from(best, (b) => b.ts),
    slack,
    weight,
  }
}

/**
 * Lower bounds for one trip: `at(v)` sets `end` (from v to the end) and `start` (from the start to v), each 0 when
 * nothing is known. One pass over a node's landmark entries gives both, since the searches need both.
 */
export class TripBounds {
  end = 0
  start = 0
  constructor(private readonly parts: readonly Part[]) {}

  at(v: number): void {
    let end = 0
    let start = 0
    for (const p of this.parts) {
      const { F, T, idx, ft, tt, fs, ts, slack } = p
      let e = 0
      let s = 0
      for (let j = 0; j < idx.length; j++) {
        const i = idx[j]! + v
        const f = F[i]!
        const t = T[i]!
        const a = ft[j]! - f
        const b = t - tt[j]!
        const c = f - fs[j]!
        const d = ts[j]! - t
        if (a > e) e = a
        if (b > e) e = b
        if (c > s) s = c
        if (d > s) s = d
      }
      end += p.weight * (e > slack ? e - slack : 0)
      start += p.weight * (s > slack ? s - slack : 0)
    }
    this.end = end
    this.start = start
  }

  toEnd(v: number): number {
    this.at(v)
    return this.end
  }

  fromStart(v: number): number {
    this.at(v)
    return this.start
  }
}

/**
 * The landmark bounds for a query of `mode` with weight `lambda` on a risk array at or above the floor `riskKey`
 * (edge by edge), or null when the region has no landmarks for the mode (then the plane bound alone is used).
 */
export function tripBounds(
  landmarks: Landmarks | undefined,
  graph: RoadGraph,
  mode: Mode,
  lambda: number,
  riskKey: string | undefined,
  src: Snap,
  dst: Snap,
): TripBounds | null {
  if (landmarks === undefined) return null
  if (landmarks.nodeCount !== graph.nodeCount || landmarks.edgeCount !== graph.edgeCount) {
    throw new RangeError('The landmarks are not those of this graph')
  }
  const base = landmarks.sets.find((s) => s.mode === mode && s.lambda === 0)
  if (base === undefined) return null
  const safe =
    lambda > 0 && riskKey !== undefined
      ? landmarks.sets.find((s) => s.mode === mode && s.lambda > 0 && s.riskKey === riskKey)
      : undefined
  if (safe === undefined) return new TripBounds([part(base, src, dst, graph, 1)])
  if (lambda >= safe.lambda) return new TripBounds([part(safe, src, dst, graph, 1)])
  const w = lambda / safe.lambda
  return new TripBounds([part(base, src, dst, graph, 1 - w), part(safe, src, dst, graph, w)])
}

const MAGIC = 'WNLMARK1'

/** 'WNLMARK1', a uint32 JSON length, the JSON (counts, sets, layout), then the Float32 arrays 8-byte aligned. */
export function serializeLandmarks(landmarks: Landmarks): Uint8Array {
  const pack = packer(MAGIC)
  const sets = landmarks.sets.map((s) => ({
    mode: s.mode,
    lambda: s.lambda,
    riskKey: s.riskKey,
    slack: s.slack,
    nodes: [...s.nodes],
    from: pack.place(s.from),
    to: pack.place(s.to),
  }))
  const { nodeCount, edgeCount, count } = landmarks
  return pack.finish({ nodeCount, edgeCount, count, sets })
}

/** Views on the bytes (no copy when they are 8-byte aligned); throws on a foreign, truncated or mismatched file. */
export function deserializeLandmarks(bytes: Uint8Array, graph?: RoadGraph): Landmarks {
  const { header, view: viewOf } = unpack(bytes, MAGIC, 'landmarks')
  const view = (at: [number, number]) => viewOf(Float32Array, at)
  const landmarks: Landmarks = {
    nodeCount: header.nodeCount,
    edgeCount: header.edgeCount,
    count: header.count,
    sets: header.sets.map(
      (s: {
        mode: Mode
        lambda: number
        riskKey: string
        slack: number
        nodes: number[]
        from: [number, number]
        to: [number, number]
      }) => ({
        mode: s.mode,
        lambda: s.lambda,
        riskKey: s.riskKey,
        slack: s.slack,
        nodes: Uint32Array.from(s.nodes),
        from: view(s.from),
        to: view(s.to),
      }),
    ),
  }
  for (const s of landmarks.sets) {
    if (s.from.length !== s.nodes.length * landmarks.nodeCount || s.to.length !== s.from.length) {
      throw new Error('Malformed Wings landmarks file')
    }
  }
  if (graph && (landmarks.nodeCount !== graph.nodeCount || landmarks.edgeCount !== graph.edgeCount)) {
    throw new Error('The landmarks file is not for this graph')
  }
  return landmarks
}

/** Writes atomically (temp file + rename), as saveGraph. */
