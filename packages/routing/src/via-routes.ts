/**
 * Alternative routes by the plateau method (the via-node family: Cambridge Vehicle Information Technology's "choice
 * routing"; Abraham, Delling, Goldberg and Werneck, "Alternative routes in road networks", 2013). A forward
 * shortest-path tree grows from the start and a backward one from the end, each only over nodes that can lie on a
 * route within `stretch` times the optimum cost, and up to `reach` of that bound. Where both trees use the same
 * edge they form a plateau: every stretch of it is a shortest path both from the start and to the end. The route
 * through a plateau (the forward tree to its end, then the backward tree) is locally optimal along the plateau, so
 * it is a route people would take, not a detour. Candidates are ranked by cost, those with too short a plateau left
 * out. The same two trees give the optimal route (bidirectional Dijkstra), so no separate search is needed for it.
 */
// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction (hot loops).
import { type DirectionState, planeY } from './context.ts'
import type { RoadGraph } from './graph.ts'
import { type Landmarks, tripBounds } from './landmarks.ts'
import type { Mode } from './road-rules.ts'
import { type Leg, legsVia, type SearchResult, startQuery } from './search.ts'
import type { Snap } from './spatial-index.ts'

export interface ViaOptions {
  /** Per-edge risk 0..1 and its weight: cost = time x (1 + lambda x risk), as searchPath. */
  risk?: Float32Array
  lambda?: number
  /** The lowest risk of any edge (riskFloor), for the pruning bound. */
  riskFloor?: number
  /** Landmarks and the risk floor key, as searchPath: a tighter pruning bound. */
  landmarks?: Landmarks
  riskKey?: string
  /** Routes cost at most this many times the optimum. */
  stretch: number
  /** A plateau must be at least this share of the optimum cost. */
  minPlateau: number
  /** At most this many alternatives, cheapest first. */
  limit: number
  /** Each tree grows up to this share of the bound (via nodes lie in the middle band of their routes). */
  reach: number
  /**
   * The most nodes both trees may settle together: past it they stop growing, with what they hold (null when they have
   * not met yet). Bounds the work of one query whatever the trip (default unbounded).
   */
  maxSettled?: number
  /**
   * The cost of some route under these costs (another search's, re-weighed), so at least the optimum's: the trees
   * are pruned from their first node, not only once they meet.
   */
  upperBound?: number
}

export interface ViaResult {
  /** The optimal route under these costs; when not `exact`, the best the trees met before maxSettled stopped them. */
  optimal: SearchResult
  exact: boolean
  /** Alternatives (as legs), cheapest first; the optimal route is not among them. */
  alternatives: Leg[][]
}

/**
 * The optimal route and up to `limit` alternatives, or null when no route exists or both points are on one edge
 * (then searchPath knows better).
 */
