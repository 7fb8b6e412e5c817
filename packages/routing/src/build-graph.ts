/**
 * Builds the routing graph from one or more extracts: merges them (OSM node and way ids are global, so
 * duplicates are dropped), splits ways at junctions (nodes shared by ways, way ends), keeps the nodes in between
 * as edge geometry, orders nodes along a Morton curve for memory locality, and lays everything out in CSR.
 */
import { haversine } from '@wings/geo'
import { ARC_REVERSED, type GraphMeta, type RoadGraph } from './graph.ts'
import type { OsmExtract, OsmWay } from './osm-reader.ts'
import { type RoadAttributes, roadAttributes } from './road-rules.ts'

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

export function buildRoadGraph(extracts: OsmExtract | OsmExtract[]): RoadGraph {
  const list = Array.isArray(extracts) ? extracts : [extracts]

  // Merge node coordinates (dedupe by OSM id).
  let total = 0
  for (const x of list) total += x.nodeIds.length
  const coordIndex = new Map<number, number>()
  const cLat = new Int32Array(total)
  const cLon = new Int32Array(total)
  const cId = new Float64Array(total)
  let nc = 0
  for (const x of list) {
    for (let i = 0; i < x.nodeIds.length; i++) {
      const id = x.nodeIds[i]!
      if (coordIndex.has(id)) continue
      coordIndex.set(id, nc)
      cLat[nc] = x.nodeLat[i]!
      cLon[nc] = x.nodeLon[i]!
      cId[nc] = id
      nc++
    }
  }

  // Merge ways (dedupe by id; a way clipped differently by two extracts keeps its longest version).
  const ways = new Map<number, OsmWay>()
  for (const x of list) {
    for (const w of x.roads) {
      const prev = ways.get(w.id)
      if (prev === undefined || prev.refs.length < w.refs.length) ways.set(w.id, w)
    }
  }

  // Runs of consecutive nodes with known coordinates (a missing node breaks a way), as coordinate indexes.
  interface Run {
    way: OsmWay
    attrs: RoadAttributes
    nodes: Int32Array
  }
  const runs: Run[] = []
  const useCount = new Uint8Array(nc)
  const junction = new Uint8Array(nc)
  for (const way of ways.values()) {
    const attrs = roadAttributes(way.tags)
    if (attrs === null) continue
    let cur: number[] = []
    const flush = () => {
      if (cur.length >= 2) runs.push({ way, attrs, nodes: Int32Array.from(cur) })
      cur = []
    }
    for (const ref of way.refs) {
      const c = coordIndex.get(ref)
      if (c === undefined) {
        flush()
        continue
      }
      if (cur.length > 0 && cur[cur.length - 1] === c) continue
      cur.push(c)
    }
    flush()
  }
  for (const run of runs) {
    const nodes = run.nodes
    for (const c of nodes) if (useCount[c]! < 255) useCount[c]!++
    // Runs have at least two nodes.
    const first = nodes[0]!
    const last = nodes[nodes.length - 1]!
    junction[first] = 1
    junction[last] = 1
    // A closed way would become a self-loop: split it in the middle too.
    if (first === last) {
      junction[nodes[nodes.length >> 1]!] = 1
      if (nodes.length > 3) junction[nodes[(nodes.length >> 2) | 1]!] = 1
    }
  }

  // Junction nodes, in Morton order of their coordinates.
  const junctions: number[] = []
  for (let c = 0; c < nc; c++) if (junction[c] === 1 || useCount[c]! >= 2) junctions.push(c)
  let minLat = Number.POSITIVE_INFINITY
  let minLon = Number.POSITIVE_INFINITY
  let maxLat = Number.NEGATIVE_INFINITY
  let maxLon = Number.NEGATIVE_INFINITY
  for (const c of junctions) {
    const lat = cLat[c]!
    const lon = cLon[c]!
    if (lat < minLat) minLat = lat
    if (lat > maxLat) maxLat = lat
    if (lon < minLon) minLon = lon
    if (lon > maxLon) maxLon = lon
  }
  const spanLat = Math.max(1, maxLat - minLat)
  const spanLon = Math.max(1, maxLon - minLon)
  const morton = new Float64Array(nc)
  for (const c of junctions) {
    const x = Math.floor(((cLon[c]! - minLon) / spanLon) * 65535)
    const y = Math.floor(((cLat[c]! - minLat) / spanLat) * 65535)
    morton[c] = interleave(x) * 2 + interleave(y)
  }
  junctions.sort((a, b) => morton[a]! - morton[b]!)
  const nodeCount = junctions.length
  const graphNode = new Int32Array(nc).fill(-1)
  for (let i = 0; i < nodeCount; i++) graphNode[junctions[i]!] = i

  // Edges between consecutive junctions of each run.
  const eFrom: number[] = []
  const eTo: number[] = []
  const eLen: number[] = []
  const eShape: number[] = [0]
  const shapeLatL: number[] = []
  const shapeLonL: number[] = []
  const eRun: number[] = []
  for (let r = 0; r < runs.length; r++) {
    const nodes = runs[r]!.nodes
    let start = 0
    let len = 0
    for (let i = 1; i < nodes.length; i++) {
      const a = nodes[i - 1]!
      const b = nodes[i]!
      len += haversine(cLat[a]! / 1e7, cLon[a]! / 1e7, cLat[b]! / 1e7, cLon[b]! / 1e7)
      const v = graphNode[b]!
      if (v < 0) continue
      // The run's first node is a junction, and start only moves to junctions.
      const u = graphNode[nodes[start]!]!
      if (u !== v) {
        for (let k = start + 1; k < i; k++) {
          const c = nodes[k]!
          shapeLatL.push(cLat[c]!)
          shapeLonL.push(cLon[c]!)
        }
        eFrom.push(u)
        eTo.push(v)
        eLen.push(len)
        eShape.push(shapeLatL.length)
        eRun.push(r)
      }
      start = i
      len = 0
    }
  }
  const edgeCount = eFrom.length

  const names: string[] = ['']
  const nameIndex = new Map<string, number>([['', 0]])
  const edgeAccess = new Uint8Array(edgeCount)
  const edgeClass = new Uint8Array(edgeCount)
  const edgeLit = new Uint8Array(edgeCount)
  const edgeSidewalk = new Uint8Array(edgeCount)
  const edgeMaxspeed = new Uint8Array(edgeCount)
  const edgeSpeed = new Uint8Array(edgeCount * 3)
  const edgeName = new Uint32Array(edgeCount)
  const edgeWayId = new Float64Array(edgeCount)
  for (let e = 0; e < edgeCount; e++) {
    // eRun holds indexes of runs, pushed together with each edge.
    const { way, attrs } = runs[eRun[e]!]!
    edgeAccess[e] = attrs.access
    edgeClass[e] = attrs.classCode
    edgeLit[e] = attrs.lit
    edgeSidewalk[e] = attrs.sidewalk
    edgeMaxspeed[e] = Math.min(255, attrs.maxspeed)
    edgeSpeed[e * 3] = attrs.footKmh
    edgeSpeed[e * 3 + 1] = attrs.bikeKmh
    edgeSpeed[e * 3 + 2] = attrs.carKmh
    edgeWayId[e] = way.id
    const name = way.tags.name ?? way.tags['name:en'] ?? way.tags.ref ?? ''
    let ni = nameIndex.get(name)
    if (ni === undefined) {
      ni = names.length
      names.push(name)
      nameIndex.set(name, ni)
    }
    edgeName[e] = ni
  }

  // CSR: every edge appears at both of its ends.
  const firstArc = new Uint32Array(nodeCount + 1)
  for (let e = 0; e < edgeCount; e++) {
    firstArc[eFrom[e]! + 1]!++
    firstArc[eTo[e]! + 1]!++
  }
  for (let v = 0; v < nodeCount; v++) firstArc[v + 1]! += firstArc[v]!
  const fill = firstArc.slice(0, nodeCount)
  const arcTarget = new Uint32Array(edgeCount * 2)
  const arcEdge = new Uint32Array(edgeCount * 2)
  const arcFlags = new Uint8Array(edgeCount * 2)
  for (let e = 0; e < edgeCount; e++) {
    const acc = edgeAccess[e]!
    const from = eFrom[e]!
    const to = eTo[e]!
    const fwd = acc & 7
    const bwd = (acc >> 3) & 7
    let a = fill[from]!++
    arcTarget[a] = to
    arcEdge[a] = e
    arcFlags[a] = fwd | (bwd << 3)
    a = fill[to]!++
    arcTarget[a] = from
    arcEdge[a] = e
    arcFlags[a] = bwd | (fwd << 3) | ARC_REVERSED
  }

  const nodeLat = new Int32Array(nodeCount)
  const nodeLon = new Int32Array(nodeCount)
  const nodeOsmId = new Float64Array(nodeCount)
  for (let i = 0; i < nodeCount; i++) {
    const c = junctions[i]!
    nodeLat[i] = cLat[c]!
    nodeLon[i] = cLon[c]!
    nodeOsmId[i] = cId[c]!
  }
  const meta: GraphMeta = {
    bbox: nodeCount > 0 ? [minLon / 1e7, minLat / 1e7, maxLon / 1e7, maxLat / 1e7] : [0, 0, 0, 0],
    sources: list.map((x) => ({
      name: basename(x.source),
      ...(x.header.replicationTimestamp ? { dataDate: x.header.replicationTimestamp } : {}),
    })),
    createdAt: new Date().toISOString(),
  }
  const graph: RoadGraph = {
    nodeCount,
    edgeCount,
    nodeLat,
    nodeLon,
    nodeOsmId,
    firstArc,
    arcTarget,
    arcEdge,
    arcFlags,
    edgeFrom: Uint32Array.from(eFrom),
    edgeTo: Uint32Array.from(eTo),
    edgeLength: Float32Array.from(eLen),
    edgeAccess,
    edgeMain: new Uint8Array(edgeCount),
    edgeClass,
    edgeLit,
    edgeSidewalk,
    edgeMaxspeed,
    edgeSpeed,
    edgeName,
    edgeWayId,
    edgeShapeStart: Uint32Array.from(eShape),
    shapeLat: Int32Array.from(shapeLatL),
    shapeLon: Int32Array.from(shapeLonL),
    names,
    meta,
  }
  markMainComponents(graph)
  return graph
}

