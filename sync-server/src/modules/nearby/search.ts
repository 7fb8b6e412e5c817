/**
 * One-to-many walking search for nearest help: Dijkstra on walking seconds outward from her point on the road graph,
 * meeting the places on the edges it walks, and stopping as soon as every kind asked for has `limit` places settled,
 * or at the walking-distance bound. Each place was snapped to its nearest footway once (index.ts), so a hospital
 * drawn as a building is reached along the road at its door side, not through walls.
 */
import type { NearbyKind } from '@wings/contract'
import { type RoadGraph, type Snap, travelKmh, WALK_KMH } from '@wings/routing'

const FOOT = 1
const FOOT_BACK = 1 << 3
const ARC_REVERSED = 64
const SECONDS_PER_METRE_WALKING = 3.6 / WALK_KMH

/** A place of help the search can reach: on `edge` at `fraction` of it, `snapMeters` from the road. */
export interface Reachable {
  kind: NearbyKind
  edge: number
  fraction: number
  snapMeters: number
}

export interface SearchOptions {
  /** Whether the place counts for this request (its kind was asked for; open now for 'open'). */
  wanted: (place: number) => boolean
  kinds: readonly NearbyKind[]
  limit: number
  maxMeters: number
}

export interface Hit {
  place: number
  seconds: number
  meters: number
}

/** A binary min-heap of (key, value, extra) with lazy deletion: stale entries are skipped by the caller. */
class MinHeap {
  private keys: number[] = []
  private values: number[] = []
  private extras: number[] = []
  get size(): number {
    return this.keys.length
  }
  topKey(): number {
    return this.keys[0] ?? Number.POSITIVE_INFINITY
  }
  push(key: number, value: number, extra = 0): void {
    const { keys, values, extras } = this
    let i = keys.length
    keys.push(key)
    values.push(value)
    extras.push(extra)
    while (i > 0) {
      const parent = (i - 1) >> 1
      if ((keys[parent] as number) <= key) break
      keys[i] = keys[parent] as number
      values[i] = values[parent] as number
      extras[i] = extras[parent] as number
      i = parent
    }
    keys[i] = key
    values[i] = value
    extras[i] = extra
  }
  /** Removes the top; answers [key, value, extra]. */
  pop(): [number, number, number] {
    const { keys, values, extras } = this
    const top: [number, number, number] = [keys[0] as number, values[0] as number, extras[0] as number]
    const key = keys.pop() as number
    const value = values.pop() as number
    const extra = extras.pop() as number
    const n = keys.length
    if (n > 0) {
      let i = 0
      for (;;) {
        let child = 2 * i + 1
        if (child >= n) break
        if (child + 1 < n && (keys[child + 1] as number) < (keys[child] as number)) child++
        if ((keys[child] as number) >= key) break
        keys[i] = keys[child] as number
        values[i] = values[child] as number
        extras[i] = extras[child] as number
        i = child
      }
      keys[i] = key
      values[i] = value
      extras[i] = extra
    }
    return top
  }
}

