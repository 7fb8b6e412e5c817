/**
 * What route cards compare between routes besides time and score ("2 more lit streets"): the streets a route
 * follows, and whether each is lit, from the lighting feature (the `lit` tag, or street lamps mapped along an untagged
 * street). Shared by the server and the phone (score-route.ts).
 */
import type { RoadGraph, Route } from '@wings/routing'

/** A street counts when the route follows it this far: a crossing or a corner is not a street she walks. */
export const STREET_MIN_METERS = 30

export interface RouteStreets {
  /** Metres on lit streets. */
  litMeters: number
  /** Streets followed for at least STREET_MIN_METERS, at least half of those metres lit (or unlit). */
  litStreets: number
  unlitStreets: number
}

export interface StreetInputs {
  graph: Pick<RoadGraph, 'names' | 'edgeName' | 'edgeWayId'>
  /** The lighting feature per edge (TRI_STATE_CODE: 1 lit, 2 unlit). */
  features: { lit: ArrayLike<number> }
}

export function routeStreets(
  { graph, features }: StreetInputs,
  route: Pick<Route, 'edges' | 'edgeMeters'>,
): RouteStreets {
  // A named street is one street however many ways map it; an unnamed way is a street of its own.
  const streets = new Map<string, { meters: number; lit: number; unlit: number }>()
  let litMeters = 0
  for (let i = 0; i < route.edges.length; i++) {
    const e = route.edges[i]!
    const meters = route.edgeMeters[i]!
    const lit = features.lit[e]
    const name = graph.names[graph.edgeName[e]!]
    const key = name ? `name ${name}` : `way ${graph.edgeWayId[e]}`
    const street = streets.get(key) ?? { meters: 0, lit: 0, unlit: 0 }
    street.meters += meters
    if (lit === 1) {
      street.lit += meters
      litMeters += meters
    } else if (lit === 2) street.unlit += meters
    streets.set(key, street)
  }
  const result: RouteStreets = { litMeters: Math.round(litMeters), litStreets: 0, unlitStreets: 0 }
  for (const { meters, lit, unlit } of streets.values()) {
    if (meters < STREET_MIN_METERS) continue
    if (lit * 2 >= meters) result.litStreets++
    else if (unlit * 2 >= meters) result.unlitStreets++
  }
  return result
}