/** Spreads the 16 low bits of x to the even bit positions (for Morton codes). */
function interleave(x: number): number {
  let v = x & 0xffff
  v = (v | (v << 8)) & 0x00ff00ff
  v = (v | (v << 4)) & 0x0f0f0f0f
  v = (v | (v << 2)) & 0x33333333
  v = (v | (v << 1)) & 0x55555555
  return v >>> 0
}

/**
 * Sets edgeMain bit m on the edges of mode m whose two ends lie in the mode's largest strongly connected
 * component (by road length), so a snapped start can always reach a snapped end. Iterative Tarjan.
 */
export function markMainComponents(graph: RoadGraph): void {
  const n = graph.nodeCount
  const index = new Int32Array(n)
  const low = new Int32Array(n)
  const comp = new Int32Array(n)
  const onStack = new Uint8Array(n)
  const stack = new Int32Array(n)
  const callNode = new Int32Array(n)
  const callArc = new Uint32Array(n)
  const compLength = new Float64Array(n)
  const { firstArc, arcTarget, arcFlags } = graph
  graph.edgeMain.fill(0)
  for (let m = 0; m < 3; m++) {
    const bit = 1 << m
    index.fill(-1)
    onStack.fill(0)
    let counter = 0
    let sp = 0
    let comps = 0
    for (let root = 0; root < n; root++) {
      if (index[root] !== -1) continue
      let depth = 0
      callNode[0] = root
      callArc[0] = firstArc[root]!
      index[root] = low[root] = counter++
      stack[sp++] = root
      onStack[root] = 1
      while (depth >= 0) {
        const u = callNode[depth]!
        let a = callArc[depth]!
        let descended = false
        for (const end = firstArc[u + 1]!; a < end; a++) {
          if ((arcFlags[a]! & bit) === 0) continue
          const v = arcTarget[a]!
          if (index[v] === -1) {
            callArc[depth] = a + 1
            depth++
            callNode[depth] = v
            callArc[depth] = firstArc[v]!
            index[v] = low[v] = counter++
            stack[sp++] = v
            onStack[v] = 1
            descended = true
            break
          }
          if (onStack[v] === 1) {
            const iv = index[v]!
            if (iv < low[u]!) low[u] = iv
          }
        }
        if (descended) continue
        if (low[u] === index[u]) {
          let w: number
          do {
            w = stack[--sp]!
            onStack[w] = 0
            comp[w] = comps
          } while (w !== u)
          comps++
        }
        depth--
        if (depth >= 0) {
          const p = callNode[depth]!
          const lu = low[u]!
          if (lu < low[p]!) low[p] = lu
        }
      }
    }
    compLength.fill(0, 0, comps)
    const mask = bit | (bit << 3)
    for (let e = 0; e < graph.edgeCount; e++) {
      const c = comp[graph.edgeFrom[e]!]!
      if ((graph.edgeAccess[e]! & mask) !== 0 && c === comp[graph.edgeTo[e]!]) compLength[c]! += graph.edgeLength[e]!
    }
    let best = 0
    for (let c = 1; c < comps; c++) if (compLength[c]! > compLength[best]!) best = c
    for (let e = 0; e < graph.edgeCount; e++) {
      if ((graph.edgeAccess[e]! & mask) !== 0 && comp[graph.edgeFrom[e]!] === best && comp[graph.edgeTo[e]!] === best) {
        graph.edgeMain[e]! |= bit
      }
    }
  }
}
