/**
 * The areas kept for planning offline, as boxes [west, south, east, north] (the bundle's own order): around a trip,
 * around her, a saved map area, each cut into pieces the server builds (at most OFFLINE_AREA_MAX_DEGREES a side).
 */
export type Box = [west: number, south: number, east: number, north: number]

/** Kept around a trip beyond its ends (~1 km): the start and destination sit well inside, not on the edge. */
export const TRIP_MARGIN_METERS = 1000
/** Kept around where she is when the planner opens (~2 km each way: the trips she may start from there). */
export const HERE_MARGIN_METERS = 2000
/**
 * Neighbouring pieces of a large area overlap by this much (~1 km): a short trip across the line between two
 * pieces still has both ends inside one of them (a trip is planned on one bundle).
 */
export const PIECE_OVERLAP_DEGREES = 0.01

/**
 * The server's limit on a side (the contract's OFFLINE_AREA_MAX_DEGREES, repeated here: importing it would bring the
 * contract's schemas, TypeBox, into the planner's chunk; boxes.test.ts checks they agree).
 */
export const MAX_DEGREES = 0.1
/** A piece's side: the server's limit less a rounding's worth (the query has 5 decimals). */
export const PIECE_MAX_DEGREES = MAX_DEGREES - 0.0001

const METERS_PER_DEGREE = 111_320

/** Degrees of latitude and of longitude that make `meters` at latitude `lat`. */
function degreesOf(meters: number, lat: number): { dLat: number; dLon: number } {
  const dLat = meters / METERS_PER_DEGREE
  return { dLat, dLon: dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180)) }
}

/** The box holding the points ([lat, lon]) and `meters` around them. */
export function boxAround(points: readonly (readonly [number, number])[], meters: number): Box {
  const lats = points.map((p) => p[0])
  const lons = points.map((p) => p[1])
  const south = Math.min(...lats)
  const north = Math.max(...lats)
  const { dLat, dLon } = degreesOf(meters, (south + north) / 2)
  return [Math.min(...lons) - dLon, south - dLat, Math.max(...lons) + dLon, north + dLat]
}

/** The part of `box` inside `within`, or null when they do not meet. */
export function clip(box: Box, within: Box): Box | null {
  const out: Box = [
    Math.max(box[0], within[0]),
    Math.max(box[1], within[1]),
    Math.min(box[2], within[2]),
    Math.min(box[3], within[3]),
  ]
  return out[0] < out[2] && out[1] < out[3] ? out : null
}

/** Splits a box into equal pieces of at most `max` degrees a side, neighbours overlapping by PIECE_OVERLAP_DEGREES. */
export function piecesOf(box: Box, max: number = PIECE_MAX_DEGREES): Box[] {
  const [west, south, east, north] = box
  const cuts = (from: number, to: number): [number, number][] => {
    const span = to - from
    if (span <= max) return [[from, to]]
    // n pieces of `size` with n - 1 overlaps cover the span: n * size - (n - 1) * overlap >= span.
    const n = Math.ceil((span - PIECE_OVERLAP_DEGREES) / (max - PIECE_OVERLAP_DEGREES))
    const size = (span + (n - 1) * PIECE_OVERLAP_DEGREES) / n
    return Array.from({ length: n }, (_, i) => {
      const start = from + i * (size - PIECE_OVERLAP_DEGREES)
      return [start, i === n - 1 ? to : Math.min(to, start + size)]
    })
  }
  const pieces: Box[] = []
  for (const [s, n] of cuts(south, north)) for (const [w, e] of cuts(west, east)) pieces.push([w, s, e, n])
  return pieces
}

/** Whether the box holds the point [lat, lon] (its edges included). */
export const holds = (box: Box, [lat, lon]: readonly [number, number]) =>
  lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3]

/** Whether `outer` holds all of `inner`. */
export const contains = (outer: Box, inner: Box) =>
  inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]

/** The box as the server's query (5 decimals, ~1 m: the same area asks the same URL, so its ETag matches). */
export function areaQuery([west, south, east, north]: Box): string {
  const edge = (v: number) => v.toFixed(5)
  return `south=${edge(south)}&west=${edge(west)}&north=${edge(north)}&east=${edge(east)}`
}
