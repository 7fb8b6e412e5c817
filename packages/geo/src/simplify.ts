import { segmentDistance2 } from './plane.ts'

type Pt = readonly [number, number]

/** Douglas-Peucker on a plane: the points of a line to keep so that none is farther than `tolerance` from it. */
export function simplifyLine<P extends Pt>(points: P[], tolerance: number): P[] {
  if (points.length <= 2) return points
  const keep = new Uint8Array(points.length)
  keep[0] = 1
  keep[points.length - 1] = 1
  const stack: [number, number][] = [[0, points.length - 1]]
  const t2 = tolerance * tolerance
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number]
    const [ax, ay] = points[a] as P
    const [bx, by] = points[b] as P
    let worst = -1
    let worstD = t2
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i] as P
      const d = segmentDistance2(px, py, ax, ay, bx, by)
      if (d > worstD) {
        worstD = d
        worst = i
      }
    }
    if (worst >= 0) {
      keep[worst] = 1
      stack.push([a, worst], [worst, b])
    }
  }
  return points.filter((_, i) => keep[i])
}
