// biome-ignore-all lint/style/noNonNullAssertion: typed-array ids are in range by construction.
import { seededRandom } from '@wings/geo/testing'
import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from './build-graph.ts'
import { routerContext } from './context.ts'
import { findRoutes, snapPoint } from './find-routes.ts'
import type { RoadGraph } from './graph.ts'
import { buildLandmarks, deserializeLandmarks, fillRiskSet, serializeLandmarks, tripBounds } from './landmarks.ts'
import { readOsmPbf } from './osm-reader.ts'
import { MODE_INDEX, type Mode } from './road-rules.ts'
import { searchPath } from './search.ts'
import type { Snap } from './spatial-index.ts'
import { dataFile, referenceCost } from './testing/helpers.ts'
import { viaRoutes } from './via-routes.ts'

const LAMBDAS = [0, 2, 8, 12]
const MODES_TESTED: Mode[] = ['foot', 'car']

/** Multi-source Dijkstra over the mode's arcs (backward: distances to the sources), written apart from landmarks.ts. */
function distances(g: RoadGraph, sources: number[], mode: Mode, backward: boolean, w: (e: number) => number) {
  const bit = (backward ? 8 : 1) << MODE_INDEX[mode]
  const d = new Float64Array(g.nodeCount).fill(Number.POSITIVE_INFINITY)
  const keys: number[] = []
  const nodes: number[] = []
  const push = (k: number, v: number) => {
    let i = keys.length
    keys.push(k)
    nodes.push(v)
    while (i > 0 && keys[(i - 1) >> 1]! > k) {
      const p = (i - 1) >> 1
      keys[i] = keys[p]!
      nodes[i] = nodes[p]!
      i = p
    }
    keys[i] = k
    nodes[i] = v
  }
  const pop = (): [number, number] => {
    const top: [number, number] = [keys[0]!, nodes[0]!]
    const k = keys.pop()!
    const v = nodes.pop()!
    if (keys.length > 0) {
      let i = 0
      for (;;) {
        let c = 2 * i + 1
        if (c >= keys.length) break
        if (c + 1 < keys.length && keys[c + 1]! < keys[c]!) c++
        if (keys[c]! >= k) break
        keys[i] = keys[c]!
        nodes[i] = nodes[c]!
        i = c
      }
      keys[i] = k
      nodes[i] = v
    }
    return top
  }
  for (const s of sources) {
    d[s] = 0
    push(0, s)
  }
  while (keys.length > 0) {
    const [du, u] = pop()
    if (du > d[u]!) continue
    for (let a = g.firstArc[u]!; a < g.firstArc[u + 1]!; a++) {
      if ((g.arcFlags[a]! & bit) === 0) continue
      const v = g.arcTarget[a]!
      const nd = du + w(g.arcEdge[a]!)
      if (nd < d[v]!) {
        d[v] = nd
        push(nd, v)
      }
    }
  }
  return d
}