export function viaRoutes(graph: RoadGraph, src: Snap, dst: Snap, mode: Mode, opts: ViaOptions): ViaResult | null {
  if (src.edge === dst.edge) return null
  const { ctx, gen, fbit, bbit, time, risk, lambda, invV } = startQuery(graph, mode, opts)
  const { firstArc, arcTarget, arcEdge, arcFlags, edgeFrom, edgeTo, edgeAccess } = graph
  const { x, y } = ctx
  const F = ctx.fwd
  const B = ctx.bwd
  const cost = (e: number) => time[e]! * (lambda !== 0 ? 1 + lambda * risk![e]! : 1)
  const alt = tripBounds(opts.landmarks, graph, mode, lambda, opts.riskKey, src, dst)

  const seed = (d: DirectionState, v: number, c: number) => {
    if (d.reached[v] === gen) {
      if (c >= d.dist[v]!) return
      d.dist[v] = c
      d.heap.decrease(v, c)
    } else {
      d.reached[v] = gen
      d.dist[v] = c
      d.heap.push(v, c)
    }
    d.parentArc[v] = -1
    d.parentNode[v] = -1
    // A seed's bound to the far end is not needed: 0 keeps it.
    ;(d === F ? ctx.farF : ctx.farB)[v] = 0
  }
  const se = src.edge
  const te = dst.edge
  // The same seeds as searchPath: the snapped point's edge, partly, towards each end it may be left by.
  if (edgeAccess[se]! & fbit || src.fraction === 1) seed(F, edgeTo[se]!, (1 - src.fraction) * cost(se))
  if (edgeAccess[se]! & bbit || src.fraction === 0) seed(F, edgeFrom[se]!, src.fraction * cost(se))
  if (edgeAccess[te]! & fbit || dst.fraction === 0) seed(B, edgeFrom[te]!, dst.fraction * cost(te))
  if (edgeAccess[te]! & bbit || dst.fraction === 1) seed(B, edgeTo[te]!, (1 - dst.fraction) * cost(te))
  let mu = Number.POSITIVE_INFINITY
  let meet = -1
  for (const v of [edgeFrom[te]!, edgeTo[te]!]) {
    if (F.reached[v] === gen && B.reached[v] === gen && F.dist[v]! + B.dist[v]! < mu) {
      mu = F.dist[v]! + B.dist[v]!
      meet = v
    }
  }

  // Both trees grow together (Dijkstra: keys are exact distances, so each is a shortest-path tree) until neither
  // has a node left within its reach, a share of the bound (stretch x the best route met so far) and never under
  // half of that route, so the best route is the optimum. A node is pruned where even a straight line from it to the
  // far end would break the bound.
  const order = ctx.settleOrder
  const farF = ctx.farF
  const farB = ctx.farB
  let settledF = 0
  let settled = 0
  const sx = src.lon * ctx.kx
  const sy = planeY(src.lat)
  const tx = dst.lon * ctx.kx
  const ty = planeY(dst.lat)
  let bound = Number.POSITIVE_INFINITY
  let reach = Number.POSITIVE_INFINITY
  const maxSettled = opts.maxSettled ?? Number.POSITIVE_INFINITY
  const limitTo = (best: number) => {
    bound = Math.min(bound, best * opts.stretch * (1 + 1e-9))
    reach = Math.min(reach, Math.max(best / 2, bound * opts.reach))
  }
  if (opts.upperBound !== undefined && Number.isFinite(opts.upperBound)) limitTo(opts.upperBound * (1 + 1e-9))
  for (;;) {
    const topF = F.heap.topKey()
    const topB = B.heap.topKey()
    const top = Math.min(topF, topB)
    if (top > reach || top === Number.POSITIVE_INFINITY || settled >= maxSettled) break
    const forward = topF <= topB
    const d = forward ? F : B
    const other = forward ? B : F
    const bit = forward ? fbit : bbit
    const farX = forward ? tx : sx
    const farY = forward ? ty : sy
    const { heap, dist, reached, settled: done, parentArc, parentNode } = d
    // The lower bound to the far end, per node: set when the node is first met (with dist = infinity).
    const far = forward ? farF : farB
    const u = heap.pop()
    done[u] = gen
    if (forward) order[settledF++] = u
    settled++
    const du = dist[u]!
    for (let a = firstArc[u]!, end = firstArc[u + 1]!; a < end; a++) {
      if ((arcFlags[a]! & bit) === 0) continue
      const v = arcTarget[a]!
      if (done[v] === gen) continue
      const e = arcEdge[a]!
      let w = time[e]!
      if (lambda !== 0) w *= 1 + lambda * risk![e]!
      const nd = du + w
      if (reached[v] !== gen) {
        reached[v] = gen
        dist[v] = Number.POSITIVE_INFINITY
        const dx = x[v]! - farX
        const dy = y[v]! - farY
        // With landmarks, -1 - the plane bound: theirs is taken only once a bound exists and the plane's does not
        // prune the node already (most nodes are reached before the trees meet).
        const plane = Math.sqrt(dx * dx + dy * dy) * invV
        far[v] = alt === null ? plane : -1 - plane
      }
      if (nd >= dist[v]!) continue
      if (bound !== Number.POSITIVE_INFINITY) {
        let f = far[v]!
        if (f < 0) {
          f = -1 - f
          if (nd + f <= bound) {
            f = Math.max(f, forward ? alt!.toEnd(v) : alt!.fromStart(v))
            far[v] = f
          }
        }
        if (nd + f > bound) continue
      }
      if (dist[v] === Number.POSITIVE_INFINITY) heap.push(v, nd)
      else heap.decrease(v, nd)
      dist[v] = nd
      parentArc[v] = a
      parentNode[v] = u
      if (other.reached[v] === gen && nd + other.dist[v]! < mu) {
        mu = nd + other.dist[v]!
        meet = v
        limitTo(mu)
      }
    }
  }
  if (meet === -1) return null
  const optimal: SearchResult = { cost: mu, legs: legsVia(graph, ctx, src, dst, meet), settled }
  // Bidirectional Dijkstra's proof of the optimum (a pruned node cannot beat the bound, so cannot beat mu either).
  const exact = F.heap.topKey() + B.heap.topKey() >= mu

  // Plateaus, in the forward tree's settling order (a node's forward parent comes before it): start[v] is the first
  // node of the plateau that reaches v, or v itself when the edge into v is not shared by both trees.
  const start = ctx.plateauStart
  const minPlateau = opts.minPlateau * mu
  const ends: number[] = []
  const costs: number[] = []
  const fDist = F.dist
  const bDist = B.dist
  for (let i = 0; i < settledF; i++) {
    const v = order[i]!
    if (B.settled[v] !== gen) continue
    const u = F.parentNode[v]!
    const shared =
      u !== -1 && B.settled[u] === gen && B.parentNode[u] === v && arcEdge[B.parentArc[u]!] === arcEdge[F.parentArc[v]!]
    const s = shared ? start[u]! : v
    start[v] = s
    if (s === v) continue
    // Only the last node of a plateau makes a candidate: the plateau goes on when the backward tree's next node
    // has v as its forward parent over the same edge.
    const w = B.parentNode[v]!
    if (
      w !== -1 &&
      F.settled[w] === gen &&
      F.parentNode[w] === v &&
      arcEdge[F.parentArc[w]!] === arcEdge[B.parentArc[v]!]
    )
      continue
    const total = fDist[v]! + bDist[v]!
    // The optimal route is one plateau from end to end: it is not an alternative.
    if (total > bound || total <= mu * (1 + 1e-9)) continue
    if (fDist[v]! - fDist[s]! < minPlateau) continue
    ends.push(v)
    costs.push(total)
  }
  const ranked = ends.map((_, i) => i).sort((a, b) => costs[a]! - costs[b]!)
  return {
    optimal,
    exact,
    alternatives: ranked.slice(0, opts.limit).map((i) => legsVia(graph, ctx, src, dst, ends[i]!)),
  }
}
