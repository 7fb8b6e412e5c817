/** Random safety-model inputs for property-style tests, drawn from @wings/geo/testing's seeded generator. */
import { type EdgeFeatures, ROAD_CLASSES, type TriState } from './edge-features.ts'

/** A factor from 1 to 100, with the bounds themselves drawn often. */
export function randomFactor(rand: () => number): number {
  const r = rand()
  if (r < 0.1) return 1
  if (r < 0.2) return 100
  return 1 + rand() * 99
}

const TRI: readonly TriState[] = ['yes', 'no', 'unknown']

/** Random but plausible edge features (counts mostly 0, sometimes dozens), every road class and tag state. */
export function randomFeatures(rand: () => number): EdgeFeatures {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T
  const count = () => (rand() < 0.5 ? 0 : Math.floor(rand() * rand() * 40))
  return {
    roadClass: pick([...ROAD_CLASSES, 'primary_link', 'busway', 'corridor']),
    maxspeed: rand() < 0.6 ? null : pick([10, 20, 30, 50, 60, 80, 100, 130]),
    lit: pick(TRI),
    sidewalk: pick(TRI),
    shops: count(),
    food: count(),
    transport: count(),
    help: count(),
    open24h: count(),
    cameras: count(),
    incidentDensity: rand() < 0.7 ? 0 : Math.fround(rand() * 30),
    ratingFeedback: rand() < 0.7 ? 0 : Math.fround(rand() * 2 - 1),
  }
}