/** The search's reusable state for one graph and its places (one request at a time: the server is one thread). */
export function createWalkSearch(graph: RoadGraph, places: readonly Reachable[]) {
  const seconds = new Float64Array(graph.nodeCount)
  const meters = new Float64Array(graph.nodeCount)
  const seen = new Uint32Array(graph.nodeCount)
  const bestSeconds = new Float64Array(places.length)
  const placeSeen = new Uint32Array(places.length)
  const settled = new Uint32Array(places.length)
  let generation = 0
  // The places on each edge, met when the search walks it.
  const onEdge = new Map<number, number[]>()
  places.forEach((p, i) => {
    const list = onEdge.get(p.edge)
    if (list) list.push(i)
    else onEdge.set(p.edge, [i])
  })
  const secondsPerMetre = (e: number) => 3.6 / travelKmh(graph, e, 0)

  /** Junctions the last search settled: how far it had to go (tests check that it stops early). */
  const stats = { settled: 0 }
  function search(start: Snap, options: SearchOptions): Hit[] {
    stats.settled = 0
    generation++
    if (generation === 0xffffffff) {
      seen.fill(0)
      placeSeen.fill(0)
      settled.fill(0)
      generation = 1
    }
    const gen = generation
    const { wanted, maxMeters, limit } = options
    const nodes = new MinHeap()
    const found = new MinHeap()
    const placeMeters = new Map<number, number>()
    const startSnapMeters = start.distance

    const offer = (p: number, atSeconds: number, atMeters: number) => {
      const place = places[p] as Reachable
      const s = atSeconds + place.snapMeters * SECONDS_PER_METRE_WALKING
      const m = atMeters + place.snapMeters
      if (m > maxMeters || settled[p] === gen) return
      if (placeSeen[p] === gen && s >= (bestSeconds[p] as number)) return
      if (!wanted(p)) return
      placeSeen[p] = gen
      bestSeconds[p] = s
      placeMeters.set(p, m)
      found.push(s, p)
    }
    const reach = (v: number, s: number, m: number) => {
      if (m > maxMeters) return
      if (seen[v] === gen && s >= (seconds[v] as number)) return
      seen[v] = gen
      seconds[v] = s
      meters[v] = m
      nodes.push(s, v)
    }

    const hits: Hit[] = []
    const count = new Map<NearbyKind, number>(options.kinds.map((k) => [k, 0]))
    let full = 0
    /** Settles the places no later path can reach sooner; true once every kind has its `limit`. */
    const settle = (upTo: number): boolean => {
      while (found.size > 0 && found.topKey() <= upTo) {
        const [s, p] = found.pop()
        if (settled[p] === gen || s > (bestSeconds[p] as number)) continue
        settled[p] = gen
        const kind = (places[p] as Reachable).kind
        const n = count.get(kind)
        if (n === undefined || n >= limit) continue
        hits.push({ place: p, seconds: s, meters: placeMeters.get(p) as number })
        count.set(kind, n + 1)
        if (n + 1 === limit && ++full === count.size) return true
      }
      return false
    }

    const e0 = start.edge
    const len0 = graph.edgeLength[e0] as number
    const spm0 = secondsPerMetre(e0)
    const approach = startSnapMeters * SECONDS_PER_METRE_WALKING
    const access = graph.edgeAccess[e0] as number
    if (access & FOOT_BACK)
      reach(
        graph.edgeFrom[e0] as number,
        approach + start.fraction * len0 * spm0,
        startSnapMeters + start.fraction * len0,
      )
    if (access & FOOT) {
      const rest = (1 - start.fraction) * len0
      reach(graph.edgeTo[e0] as number, approach + rest * spm0, startSnapMeters + rest)
    }
    for (const p of onEdge.get(e0) ?? []) {
      const along = Math.abs((places[p] as Reachable).fraction - start.fraction) * len0
      offer(p, approach + along * spm0, startSnapMeters + along)
    }

    while (nodes.size > 0) {
      const [s, v] = nodes.pop()
      if (s > (seconds[v] as number)) continue
      stats.settled++
      if (settle(s)) return hits
      const m = meters[v] as number
      for (let a = graph.firstArc[v] as number, end = graph.firstArc[v + 1] as number; a < end; a++) {
        const flags = graph.arcFlags[a] as number
        if ((flags & FOOT) === 0) continue
        const e = graph.arcEdge[a] as number
        const len = graph.edgeLength[e] as number
        const spm = secondsPerMetre(e)
        const list = onEdge.get(e)
        if (list) {
          const reversed = (flags & ARC_REVERSED) !== 0
          for (const p of list) {
            const f = (places[p] as Reachable).fraction
            const along = (reversed ? 1 - f : f) * len
            offer(p, s + along * spm, m + along)
          }
        }
        reach(graph.arcTarget[a] as number, s + len * spm, m + len)
      }
    }
    settle(Number.POSITIVE_INFINITY)
    return hits
  }
  return Object.assign(search, { stats })
}

export type WalkSearch = ReturnType<typeof createWalkSearch>
