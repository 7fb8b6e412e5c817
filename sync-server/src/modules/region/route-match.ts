/**
 * Map matching of a rated route (docs/community-signals.md): the decoded line's points are snapped onto the graph's
 * edges. CPU-heavy for a long line, so it runs on a region worker (tasks.ts); kept free of the server's other
 * modules so that a worker loads little.
 */
import { decodePolyline } from '@wings/geo/polyline'
import { matchTrack, type RoadGraph, type TrackMatch, type TrackMatchOptions } from '@wings/routing'

/**
 * How a rated route is matched: a point every 20 m along it (wider on long routes: at most 2,000 points), leaving out
 * 100 m at each end, snapped to the nearest edge within 30 m.
 */
export const ROUTE_MATCH: TrackMatchOptions = { stepMeters: 20, maxMeters: 30, maxSamples: 2000, trimMeters: 100 }

/** A rated route's match: the edges it follows, each once, and the point half-way along it. */
export type RouteMatch = TrackMatch

function decodeLine(geometry: string): [number, number][] | null {
  let points: [number, number][]
  try {
    points = decodePolyline(geometry)
  } catch {
    return null
  }
  if (points.length < 2) return null
  for (const [lat, lon] of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  }
  return points
}

/** Decodes a rated route and matches it; null when it is not an encoded line of at least two valid points. */
export function matchGeometry(graph: RoadGraph, geometry: string, mode: 'car' | 'bike' | 'foot'): RouteMatch | null {
  const points = decodeLine(geometry)
  return points ? matchTrack(graph, points, mode, ROUTE_MATCH) : null
}
