// A probe for issue 27's plan (docs/metro.md), not part of `npm run bench`: how much landmarks (ALT) on lower-bound
// costs would tighten the A* bound on the synthetic metro, against today's plane bound. 16 farthest-point landmarks,
// distances on each metric's lower-bound costs, then one-directional A* with either bound on 30 seeded trips; both
// must find the same cost. Needs the metro that bench/metro.bench.ts builds (its folder is printed there).
// Run: cd sync-server && nice -n 10 node --import tsx ../bench/metro-alt-probe.ts $TMPDIR/wings-metro-bench/<key>/data
// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction.

import { equirectangularMetres } from '../packages/geo/src/index.ts'
import { seededRandom } from '../packages/geo/src/testing/random.ts'
import { NodeHeap } from '../packages/routing/src/heap.ts'
import { routerContext } from '../packages/routing/src/index.ts'
import { fillRiskArray, TIMES_OF_DAY, type TimeOfDay } from '../packages/safety/src/index.ts'
import { loadRegion, regionColumns } from '../sync-server/src/modules/region/region.ts'

const LANDMARKS = 16
const TRIPS = 30
const dataDir = process.argv[2]
const region = dataDir ? loadRegion(dataDir) : null
if (!region) throw new Error('Give the metro DATA_DIR (printed by bench/metro.bench.ts) as the argument')
const g = region.graph
const ctx = routerContext(g)
const n = g.nodeCount
const m = g.edgeCount

/** The lowest risk the model can give each edge in these periods: no reports, the best rating. */
function riskFloorPerEdge(periods: readonly TimeOfDay[]): Float32Array {
  const low = new Float32Array(m).fill(1)
  const signals = {
    incidentDensity: { day: new Float32Array(m), evening: new Float32Array(m), night: new Float32Array(m) },
    ratingFeedback: new Float32Array(m).fill(1),
  }
  for (const p of periods) {
    const r = fillRiskArray(regionColumns({ features: region!.features, signals }, p), p, new Float32Array(m))
    for (let e = 0; e < m; e++) low[e] = Math.min(low[e]!, r[e]!)
  }
  return low
}

/** One-to-all Dijkstra over arcs with `bit`, shrunk by 1e-4 so float rounding never lifts a bound above the truth. */
function dijkstra(src: number, bit: number, w: (e: number) => number): Float32Array {
  const d = new Float64Array(n).fill(Number.POSITIVE_INFINITY)
  const heap = new NodeHeap(n)
  d[src] = 0
  heap.push(src, 0)
  while (heap.size > 0) {
    const u = heap.pop()
    for (let a = g.firstArc[u]!; a < g.firstArc[u + 1]!; a++) {
      if ((g.arcFlags[a]! & bit) === 0) continue
      const v = g.arcTarget[a]!
      const nd = d[u]! + w(g.arcEdge[a]!)
      if (nd >= d[v]!) continue
      if (d[v] === Number.POSITIVE_INFINITY) heap.push(v, nd)
      else heap.decrease(v, nd)
      d[v] = nd
    }
  }
  return Float32Array.from(d, (x) => x * 0.9999)
}

/** Farthest-point landmarks on the plane among the mode's main-component nodes. */
function landmarks(bit: number): number[] {
  const nodes: number[] = []
  for (let e = 0; e < m; e++) if (g.edgeMain[e]! & bit) nodes.push(g.edgeFrom[e]!)
  const out = [nodes[0]!]
  const near = new Float64Array(nodes.length).fill(Number.POSITIVE_INFINITY)
  while (out.length < LANDMARKS) {
    const l = out[out.length - 1]!
    let best = 0
    for (let i = 0; i < nodes.length; i++) {
      const c = nodes[i]!
      near[i] = Math.min(near[i]!, Math.hypot(ctx.x[c]! - ctx.x[l]!, ctx.y[c]! - ctx.y[l]!))
      if (near[i]! > near[best]!) best = i
    }
    out.push(nodes[best]!)
  }
  return out
}

/** One-directional A* from s to t: [cost, nodes settled]. */
function aStar(s: number, t: number, bit: number, w: (e: number) => number, h: (v: number) => number) {
  const d = new Float64Array(n).fill(Number.POSITIVE_INFINITY)
  const done = new Uint8Array(n)
  const heap = new NodeHeap(n)
  d[s] = 0
  heap.push(s, h(s))
  let settled = 0
  while (heap.size > 0) {
    const u = heap.pop()
    done[u] = 1
    settled++
    if (u === t) break
    for (let a = g.firstArc[u]!; a < g.firstArc[u + 1]!; a++) {
      if ((g.arcFlags[a]! & bit) === 0) continue
      const v = g.arcTarget[a]!
      if (done[v]) continue
      const nd = d[u]! + w(g.arcEdge[a]!)
      if (nd >= d[v]!) continue
      if (d[v] === Number.POSITIVE_INFINITY) heap.push(v, nd + h(v))
      else heap.decrease(v, nd + h(v))
      d[v] = nd
    }
  }
  return [d[t]!, settled] as const
}