describe.each(['monaco.osm.pbf', 'india-mumbai-south.osm.pbf'])('landmarks on %s', (file) => {
  const g = buildRoadGraph(readOsmPbf(dataFile(file), { points: false }))
  const m = g.edgeCount
  const rnd = seededRandom(11)
  // Stand-ins for the model's per-period floors; the risks of a query are drawn at or above them.
  const floors = {
    night: Float32Array.from({ length: m }, () => 0.2 + 0.6 * rnd()),
    day: Float32Array.from({ length: m }, () => 0.3 * rnd()),
  }
  const landmarks = buildLandmarks(g, { count: 8, riskFloors: floors })
  const above = (floor: Float32Array) => Float32Array.from(floor, (f) => f + (1 - f) * rnd())
  const [minLon, minLat, maxLon, maxLat] = g.meta.bbox
  const pairs = (mode: Mode, n: number, seed: number) => {
    const r = seededRandom(seed)
    const point = (): [number, number] => [minLat + (maxLat - minLat) * r(), minLon + (maxLon - minLon) * r()]
    const out: [Snap, Snap][] = []
    while (out.length < n) {
      try {
        out.push([snapPoint(g, point(), mode), snapPoint(g, point(), mode)])
      } catch {
        // Outside the mapped area: draw again.
      }
    }
    return out
  }

  it('round-trips through its file and refuses foreign, truncated or mismatched ones', () => {
    const bytes = serializeLandmarks(landmarks)
    expect(Buffer.compare(serializeLandmarks(deserializeLandmarks(bytes, g)), bytes)).toBe(0)
    expect(() => deserializeLandmarks(new TextEncoder().encode('WNGRAPH1 not landmarks'))).toThrow(/Not a Wings/)
    expect(() => deserializeLandmarks(bytes.subarray(0, bytes.length - 8))).toThrow(/Truncated/)
    expect(() => deserializeLandmarks(bytes, { ...g, nodeCount: g.nodeCount + 1 })).toThrow(/not for this graph/)
  })

  for (const mode of MODES_TESTED) {
    it(`finds exactly the plain Dijkstra cost with landmarks (${mode}, lambda ${LAMBDAS.join(', ')})`, () => {
      for (const [riskKey, floor] of Object.entries(floors)) {
        const risk = above(floor)
        for (const [s, t] of pairs(mode, 60, 5 + riskKey.length)) {
          for (const lambda of LAMBDAS) {
            const want = referenceCost(g, s, t, mode, risk, lambda)
            const opts = { risk, lambda, landmarks, riskKey }
            const got = searchPath(g, s, t, mode, opts)
            expect(Math.abs(got!.cost - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
            const penalized = searchPath(g, s, t, mode, { ...opts, penalized: true })
            expect(Math.abs(penalized!.cost - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
            if (lambda === 8 && s.edge !== t.edge) {
              const via = viaRoutes(g, s, t, mode, { ...opts, stretch: 1.4, minPlateau: 0.05, limit: 30, reach: 0.6 })
              expect(Math.abs(via!.optimal.cost - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
            }
          }
        }
      }
    })

    it(`prunes the plateau trees by a known route's cost without changing what they find (${mode})`, () => {
      const risk = above(floors.night)
      const params = {
        risk,
        lambda: 8,
        landmarks,
        riskKey: 'night',
        stretch: 1.4,
        minPlateau: 0.05,
        limit: 30,
        reach: 0.6,
      }
      let alternatives = 0
      for (const [s, t] of pairs(mode, 30, 17)) {
        if (s.edge === t.edge) continue
        const want = referenceCost(g, s, t, mode, risk, 8)
        const plain = viaRoutes(g, s, t, mode, params)!
        const plainAlternatives = JSON.stringify(plain.alternatives)
        for (const upperBound of [want, want * 1.3]) {
          const pruned = viaRoutes(g, s, t, mode, { ...params, upperBound })!
          expect(Math.abs(pruned.optimal.cost - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
          expect(JSON.stringify(pruned.alternatives)).toBe(plainAlternatives)
          expect(pruned.optimal.settled).toBeLessThanOrEqual(plain.optimal.settled)
        }
        alternatives += plain.alternatives.length
      }
      expect(alternatives).toBeGreaterThan(0)
    })

    it(`bounds the plateau trees' work, and still finds the safest route when they stop early (${mode})`, () => {
      const risk = above(floors.night)
      const time = routerContext(g).time[MODE_INDEX[mode]]
      const safetyCost = (legs: { edge: number; from: number; to: number }[]) =>
        legs.reduce((c, l) => c + Math.abs(l.to - l.from) * time[l.edge]! * (1 + 8 * risk[l.edge]!), 0)
      const params = { stretch: 1.2, minPlateau: 0.05, limit: 30, reach: 0.55, maxSettled: Number.POSITIVE_INFINITY }
      let stopped = 0
      let safestKept = 0
      for (const [s, t] of pairs(mode, 20, 23)) {
        if (s.edge === t.edge) continue
        const opts = { risk, lambda: 8, landmarks, riskKey: 'night', ...params }
        const whole = viaRoutes(g, s, t, mode, opts)!
        expect(whole.exact).toBe(true)
        // Past the meeting of the trees, before they prove the optimum: their best route so far is not the safest.
        const cap = Math.floor(whole.optimal.settled * 0.6)
        const capped = viaRoutes(g, s, t, mode, { ...opts, maxSettled: cap })
        expect(capped === null || capped.optimal.settled <= cap + 1).toBe(true)
        if (capped === null || !capped.exact) stopped++
        const from: [number, number] = [s.lat, s.lon]
        const to: [number, number] = [t.lat, t.lon]
        const goal = { risk, landmarks, riskKey: 'night' }
        const want = referenceCost(g, s, t, mode, risk, 8)
        const hasSafest = (routes: { legs: { edge: number; from: number; to: number }[] }[]) =>
          routes.some((r) => Math.abs(safetyCost(r.legs) - want) <= 1e-6 * Math.max(1, want))
        const uncapped = findRoutes(g, from, to, mode, { ...goal, via: [params] }).routes
        const found = findRoutes(g, from, to, mode, { ...goal, via: [{ ...params, maxSettled: cap }] }).routes
        // The safety optimum is weighed right after the balanced route either way, so kept alike.
        expect(hasSafest(found)).toBe(hasSafest(uncapped))
        expect(found[0].edges).toEqual(uncapped[0].edges)
        if (hasSafest(uncapped)) safestKept++
      }
      expect(safestKept).toBeGreaterThan(2)
      expect(stopped).toBeGreaterThan(2)
    })

    it(`never bounds above the true lower-bound distance, to the end nor from the start (${mode})`, () => {
      const time = routerContext(g).time[MODE_INDEX[mode]]
      for (const [s, t] of pairs(mode, 4, 31)) {
        for (const lambda of LAMBDAS) {
          const floor = floors.night
          const w = (e: number) => time[e]! * (1 + lambda * floor[e]!)
          const bounds = tripBounds(landmarks, g, mode, lambda, 'night', s, t)!
          // The bounds are to (from) the nearer node of the end's (start's) edge.
          const toEnd = distances(g, [g.edgeFrom[t.edge]!, g.edgeTo[t.edge]!], mode, true, w)
          const fromStart = distances(g, [g.edgeFrom[s.edge]!, g.edgeTo[s.edge]!], mode, false, w)
          let positive = 0
          let over = 0
          for (let v = 0; v < g.nodeCount; v++) {
            const b = bounds.toEnd(v)
            if (toEnd[v]! < Number.POSITIVE_INFINITY) {
              if (b > toEnd[v]! * (1 + 1e-9)) over++
              if (b > 0) positive++
            }
            if (fromStart[v]! < Number.POSITIVE_INFINITY && bounds.fromStart(v) > fromStart[v]! * (1 + 1e-9)) over++
          }
          expect(over).toBe(0)
          expect(positive).toBeGreaterThan(g.nodeCount / 4)
          // Consistent on every arc the mode may travel, each way: what keeps the searches exact.
          const tol = 1e-6 * Math.max(...toEnd.filter((x) => x < Number.POSITIVE_INFINITY))
          const bit = 1 << MODE_INDEX[mode]
          let inconsistent = 0
          for (let u = 0; u < g.nodeCount; u++) {
            for (let a = g.firstArc[u]!; a < g.firstArc[u + 1]!; a++) {
              if ((g.arcFlags[a]! & bit) === 0) continue
              const v = g.arcTarget[a]!
              const c = w(g.arcEdge[a]!)
              const tv = bounds.toEnd(v)
              if (tv < Number.POSITIVE_INFINITY && bounds.toEnd(u) > c + tv + tol) inconsistent++
              const su = bounds.fromStart(u)
              if (su < Number.POSITIVE_INFINITY && bounds.fromStart(v) > c + su + tol) inconsistent++
            }
          }
          expect(inconsistent).toBe(0)
        }
      }
    })

    it(`gives the same routes with landmarks as without, fewer nodes settled (${mode})`, () => {
      const risk = above(floors.night)
      let plain = 0
      let alt = 0
      for (const [s, t] of pairs(mode, 30, 17)) {
        const from: [number, number] = [s.lat, s.lon]
        const to: [number, number] = [t.lat, t.lon]
        const a = findRoutes(g, from, to, mode, { risk })
        const b = findRoutes(g, from, to, mode, { risk, landmarks, riskKey: 'night' })
        expect(b.routes[0].duration).toBeCloseTo(a.routes[0].duration, 3)
        plain += searchPath(g, s, t, mode, { risk, lambda: 8 })!.settled
        alt += searchPath(g, s, t, mode, { risk, lambda: 8, landmarks, riskKey: 'night' })!.settled
      }
      expect(alt).toBeLessThan(plain)
    })
  }

  it('fills a safety set again on another floor, into arrays of its own (the server on its current ratings)', () => {
    for (const set of landmarks.sets.filter((x) => x.lambda > 0)) {
      const again = { ...set, from: new Float32Array(set.from.length), to: new Float32Array(set.to.length), slack: 0 }
      fillRiskSet(g, again, floors[set.riskKey as 'night' | 'day'])
      expect(Buffer.compare(Buffer.from(again.from.buffer), Buffer.from(set.from.buffer))).toBe(0)
      expect(Buffer.compare(Buffer.from(again.to.buffer), Buffer.from(set.to.buffer))).toBe(0)
      expect(again.slack).toBe(set.slack)
      // A higher floor: every distance at least as long, so its bounds are tighter.
      const higher = { ...again, from: new Float32Array(set.from.length), to: new Float32Array(set.to.length) }
      fillRiskSet(g, higher, above(floors[set.riskKey as 'night' | 'day']))
      expect(higher.from.some((x, i) => x > set.from[i]!)).toBe(true)
      expect(higher.from.every((x, i) => x >= set.from[i]!)).toBe(true)
    }
    expect(() => fillRiskSet(g, landmarks.sets[1]!, new Float32Array(3))).toThrow(/3 entries/)
  })

  it('routes without landmarks, and with a set missing for the mode or the period', () => {
    const risk = above(floors.night)
    const bikeOnly = buildLandmarks(g, { count: 4, modes: ['bike'] })
    for (const [s, t] of pairs('car', 20, 3)) {
      const want = referenceCost(g, s, t, 'car', risk, 2)
      for (const opts of [{}, { landmarks: bikeOnly }, { landmarks, riskKey: 'evening' }]) {
        const got = searchPath(g, s, t, 'car', { risk, lambda: 2, ...opts })
        expect(Math.abs(got!.cost - want)).toBeLessThanOrEqual(1e-6 * Math.max(1, want))
      }
    }
  })
})
