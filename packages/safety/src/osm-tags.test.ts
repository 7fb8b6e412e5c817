import { describe, expect, it } from 'vitest'
import { litFromTag, maxspeedFromTag, poiKinds, sidewalkFromTags } from './osm-tags.ts'

describe('OSM tag helpers', () => {
  it.each([
    [undefined, 'unknown'],
    ['yes', 'yes'],
    ['24/7', 'yes'],
    ['automatic', 'yes'],
    ['no', 'no'],
    ['disused', 'no'],
    ['limited', 'unknown'],
    ['perhaps', 'unknown'],
  ])('lit=%s -> %s', (tag, value) => {
    expect(litFromTag(tag)).toBe(value)
  })

  it.each([
    [{}, 'unknown'],
    [{ sidewalk: 'both' }, 'yes'],
    [{ sidewalk: 'separate' }, 'yes'],
    [{ sidewalk: 'no' }, 'no'],
    [{ sidewalk: 'none' }, 'no'],
    [{ 'sidewalk:left': 'no', 'sidewalk:right': 'yes' }, 'yes'],
    [{ 'sidewalk:both': 'no' }, 'no'],
  ])('sidewalk tags %j -> %s', (tags, value) => {
    expect(sidewalkFromTags(tags)).toBe(value)
  })

  it.each([
    [undefined, null],
    ['50', 50],
    ['30 mph', 48],
    ['walk', 6],
    ['IN:urban', null],
    ['none', null],
    ['0', null],
    ['signals', null],
  ])('maxspeed=%s -> %s', (tag, value) => {
    expect(maxspeedFromTag(tag)).toBe(value)
  })

  it('classifies places', () => {
    expect(poiKinds({ amenity: 'pharmacy', opening_hours: '24/7' })).toMatchObject({ help: true, open24h: true })
    expect(poiKinds({ amenity: 'cafe' })).toMatchObject({ food: true, shop: false })
    expect(poiKinds({ shop: 'bakery' }).shop).toBe(true)
    expect(poiKinds({ shop: 'vacant' }).shop).toBe(false)
    expect(poiKinds({ highway: 'bus_stop' }).transport).toBe(true)
    expect(poiKinds({ railway: 'station' }).transport).toBe(true)
    expect(poiKinds({ man_made: 'surveillance' }).camera).toBe(true)
    expect(Object.values(poiKinds({ amenity: 'bench' })).some(Boolean)).toBe(false)
  })
})
