/** Shared test helpers: data paths, a plain Dijkstra reference (the seeded RNG is @wings/geo/testing). */
import { fileURLToPath } from 'node:url'
import type { RoadGraph } from '../graph.ts'
import { HIGHWAY_CLASSES, MODE_INDEX, type Mode } from '../road-rules.ts'
import type { Snap } from '../spatial-index.ts'
import { travelKmh } from '../travel-speed.ts'

/** The shared OSM extracts (never copied into the repo): /work/shared/data. */
export const DATA_DIR = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
export const dataFile = (name: string) => `${DATA_DIR}${name}`

/** The highway class name of edge e; throws on a missing edge or an unknown class code. */
export function highwayClass(graph: RoadGraph, e: number): string {
  const code = graph.edgeClass[e]
  const name = code === undefined ? undefined : HIGHWAY_CLASSES[code]
  if (name === undefined) throw new Error(`edge ${e}: no highway class (code ${code})`)
  return name
}

/** Unidirectional Dijkstra with a lazy array heap, written independently of the router: the reference cost. */
export function referenceCost(
  graph: RoadGraph,
  src: Snap,
  dst: Snap,
  mode: Mode,
  risk?: Float32Array,
  lambda = 0,
): number {
  const m = MODE_INDEX[mode]
  const fwd = 1 << m
  const bwd = 8 << m
  const { edgeAccess, edgeFrom, edgeTo, firstArc, arcEdge, arcTarget } = graph
  // Indexes below are edges, nodes and arcs of the graph, or heap slots below heap.length: always in range.
  const w = (e: number) =>
    Math.fround(graph.edgeLength[e]! / (travelKmh(graph, e, m) / 3.6)) * (risk && lambda ? 1 + lambda * risk[e]! : 1)
  const dist = new Float64Array(graph.nodeCount).fill(Number.POSITIVE_INFINITY)
  const heap: [number, number][] = []
  const key = (i: number) => heap[i]![0]
  const swap = (i: number, j: number) => {
    const t = heap[i]!
    heap[i] = heap[j]!
    heap[j] = t
  }
  const push = (k: number, v: number) => {
    heap.push([k, v])
    let i = heap.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (key(p) <= key(i)) break
      swap(p, i)
      i = p
    }
  }
  /** Only called while the heap is non-empty. */
  const pop = (): [number, number] => {
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let s = i
        if (l < heap.length && key(l) < key(s)) s = l
        if (r < heap.length && key(r) < key(s)) s = r
        if (s === i) break
        swap(s, i)
        i = s
      }
    }
    return top
  }
  const relax = (v: number, d: number) => {
    if (d < dist[v]!) {
      dist[v] = d
      push(d, v)
    }
  }
  const se = src.edge
  if (edgeAccess[se]! & fwd || src.fraction === 1) relax(edgeTo[se]!, (1 - src.fraction) * w(se))
  if (edgeAccess[se]! & bwd || src.fraction === 0) relax(edgeFrom[se]!, src.fraction * w(se))
  while (heap.length > 0) {
    const [d, u] = pop()
    if (d > dist[u]!) continue
    for (let a = firstArc[u]!; a < firstArc[u + 1]!; a++) {
      const e = arcEdge[a]!
      const v = arcTarget[a]!
      const forward = edgeFrom[e] === u
      if ((edgeAccess[e]! & (forward ? fwd : bwd)) === 0) continue
      relax(v, d + w(e))
    }
  }
  const te = dst.edge
  let best = Number.POSITIVE_INFINITY
  if (edgeAccess[te]! & fwd || dst.fraction === 0) best = Math.min(best, dist[edgeFrom[te]!]! + dst.fraction * w(te))
  if (edgeAccess[te]! & bwd || dst.fraction === 1)
    best = Math.min(best, dist[edgeTo[te]!]! + (1 - dst.fraction) * w(te))
  if (se === te) {
    if (dst.fraction >= src.fraction && edgeAccess[se]! & fwd)
      best = Math.min(best, (dst.fraction - src.fraction) * w(se))
    if (dst.fraction <= src.fraction && edgeAccess[se]! & bwd)
      best = Math.min(best, (src.fraction - dst.fraction) * w(se))
  }
  return best
}
