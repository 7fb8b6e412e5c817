/**
 * The sea around the region, from OSM coastline ways (natural=coastline: land on the left of the way's direction,
 * water on its right). Chains are cut at the box; each piece enters and leaves the box, and the water polygons are
 * the pieces joined by walking clockwise along the box edge from one piece's exit to the next piece's entry, as
 * OSM's own land/water polygons are made. Coordinates are world units, x east, y south (screen order): walked this
 * way a water polygon has the water on its right, so it runs clockwise on the screen.
 *
 * A chain that ends inside the box (cut short by the extract) is carried straight on to the nearest box edge; closed
 * rings inside the box are islands (anticlockwise on the screen) and become holes in the water around them.
 */

export type Pt = [number, number]
export type Box = [x0: number, y0: number, x1: number, y1: number]
/** A polygon: the outer ring, then its holes; rings are closed (last point = first). */
export type Polygon = Pt[][]

const inside = ([x, y]: Pt, [x0, y0, x1, y1]: Box) => x >= x0 && x <= x1 && y >= y0 && y <= y1

/** Signed area on the screen: positive when the ring runs clockwise there (y down). */
export function screenArea(ring: Pt[]): number {
  let a = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const p = ring[i] as Pt
    const q = ring[j] as Pt
    a += (q[0] - p[0]) * (q[1] + p[1])
  }
  return -a / 2
}

export function pointInRing([x, y]: Pt, ring: Pt[]): boolean {
  let c = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as Pt
    const [xj, yj] = ring[j] as Pt
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c
  }
  return c
}

/** Position along the box edge, clockwise on the screen from the top-left corner. */
function perimeterT([x, y]: Pt, [x0, y0, x1, y1]: Box): number {
  const w = x1 - x0
  const h = y1 - y0
  const d = [Math.abs(y - y0), Math.abs(x - x1), Math.abs(y - y1), Math.abs(x - x0)]
  const edge = d.indexOf(Math.min(...d))
  if (edge === 0) return x - x0
  if (edge === 1) return w + (y - y0)
  if (edge === 2) return w + h + (x1 - x)
  return 2 * w + h + (y1 - y)
}

function nearestOnEdge([x, y]: Pt, [x0, y0, x1, y1]: Box): Pt {
  const d = [y - y0, x1 - x, y1 - y, x - x0]
  const edge = d.indexOf(Math.min(...d))
  if (edge === 0) return [x, y0]
  if (edge === 1) return [x1, y]
  if (edge === 2) return [x, y1]
  return [x0, y]
}

/** The part of segment a-b inside the box as [t0, t1] along it (Liang-Barsky), or null when it misses the box. */
function clipSegment(a: Pt, b: Pt, [x0, y0, x1, y1]: Box): [number, number] | null {
  let t0 = 0
  let t1 = 1
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  for (const [p, q] of [
    [-dx, a[0] - x0],
    [dx, x1 - a[0]],
    [-dy, a[1] - y0],
    [dy, y1 - a[1]],
  ] as const) {
    if (p === 0) {
      if (q < 0) return null
      continue
    }
    const r = q / p
    if (p < 0) t0 = Math.max(t0, r)
    else t1 = Math.min(t1, r)
  }
  return t0 <= t1 ? [t0, t1] : null
}

/** The parts of a chain inside the box, each from the edge to the edge. */
function clipChain(chain: Pt[], box: Box): Pt[][] {
  const pieces: Pt[][] = []
  const first = chain[0] as Pt
  let current: Pt[] | null = inside(first, box) ? [nearestOnEdge(first, box), first] : null
  for (let i = 1; i < chain.length; i++) {
    const a = chain[i - 1] as Pt
    const b = chain[i] as Pt
    const clip = clipSegment(a, b, box)
    if (!clip) continue
    const at = (t: number): Pt => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
    current ??= [at(clip[0])]
    if (clip[1] < 1) {
      current.push(at(clip[1]))
      pieces.push(current)
      current = null
    } else current.push(b)
  }
  if (current) {
    current.push(nearestOnEdge(current[current.length - 1] as Pt, box))
    pieces.push(current)
  }
  return pieces
}

