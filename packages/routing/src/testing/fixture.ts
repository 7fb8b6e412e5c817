/**
 * The hand-made network (lat 10.000.., lon 20.000.., 0.001 degree ~ 110 m apart):
 *
 *   1 ==(100: oneway 1->2->3, lit=yes)==> 2 ==> 3 --(109: oneway 3->10, oneway:bicycle=no)--> 10
 *   |                                     |        |                                          |
 *  102 residential                   104 steps    103 residential                       110 residential
 *   |                                     |        |                                          |
 *   4 ---(101: residential, lit=no)------ 5 ------ 6 -----------(111 residential)----------- 11
 *   |                                     |        |
 *  106 footway                       105 service   107 motorway to 9
 *   8                                  private 7
 */
import { type FixtureNode, type FixtureWay, writeOsmPbf } from './pbf-writer.ts'

export const FIXTURE_NODES: FixtureNode[] = [
  { id: 1, lat: 10.0, lon: 20.0 },
  { id: 2, lat: 10.0, lon: 20.001 },
  { id: 3, lat: 10.0, lon: 20.002 },
  { id: 4, lat: 9.999, lon: 20.0 },
  { id: 5, lat: 9.999, lon: 20.001 },
  { id: 6, lat: 9.999, lon: 20.002 },
  { id: 7, lat: 9.998, lon: 20.001 },
  { id: 8, lat: 9.998, lon: 20.0 },
  { id: 9, lat: 9.99, lon: 20.002 },
  { id: 10, lat: 10.0, lon: 20.003 },
  { id: 11, lat: 9.999, lon: 20.003 },
  { id: 20, lat: 9.9995, lon: 20.0005, tags: { shop: 'bakery', name: 'Corner Bakery', opening_hours: '24/7' } },
  { id: 21, lat: 9.9995, lon: 20.0015, tags: { amenity: 'police', name: 'Police Post', 'name:hi': 'पुलिस चौकी' } },
  { id: 22, lat: 9.9995, lon: 20.0025, tags: { highway: 'bus_stop', name: 'Fixture Stop' } },
  { id: 23, lat: 9.9996, lon: 20.0026, tags: { man_made: 'surveillance' } },
  {
    id: 24,
    lat: 10.0005,
    lon: 20.0005,
    tags: { place: 'neighbourhood', name: 'Fixture Nagar', 'name:en': 'Fixture Town' },
  },
]

export const FIXTURE_WAYS: FixtureWay[] = [
  { id: 100, refs: [1, 2, 3], tags: { highway: 'residential', oneway: 'yes', lit: 'yes', name: 'One Way Street' } },
  { id: 101, refs: [4, 5, 6], tags: { highway: 'residential', lit: 'no', name: 'Dark Street', maxspeed: '30 mph' } },
  { id: 102, refs: [1, 4], tags: { highway: 'residential' } },
  { id: 103, refs: [3, 6], tags: { highway: 'residential', sidewalk: 'both' } },
  { id: 104, refs: [2, 5], tags: { highway: 'steps' } },
  { id: 105, refs: [5, 7], tags: { highway: 'service', access: 'private' } },
  { id: 106, refs: [4, 8], tags: { highway: 'footway' } },
  { id: 107, refs: [6, 9], tags: { highway: 'motorway', maxspeed: '100' } },
  { id: 109, refs: [3, 10], tags: { highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no' } },
  { id: 110, refs: [10, 11], tags: { highway: 'residential' } },
  { id: 111, refs: [6, 11], tags: { highway: 'residential', maxspeed: 'IN:urban' } },
  { id: 112, refs: [5, 6], tags: { highway: 'pedestrian', area: 'yes' } },
]

export function fixturePbf(): Uint8Array {
  return writeOsmPbf(FIXTURE_NODES, FIXTURE_WAYS)
}
