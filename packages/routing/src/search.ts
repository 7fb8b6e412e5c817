/**
 * Bidirectional A* between two snapped points with per-query edge costs
 *   cost(e) = time_mode(e) x (1 + lambda x risk[e]) x penalty(e)
 * using the symmetric ("average") potentials p(v) = (h_t(v) - h_s(v)) / 2 of Ikeda et al. / Goldberg-Harrelson,
 * which stay consistent for both directions, so the search stops as soon as topF + topR >= best (mu).
 * h is the plane distance divided by the mode's fastest speed, times (1 + lambda x the lowest risk of any edge): no
 * edge costs less per metre, so it is a lower bound for any lambda >= 0. With the region's landmarks (landmarks.ts), h
 * is the larger of that and their bound. All buffers are reused across queries (generation stamps).
 */
import { type DirectionState, planeY, type RouterContext, routerContext } from './context.ts'
import { ARC_REVERSED, type RoadGraph } from './graph.ts'
import { type Landmarks, tripBounds } from './landmarks.ts'
import { MODE_INDEX, type Mode } from './road-rules.ts'
import type { Snap } from './spatial-index.ts'

/** A piece of an edge travelled from fraction `from` to fraction `to` (0 = the edge's from node, 1 = its to node). */
export interface Leg {
  edge: number
  from: number
  to: number
}

export interface CostOptions {
  /** Per-edge risk 0..1 (length graph.edgeCount); absent = zeros. */
  risk?: Float32Array
  /** Safety weight: cost = time x (1 + lambda x risk). */
  lambda?: number
  /** Use the context's penalty factors (penalty method for alternatives). */
  penalized?: boolean
  /** Plain Dijkstra in both directions (no potentials): for checks and comparisons. */
  noHeuristic?: boolean
  /** The lowest risk of any edge (riskFloor(risk)), when the caller already has it. */
  riskFloor?: number
  /** The region's landmarks (landmarks.ts): the A* bound becomes the larger of theirs and the plane's. */
  landmarks?: Landmarks
  /** The risk floor the risk array is at or above, edge by edge (the period): selects the safety landmarks. */
  riskKey?: string
}

/** The lowest value of a risk array, at least 0: every edge's cost is at least its time x (1 + lambda x this). */
export function riskFloor(risk: Float32Array): number {
  let low = 1
  for (let e = 0; e < risk.length; e++) if (risk[e]! < low) low = risk[e]!
  return Math.max(0, low)
}

export interface SearchResult {
  cost: number
  legs: Leg[]
  /** Nodes settled by both directions together (search effort). */
  settled: number
}

/** Starts a search: a new generation for the stamps, empty heaps. */
export function nextGeneration(ctx: RouterContext): number {
  ctx.generation++
  if (ctx.generation >= 0xfffffff0) {
    for (const d of [ctx.fwd, ctx.bwd]) {
      d.reached.fill(0)
      d.settled.fill(0)
    }
    ctx.potentialStamp.fill(0)
    ctx.generation = 1
  }
  ctx.fwd.heap.clear()
  ctx.bwd.heap.clear()
  return ctx.generation
}

/**
 * A query's first steps, the same for searchPath and viaRoutes: a new generation, the mode's access bits and times,
 * the safety weight (0 without a risk array) and invV, the least cost of a plane metre (the potentials' bound).
 */
export function startQuery(graph: RoadGraph, mode: Mode, opts: Pick<CostOptions, 'risk' | 'lambda' | 'riskFloor'>) {
  const ctx = routerContext(graph)
  const gen = nextGeneration(ctx)
  const m = MODE_INDEX[mode]
  const risk = opts.risk
  const lambda = risk !== undefined ? (opts.lambda ?? 0) : 0
  const floor = lambda !== 0 ? (opts.riskFloor ?? riskFloor(risk as Float32Array)) : 0
  const invV = (1 + lambda * floor) / ctx.maxSpeed[m]
  return { ctx, gen, fbit: 1 << m, bbit: 8 << m, time: ctx.time[m], risk, lambda, invV }
}

/** Cost of edge e for the query (excluding partial-edge fractions). */
function edgeCostFn(ctx: RouterContext, mode: Mode, opts: CostOptions): (e: number) => number {
  const time = ctx.time[MODE_INDEX[mode]]
  const risk = opts.risk
  const lambda = opts.lambda ?? 0
  const pen = opts.penalized ? ctx.penalty : null
  const penStamp = ctx.penaltyStamp
  const penGen = ctx.penaltyGen
  return (e) => {
    let w = time[e]!
    if (risk !== undefined && lambda !== 0) w *= 1 + lambda * risk[e]!
    if (pen !== null && penStamp[e] === penGen) w *= pen[e]!
    return w
  }
}