/** Joins ways (point lists with their end node ids) end to start into chains; closed chains end where they start. */
export function joinChains(ways: { from: number; to: number; points: Pt[] }[]): { closed: boolean; points: Pt[] }[] {
  const byStart = new Map<number, number[]>()
  for (const [i, w] of ways.entries()) byStart.set(w.from, [...(byStart.get(w.from) ?? []), i])
  const used = new Uint8Array(ways.length)
  const hasPredecessor = new Set(ways.map((w) => w.to))
  const chains: { closed: boolean; points: Pt[] }[] = []
  const follow = (start: number) => {
    const points: Pt[] = [...(ways[start] as { points: Pt[] }).points]
    used[start] = 1
    const first = (ways[start] as { from: number }).from
    let end = (ways[start] as { to: number }).to
    while (end !== first) {
      const next = (byStart.get(end) ?? []).find((k) => !used[k])
      if (next === undefined) break
      used[next] = 1
      points.push(...(ways[next] as { points: Pt[] }).points.slice(1))
      end = (ways[next] as { to: number }).to
    }
    chains.push({ closed: end === first, points })
  }
  // Open chains from their true starts first, then whatever is left (closed rings).
  ways.forEach((w, i) => {
    if (!used[i] && !hasPredecessor.has(w.from)) follow(i)
  })
  ways.forEach((_, i) => {
    if (!used[i]) follow(i)
  })
  return chains
}

/**
 * Water polygons from coastline chains over `region` (see the file's comment); [] when there is no coastline. The box
 * they are closed along is the region's grown to hold every coastline point: an extract cut around a country (not
 * along a box) ends its coast inside it, and cutting it again at the region's edge would close it the wrong way.
 */
export function seaPolygons(chains: { closed: boolean; points: Pt[] }[], region: Box): Polygon[] {
  const box: Box = [...region]
  for (const chain of chains)
    for (const [x, y] of chain.points) {
      box[0] = Math.min(box[0], x)
      box[1] = Math.min(box[1], y)
      box[2] = Math.max(box[2], x)
      box[3] = Math.max(box[3], y)
    }
  const [x0, y0, x1, y1] = box
  const perimeter = 2 * (x1 - x0 + (y1 - y0))
  const corners: { t: number; p: Pt }[] = [
    { t: 0, p: [x0, y0] },
    { t: x1 - x0, p: [x1, y0] },
    { t: x1 - x0 + (y1 - y0), p: [x1, y1] },
    { t: 2 * (x1 - x0) + (y1 - y0), p: [x0, y1] },
  ]
  const pieces: { points: Pt[]; tIn: number; tOut: number }[] = []
  const islands: Pt[][] = []
  let surroundingWater: boolean | null = null
  for (const chain of chains) {
    const pts = chain.points
    if (pts.length < 2) continue
    let open = pts
    if (chain.closed) {
      const out = pts.findIndex((p) => !inside(p, box))
      if (out < 0) {
        // Wholly inside: an island (anticlockwise on the screen), or a lake drawn as coastline (ignored).
        if (screenArea(pts) < 0) islands.push(pts)
        continue
      }
      // Start the ring outside the box, so clipping sees every entry and exit.
      open = [...pts.slice(out, -1), ...pts.slice(0, out), pts[out] as Pt]
      if (!open.some((p) => inside(p, box))) {
        // A ring around the whole box: land inside it when it runs anticlockwise.
        if (pointInRing([x0, y0], pts)) surroundingWater = screenArea(pts) > 0
        continue
      }
    }
    for (const piece of clipChain(open, box)) {
      pieces.push({
        points: piece,
        tIn: perimeterT(piece[0] as Pt, box),
        tOut: perimeterT(piece[piece.length - 1] as Pt, box),
      })
    }
  }

  const ahead = (from: number, to: number) => (((to - from) % perimeter) + perimeter) % perimeter
  const rings: Pt[][] = []
  const used = new Set<number>()
  for (let start = 0; start < pieces.length; start++) {
    if (used.has(start)) continue
    used.add(start)
    const ring: Pt[] = [...(pieces[start] as { points: Pt[] }).points]
    let current = start
    for (let guard = 0; guard <= pieces.length; guard++) {
      const tOut = (pieces[current] as { tOut: number }).tOut
      let next = start
      let best = Number.POSITIVE_INFINITY
      pieces.forEach((p, k) => {
        if (k !== start && used.has(k)) return
        const d = ahead(tOut, p.tIn)
        if (d < best) {
          best = d
          next = k
        }
      })
      for (const c of [...corners].sort((a, b) => ahead(tOut, a.t) - ahead(tOut, b.t))) {
        if (ahead(tOut, c.t) < best && ahead(tOut, c.t) > 0) ring.push(c.p)
      }
      if (next === start) break
      used.add(next)
      ring.push(...(pieces[next] as { points: Pt[] }).points)
      current = next
    }
    ring.push(ring[0] as Pt)
    rings.push(ring)
  }

  if (rings.length === 0 && (islands.length > 0 || surroundingWater === true)) {
    rings.push([
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ])
  }
  const polygons: Polygon[] = rings.map((r) => [r])
  for (const island of islands) {
    const home = polygons.find((poly) => pointInRing(island[0] as Pt, poly[0] as Pt[]))
    home?.push(island)
  }
  return polygons
}
