import { readOsmPbf } from '@wings/routing'
import { type FixtureNode, type FixtureRelation, type FixtureWay, writeOsmPbf } from '@wings/routing/testing/pbf-writer'
import { describe, expect, it } from 'vitest'
import { nearbyRows } from './import.ts'

// A hospital campus mapped as a multipolygon relation: a 400 x 200 m outline drawn as two open ways, plus a small
// annexe ring (its largest ring decides the point). Its ways carry no tags of their own. Two extra nodes on the south
// edge pull the mean of the nodes south; the ring's centroid stays in the middle.
const NODES: FixtureNode[] = [
  { id: 1, lat: 18.96, lon: 72.82 },
  { id: 2, lat: 18.96, lon: 72.824 },
  { id: 3, lat: 18.962, lon: 72.824 },
  { id: 4, lat: 18.962, lon: 72.82 },
  { id: 11, lat: 18.96, lon: 72.821 },
  { id: 12, lat: 18.96, lon: 72.822 },
  { id: 5, lat: 18.97, lon: 72.83 },
  { id: 6, lat: 18.97, lon: 72.8301 },
  { id: 7, lat: 18.9701, lon: 72.8301 },
  // The outline of a police compound cut at the extract's edge: one of its two ways is missing.
  { id: 8, lat: 18.95, lon: 72.81 },
  { id: 9, lat: 18.95, lon: 72.812 },
  { id: 10, lat: 18.952, lon: 72.812 },
]
const WAYS: FixtureWay[] = [
  { id: 100, refs: [1, 11, 12, 2, 3], tags: {} },
  { id: 101, refs: [3, 4, 1], tags: {} },
  { id: 102, refs: [5, 6, 7, 5], tags: {} },
  { id: 103, refs: [8, 9, 10], tags: {} },
]
const outer = (ref: number) => ({ type: 1 as const, ref, role: 'outer' })
const RELATIONS: FixtureRelation[] = [
  {
    id: 500,
    members: [outer(100), outer(102), outer(101)],
    tags: { type: 'multipolygon', amenity: 'hospital', name: 'Campus Hospital', phone: '+91 22 2300 1111' },
  },
  // Same outline, no kind of help: a residential block.
  {
    id: 501,
    members: [outer(100), outer(101)],
    tags: { type: 'multipolygon', landuse: 'residential', name: 'Colony' },
  },
  // Way 104 is not in the extract.
  { id: 502, members: [outer(103), outer(104)], tags: { type: 'multipolygon', amenity: 'police', name: 'Cut Chowki' } },
  // A hospital relation that is not a multipolygon (a site relation) is not an outline.
  { id: 503, members: [outer(100), outer(101)], tags: { type: 'site', amenity: 'hospital', name: 'Site' } },
]

describe('places of help mapped as multipolygon relations', () => {
  const rows = nearbyRows([readOsmPbf(writeOsmPbf(NODES, WAYS, RELATIONS))])

  it('lists a hospital relation once, at the centroid of its largest outer ring, with its name and phone', () => {
    expect(rows.filter((r) => r.id === 'r500')).toHaveLength(1)
    const campus = rows.find((r) => r.id === 'r500')
    expect(campus).toMatchObject({ kind: 'hospital', category: 'hospital', name: 'Campus Hospital' })
    expect(campus?.phone).toBe('+91 22 2300 1111')
    expect(campus?.lat).toBeCloseTo(18.961, 6)
    expect(campus?.lon).toBeCloseTo(72.822, 6)
  })

  it('leaves out relations without a kind of help, cut at the extract edge, or that are not multipolygons', () => {
    expect(rows.map((r) => r.id)).toEqual(['r500'])
  })
})
