import type { FoundRoute, GeocodeResult, User } from '@wings/contract'

/** A signed-in user for tests. */
export function testUser(over: Partial<User> = {}): User {
  return {
    _id: 'a'.repeat(24),
    firstName: 'Asha',
    lastName: 'Rao',
    age: 28,
    gender: 'female',
    email: 'asha@example.in',
    likedPosts: [],
    dislikedPosts: [],
    ...over,
  }
}

/** A route as /api/route/find answers it: 1,234 m, Fastest, unless `over` says otherwise. */
export function foundRoute(over: Partial<FoundRoute> = {}): FoundRoute {
  const label = over.label ?? 'Fastest'
  const distance = over.summary?.distance ?? 1234
  return {
    geometry: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
    summary: { distance, duration: distance / 1.3 },
    safetyScore: 55,
    label,
    labels: [label],
    safety: {
      unlitMeters: 120,
      litMeters: 300,
      litStreets: 2,
      unlitStreets: 1,
      incidentsNearby: 0,
      lowestScoreStretch: { score: 41, meters: 200 },
      reasons: [`${label}: 780 m of empty streets at this hour`],
    },
    ...over,
  }
}

/** A place as the server's geocoder answers it. */
export function testPlace(over: Partial<GeocodeResult> = {}): GeocodeResult {
  return {
    place_id: 'n1',
    display_name: 'Colaba Causeway, Colaba, Mumbai',
    lat: 18.9151,
    lon: 72.8258,
    type: 'road',
    kind: 'street',
    ...over,
  }
}