/** Shortest path from snap `src` to snap `dst` for the mode, or null when none exists. */
export function searchPath(
  graph: RoadGraph,
  src: Snap,
  dst: Snap,
  mode: Mode,
  opts: CostOptions = {},
): SearchResult | null {
  const { ctx, gen, fbit, bbit, time, risk, lambda, invV } = startQuery(graph, mode, opts)
  const { firstArc, arcTarget, arcEdge, arcFlags, edgeFrom, edgeTo, edgeAccess } = graph
  const pen = opts.penalized ? ctx.penalty : null
  const penStamp = ctx.penaltyStamp
  const penGen = ctx.penaltyGen
  const cost = edgeCostFn(ctx, mode, opts)

  // Potentials: p(v) = (h_t(v) - h_s(v)) / 2, each h the larger of the plane bound (|v - t| / vmax) and the landmarks',
  // cached per node for this generation. The max of feasible potentials is feasible.
  const { x, y, potential, potentialStamp } = ctx
  const useH = !opts.noHeuristic
  const alt = useH ? tripBounds(opts.landmarks, graph, mode, lambda, opts.riskKey, src, dst) : null
  const sx = src.lon * ctx.kx
  const sy = planeY(src.lat)
  const tx = dst.lon * ctx.kx
  const ty = planeY(dst.lat)
  const pot = (v: number): number => {
    if (!useH) return 0
    if (potentialStamp[v] === gen) return potential[v]!
    const xv = x[v]!
    const yv = y[v]!
    const ax = xv - tx
    const ay = yv - ty
    const bx = xv - sx
    const by = yv - sy
    let ht = Math.sqrt(ax * ax + ay * ay) * invV
    let hs = Math.sqrt(bx * bx + by * by) * invV
    if (alt !== null) {
      alt.at(v)
      if (alt.end > ht) ht = alt.end
      if (alt.start > hs) hs = alt.start
    }
    // Both infinite only where neither search can go (no path from the start, none to the end).
    const p = ht === hs ? 0 : 0.5 * (ht - hs)
    potential[v] = p
    potentialStamp[v] = gen
    return p
  }

  const F = ctx.fwd
  const B = ctx.bwd
  let mu = Number.POSITIVE_INFINITY
  let meet = -1
  let direct = false

  const seed = (d: DirectionState, v: number, c: number, sign: number) => {
    if (d.reached[v] === gen) {
      if (c >= d.dist[v]!) return
      d.dist[v] = c
      d.heap.decrease(v, c + sign * pot(v))
    } else {
      d.reached[v] = gen
      d.dist[v] = c
      d.heap.push(v, c + sign * pot(v))
    }
    d.parentArc[v] = -1
    d.parentNode[v] = -1
  }
  const se = src.edge
  const te = dst.edge
  const sw = cost(se)
  const tw = cost(te)
  // A point exactly on a node may leave it by any edge, whatever the direction rules of the snapped one.
  if (edgeAccess[se]! & fbit || src.fraction === 1) seed(F, edgeTo[se]!, (1 - src.fraction) * sw, 1)
  if (edgeAccess[se]! & bbit || src.fraction === 0) seed(F, edgeFrom[se]!, src.fraction * sw, 1)
  const seedB = (v: number, c: number) => {
    seed(B, v, c, -1)
    if (F.reached[v] !== gen) return
    const c2 = F.dist[v]! + B.dist[v]!
    if (c2 < mu) {
      mu = c2
      meet = v
    }
  }
  if (edgeAccess[te]! & fbit || dst.fraction === 0) seedB(edgeFrom[te]!, dst.fraction * tw)
  if (edgeAccess[te]! & bbit || dst.fraction === 1) seedB(edgeTo[te]!, (1 - dst.fraction) * tw)
  if (se === te) {
    const f = src.fraction
    const g = dst.fraction
    let c = Number.POSITIVE_INFINITY
    if (g >= f && edgeAccess[se]! & fbit) c = (g - f) * sw
    else if (g <= f && edgeAccess[se]! & bbit) c = (f - g) * sw
    if (c < mu) {
      mu = c
      direct = true
      meet = -1
    }
  }

  let settled = 0
  const fh = F.heap
  const bh = B.heap
  const fDist = F.dist
  const bDist = B.dist
  const fReached = F.reached
  const bReached = B.reached
  while (fh.size > 0 && bh.size > 0) {
    const topF = fh.topKey()
    const topB = bh.topKey()
    if (topF + topB >= mu) break
    settled++
    if (topF <= topB) {
      const u = fh.pop()
      F.settled[u] = gen
      const du = fDist[u]!
      for (let a = firstArc[u]!, end = firstArc[u + 1]!; a < end; a++) {
        if ((arcFlags[a]! & fbit) === 0) continue
        const v = arcTarget[a]!
        if (F.settled[v] === gen) continue
        const e = arcEdge[a]!
        let w = time[e]!
        if (lambda !== 0) w *= 1 + lambda * (risk as Float32Array)[e]!
        if (pen !== null && penStamp[e] === penGen) w *= pen[e]!
        const nd = du + w
        if (fReached[v] !== gen) {
          fReached[v] = gen
          fDist[v] = nd
          fh.push(v, nd + pot(v))
        } else if (nd < fDist[v]!) {
          fDist[v] = nd
          fh.decrease(v, nd + pot(v))
        } else continue
        F.parentArc[v] = a
        F.parentNode[v] = u
        if (bReached[v] === gen && nd + bDist[v]! < mu) {
          mu = nd + bDist[v]!
          meet = v
          direct = false
        }
      }
    } else {
      const u = bh.pop()
      B.settled[u] = gen
      const du = bDist[u]!
      for (let a = firstArc[u]!, end = firstArc[u + 1]!; a < end; a++) {
        if ((arcFlags[a]! & bbit) === 0) continue
        const v = arcTarget[a]!
        if (B.settled[v] === gen) continue
        const e = arcEdge[a]!
        let w = time[e]!
        if (lambda !== 0) w *= 1 + lambda * (risk as Float32Array)[e]!
        if (pen !== null && penStamp[e] === penGen) w *= pen[e]!
        const nd = du + w
        if (bReached[v] !== gen) {
          bReached[v] = gen
          bDist[v] = nd
          bh.push(v, nd - pot(v))
        } else if (nd < bDist[v]!) {
          bDist[v] = nd
          bh.decrease(v, nd - pot(v))
        } else continue
        B.parentArc[v] = a
        B.parentNode[v] = u
        if (fReached[v] === gen && nd + fDist[v]! < mu) {
          mu = nd + fDist[v]!
          meet = v
          direct = false
        }
      }
    }
  }
  if (mu === Number.POSITIVE_INFINITY) return null
  if (direct) return { cost: mu, legs: [{ edge: se, from: src.fraction, to: dst.fraction }], settled }

  return { cost: mu, legs: legsVia(graph, ctx, src, dst, meet), settled }
}