const night = region.risk.night
const floors = { 'all periods': riskFloorPerEdge(TIMES_OF_DAY), night: riskFloorPerEdge(['night']) }
const mean = (a: Float32Array) => a.reduce((x, y) => x + y, 0) / a.length
console.log(
  `${n} junctions; mean risk at night ${mean(night).toFixed(2)}, its lower bound over all periods ` +
    `${mean(floors['all periods']).toFixed(2)}, over the night ${mean(floors.night).toFixed(2)}`,
)
const cases = [
  { mode: 'car', mi: 2, lambda: 0, floor: 'all periods', min: 10_000, max: 50_000 },
  { mode: 'foot', mi: 0, lambda: 0, floor: 'all periods', min: 5_000, max: 20_000 },
  { mode: 'car', mi: 2, lambda: 8, floor: 'all periods', min: 10_000, max: 50_000 },
  { mode: 'foot', mi: 0, lambda: 8, floor: 'all periods', min: 5_000, max: 20_000 },
  { mode: 'car', mi: 2, lambda: 8, floor: 'night', min: 10_000, max: 50_000 },
  { mode: 'foot', mi: 0, lambda: 8, floor: 'night', min: 5_000, max: 20_000 },
] as const
for (const c of cases) {
  const bit = 1 << c.mi
  const time = ctx.time[c.mi]
  const low = floors[c.floor]
  let lowest = 1
  for (let e = 0; e < m; e++) lowest = Math.min(lowest, low[e]!)
  const real = (e: number) => time[e]! * (1 + c.lambda * night[e]!)
  const bound = (e: number) => time[e]! * (1 + c.lambda * low[e]!)
  let t0 = performance.now()
  const marks = landmarks(bit)
  const fromL = marks.map((l) => dijkstra(l, bit, bound))
  const toL = marks.map((l) => dijkstra(l, 8 << c.mi, bound))
  const prepMs = performance.now() - t0
  const random = seededRandom(5)
  const nodes: number[] = []
  for (let e = 0; e < m; e++) if ((g.edgeMain[e]! & 5) === 5) nodes.push(g.edgeFrom[e]!)
  const pairs: [number, number][] = []
  while (pairs.length < TRIPS) {
    const a = nodes[Math.floor(random() * nodes.length)]!
    const b = nodes[Math.floor(random() * nodes.length)]!
    const d = equirectangularMetres(g.nodeLat[a]! / 1e7, g.nodeLon[a]! / 1e7, g.nodeLat[b]! / 1e7, g.nodeLon[b]! / 1e7)
    if (d >= c.min && d <= c.max) pairs.push([a, b])
  }
  const sum = { planeNodes: 0, altNodes: 0, planeMs: 0, altMs: 0, planeQ: 0, altQ: 0, mismatches: 0 }
  // Today's plane bound: straight line over the fastest speed, times (1 + lambda x the lowest risk of any edge).
  const perMetre = (1 + c.lambda * lowest) / ctx.maxSpeed[c.mi]
  for (const [s, t] of pairs) {
    const plane = (v: number) => Math.hypot(ctx.x[v]! - ctx.x[t]!, ctx.y[v]! - ctx.y[t]!) * perMetre
    const alt = (v: number) => {
      let p = 0
      for (let i = 0; i < marks.length; i++) {
        const a = fromL[i]![t]! - fromL[i]![v]!
        const b = toL[i]![v]! - toL[i]![t]!
        if (a > p && a !== Number.POSITIVE_INFINITY) p = a
        if (b > p && b !== Number.POSITIVE_INFINITY) p = b
      }
      return p
    }
    t0 = performance.now()
    const [costPlane, nodesPlane] = aStar(s, t, bit, real, plane)
    sum.planeMs += performance.now() - t0
    t0 = performance.now()
    const [costAlt, nodesAlt] = aStar(s, t, bit, real, alt)
    sum.altMs += performance.now() - t0
    if (Math.abs(costPlane - costAlt) > 1e-6 * costPlane) sum.mismatches++
    sum.planeNodes += nodesPlane
    sum.altNodes += nodesAlt
    sum.planeQ += plane(s) / costPlane
    sum.altQ += alt(s) / costPlane
  }
  const per = (x: number) => x / TRIPS
  console.log(
    `${c.mode} lambda ${c.lambda}, risk bound over ${c.floor}: landmarks in ${(prepMs / 1000).toFixed(1)} s; ` +
      `bound / true cost at the start ${per(sum.planeQ).toFixed(2)} (plane) vs ${per(sum.altQ).toFixed(2)} (ALT); ` +
      `settled ${Math.round(per(sum.planeNodes))} vs ${Math.round(per(sum.altNodes))}, ` +
      `${per(sum.planeMs).toFixed(1)} vs ${per(sum.altMs).toFixed(1)} ms; ${sum.mismatches} cost mismatches`,
  )
}
