import { haversine } from '@wings/geo'
import { describe, expect, it } from 'vitest'
import { buildRoadGraph } from './build-graph.ts'
import { findRoutes, type LatLon } from './find-routes.ts'
import { readOsmPbf } from './osm-reader.ts'
import { HIGHWAY_CLASSES } from './road-rules.ts'
import { fixturePbf } from './testing/fixture.ts'
import { dataFile } from './testing/helpers.ts'
import { CYCLE_KMH, travelKmh, URBAN_CONGESTION, WALK_KMH } from './travel-speed.ts'

describe('travel speeds', () => {
  const g = buildRoadGraph(readOsmPbf(fixturePbf()))
  const edgeOf = (wayId: number) => g.edgeWayId.indexOf(wayId)

  it('walks at 4.5 km/h (3 on steps), cycles at 14, drives at 45% of the free-flow speed', () => {
    expect(WALK_KMH).toBe(4.5)
    expect(CYCLE_KMH).toBe(14)
    expect(URBAN_CONGESTION).toBe(0.45)
    expect(travelKmh(g, edgeOf(100), 0)).toBe(4.5)
    expect(travelKmh(g, edgeOf(104), 0)).toBe(3) // steps
    expect(travelKmh(g, edgeOf(100), 1)).toBe(14)
    expect(HIGHWAY_CLASSES[g.edgeClass[edgeOf(100)] ?? 0]).toBe('residential')
    expect(travelKmh(g, edgeOf(100), 2)).toBeCloseTo(25 * 0.45, 5) // residential, no maxspeed
    expect(travelKmh(g, edgeOf(101), 2)).toBeCloseTo(48 * 0.45, 5) // maxspeed 30 mph
    expect(travelKmh(g, edgeOf(107), 2)).toBeCloseTo(100 * 0.45, 5) // motorway, maxspeed 100
  })

  it('times a walk and a ride along a street at those speeds', () => {
    const from: LatLon = [10.0, 20.0001]
    const to: LatLon = [10.0, 20.0019]
    const meters = haversine(10, 20.0001, 10, 20.0019)
    const walk = findRoutes(g, from, to, 'foot').routes[0]
    expect(walk.distance).toBeCloseTo(meters, -1)
    expect(walk.duration).toBeCloseTo(walk.distance / (4.5 / 3.6), 1)
    const ride = findRoutes(g, from, to, 'bike').routes[0]
    expect(ride.duration).toBeCloseTo(ride.distance / (14 / 3.6), 1)
  })
})

describe('travel times in central Mumbai', () => {
  const extract = readOsmPbf(dataFile('india-mumbai-south.osm.pbf'))
  const g = buildRoadGraph(extract)
  // Grant Road station and the Kemps Corner locality.
  const place = (name: string) => {
    const p = extract.places.find((x) => x.tags.name === name && (x.tags.railway === 'station' || x.tags.place))
    if (!p) throw new Error(`${name} not in the extract`)
    return [p.lat, p.lon] as LatLon
  }

  it('drives 1.1 km from Grant Road to Kemps Corner in over 3 minutes, not 1.5', () => {
    const car = findRoutes(g, place('Grant Road'), place('Kemps Corner'), 'car').routes[0]
    expect(car.distance).toBeGreaterThan(1000)
    expect(car.distance).toBeLessThan(1300)
    expect(car.duration / 60).toBeGreaterThan(3)
    expect(car.duration / 60).toBeLessThan(4.5)
    // About the 20.8 km/h TomTom measured across Mumbai in 2025.
    const kmh = car.distance / 1000 / (car.duration / 3600)
    expect(kmh).toBeGreaterThan(17)
    expect(kmh).toBeLessThan(25)
  })

  it('walks it in about a quarter of an hour', () => {
    const walk = findRoutes(g, place('Grant Road'), place('Kemps Corner'), 'foot').routes[0]
    expect(walk.duration / 60).toBeGreaterThan(13)
    expect(walk.duration / 60).toBeLessThan(16)
    expect(walk.distance / walk.duration).toBeCloseTo(4.5 / 3.6, 1)
  })
})