/**
 * The path through `meet` that the two search trees hold: the forward tree's from the start to `meet`, then the
 * backward tree's from `meet` to the end (the last search's trees, while their generation is current).
 */
export function legsVia(graph: RoadGraph, ctx: RouterContext, src: Snap, dst: Snap, meet: number): Leg[] {
  const { arcEdge, arcFlags, edgeFrom, edgeTo } = graph
  const F = ctx.fwd
  const B = ctx.bwd
  const se = src.edge
  const te = dst.edge
  // Forward half: meet back to a source seed.
  const head: Leg[] = []
  let v = meet
  while (F.parentArc[v] !== -1) {
    const a = F.parentArc[v]!
    const rev = (arcFlags[a]! & ARC_REVERSED) !== 0
    head.push({ edge: arcEdge[a]!, from: rev ? 1 : 0, to: rev ? 0 : 1 })
    v = F.parentNode[v]!
  }
  head.push({ edge: se, from: src.fraction, to: v === edgeTo[se] ? 1 : 0 })
  head.reverse()
  // Backward half: meet forward to a target seed.
  v = meet
  while (B.parentArc[v] !== -1) {
    // The arc runs parent -> v; we travel v -> parent, against the arc.
    const a = B.parentArc[v]!
    const rev = (arcFlags[a]! & ARC_REVERSED) === 0
    head.push({ edge: arcEdge[a]!, from: rev ? 1 : 0, to: rev ? 0 : 1 })
    v = B.parentNode[v]!
  }
  head.push({ edge: te, from: v === edgeFrom[te] ? 0 : 1, to: dst.fraction })
  return head
}
