/** Shared test helpers: data paths, a seeded RNG, a plain Dijkstra reference. */
import { fileURLToPath } from 'node:url'
import type { RoadGraph } from '../graph.ts'
import { MODE_INDEX, type Mode } from '../road-rules.ts'
import type { Snap } from '../spatial-index.ts'

/** The shared OSM extracts (never copied into the repo): /work/shared/data. */
export const DATA_DIR = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url))
export const dataFile = (name: string) => `${DATA_DIR}${name}`

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
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
  const w = (e: number) =>
    Math.fround(graph.edgeLength[e] / (Math.max(1, graph.edgeSpeed[e * 3 + m]) / 3.6)) *
    (risk && lambda ? 1 + lambda * risk[e] : 1)
  const dist = new Float64Array(graph.nodeCount).fill(Number.POSITIVE_INFINITY)
  const heap: [number, number][] = []
  const push = (k: number, v: number) => {
    heap.push([k, v])
    let i = heap.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (heap[p][0] <= heap[i][0]) break
      ;[heap[p], heap[i]] = [heap[i], heap[p]]
      i = p
    }
  }
  const pop = (): [number, number] => {
    const top = heap[0]
    const last = heap.pop() as [number, number]
    if (heap.length > 0) {
      heap[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let s = i
        if (l < heap.length && heap[l][0] < heap[s][0]) s = l
        if (r < heap.length && heap[r][0] < heap[s][0]) s = r
        if (s === i) break
        ;[heap[s], heap[i]] = [heap[i], heap[s]]
        i = s
      }
    }
    return top
  }
  const relax = (v: number, d: number) => {
    if (d < dist[v]) {
      dist[v] = d
      push(d, v)
    }
  }
  const se = src.edge
  if (graph.edgeAccess[se] & fwd || src.fraction === 1) relax(graph.edgeTo[se], (1 - src.fraction) * w(se))
  if (graph.edgeAccess[se] & bwd || src.fraction === 0) relax(graph.edgeFrom[se], src.fraction * w(se))
  while (heap.length > 0) {
    const [d, u] = pop()
    if (d > dist[u]) continue
    for (let a = graph.firstArc[u]; a < graph.firstArc[u + 1]; a++) {
      const e = graph.arcEdge[a]
      const v = graph.arcTarget[a]
      const forward = graph.edgeFrom[e] === u
      if ((graph.edgeAccess[e] & (forward ? fwd : bwd)) === 0) continue
      relax(v, d + w(e))
    }
  }
  const te = dst.edge
  let best = Number.POSITIVE_INFINITY
  if (graph.edgeAccess[te] & fwd || dst.fraction === 0)
    best = Math.min(best, dist[graph.edgeFrom[te]] + dst.fraction * w(te))
  if (graph.edgeAccess[te] & bwd || dst.fraction === 1)
    best = Math.min(best, dist[graph.edgeTo[te]] + (1 - dst.fraction) * w(te))
  if (se === te) {
    if (dst.fraction >= src.fraction && graph.edgeAccess[se] & fwd)
      best = Math.min(best, (dst.fraction - src.fraction) * w(se))
    if (dst.fraction <= src.fraction && graph.edgeAccess[se] & bwd)
      best = Math.min(best, (src.fraction - dst.fraction) * w(se))
  }
  return best
}
