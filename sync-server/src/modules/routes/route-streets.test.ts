import type { RoadGraph } from '@wings/routing'
import { describe, expect, it } from 'vitest'
import type { RegionFeatures } from '../region/features.ts'
import { routeStreets } from './route-streets.ts'

// Edges 0-1: Lit Road (two ways, both lit); 2: Dark Lane (unlit); 3-4: an unnamed way, half unlit, half unknown;
// 5: a 10 m crossing, unlit (too short to be a street); 6: Mixed Road, a third lit.
const names = ['', 'Lit Road', 'Dark Lane', 'Mixed Road']
const edgeName = Uint32Array.of(1, 1, 2, 0, 0, 0, 3)
const edgeWayId = Float64Array.of(10, 11, 20, 30, 30, 40, 50)
const lit = Uint8Array.of(1, 1, 2, 2, 0, 2, 1)
const region = {
  graph: { names, edgeName, edgeWayId } as unknown as RoadGraph,
  features: { lit } as unknown as RegionFeatures,
}

describe('routeStreets', () => {
  it('counts each named street once, unnamed ways each, and only streets followed for 30 m', () => {
    const route = {
      edges: Uint32Array.of(0, 1, 2, 3, 4, 5, 6),
      edgeMeters: Float32Array.of(100, 50, 40, 20, 20, 10, 90),
    }
    // Lit Road: 150 m lit. Dark Lane: 40 m unlit. Way 30: 40 m, half unlit: unlit. The crossing: too short.
    // Mixed Road: 90 m, all lit here.
    expect(routeStreets(region, route)).toEqual({ litMeters: 240, litStreets: 2, unlitStreets: 2 })
  })

  it('says nothing of a street whose lighting is mostly not mapped', () => {
    const route = { edges: Uint32Array.of(3, 4, 4), edgeMeters: Float32Array.of(10, 20, 20) }
    expect(routeStreets(region, route)).toEqual({ litMeters: 0, litStreets: 0, unlitStreets: 0 })
  })
})
