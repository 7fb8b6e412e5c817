/**
 * How fast she really goes, per mode, in a city (sources in docs/planner.md, "Travel times"):
 * - on foot 4.5 km/h, 3 km/h on steps;
 * - by bike 14 km/h;
 * - by car the road's free-flow speed (its maxspeed, else its class's default: road-rules.ts, stored as edgeSpeed)
 *   times URBAN_CONGESTION, and never below 5 km/h.
 * The router derives its travel times from these when it prepares a graph (context.ts): they are not stored in the
 * graph file, so changing them needs no re-import.
 */
import type { RoadGraph } from './graph.ts'
import { HIGHWAY_CLASSES, type ModeIndex } from './road-rules.ts'

export const WALK_KMH = 4.5
export const STEPS_WALK_KMH = 3
export const CYCLE_KMH = 14
/**
 * Share of the free-flow speed a car keeps in city traffic. Calibrated on Mumbai south: its car routes average
 * 45.7 km/h at free flow, TomTom's Traffic Index 2025 measured 20.8 km/h in Mumbai (20.8 / 45.7 = 0.45).
 */
export const URBAN_CONGESTION = 0.45
export const MIN_CAR_KMH = 5
const STEPS = HIGHWAY_CLASSES.indexOf('steps')

/** Travel speed (km/h) on edge e for mode index m (0 foot, 1 bike, 2 car). */
export function travelKmh(graph: RoadGraph, e: number, m: ModeIndex): number {
  if (m === 0) return graph.edgeClass[e] === STEPS ? STEPS_WALK_KMH : WALK_KMH
  if (m === 1) return CYCLE_KMH
  return Math.max(MIN_CAR_KMH, graph.edgeSpeed[e * 3 + 2]! * URBAN_CONGESTION)
}
