/**
 * The lowest risk the safety model can give each edge in each period, for the router's landmarks (computed at import):
 * the edge's imported features with no incident reports and the best rating. Reports only raise risk and a rating
 * moves the score by at most RATING_MAX_POINTS, so every risk array the server builds later (region.ts refreshRisk)
 * stays at or above it, edge by edge; risk-floor.test.ts checks it on the model itself.
 */
import { fillRiskArray, TIMES_OF_DAY, type TimeOfDay } from '@wings/safety'
import type { RegionFeatures } from './features.ts'

export function riskFloors(features: RegionFeatures): Record<TimeOfDay, Float32Array> {
  const n = features.roadClass.length
  const incidentDensity = new Float32Array(n)
  const ratingFeedback = new Float32Array(n).fill(1)
  const out = {} as Record<TimeOfDay, Float32Array>
  for (const period of TIMES_OF_DAY) {
    out[period] = fillRiskArray({ ...features, incidentDensity, ratingFeedback }, period, new Float32Array(n))
  }
  return out
}
