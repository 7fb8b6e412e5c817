import type { FoundRoute, GeocodeResult, Guardian } from '@wings/contract'
import type { TrustedContactRow } from '../db/db.ts'

/** A signed-in user for tests: Asha, as the server's tests know her too. */
export { testUser } from '@wings/contract/testing'

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

/** Guardian `n` as GET /api/guardians lists it: invited, no alerts turned on yet, unless `over` says otherwise. */
export function testGuardian(n: number, over: Partial<Guardian> = {}): Guardian {
  return { id: String(n).padStart(24, '0'), name: `Friend ${n}`, state: 'invited', push: false, email: false, ...over }
}

/** Amma, a trusted contact kept on this phone (no account), unless `over` says otherwise. */
export function testContact(over: Partial<TrustedContactRow> = {}): TrustedContactRow {
  return {
    _id: 'c'.repeat(24),
    userId: null,
    name: 'Amma',
    phone: '+919876543210',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  }
}
