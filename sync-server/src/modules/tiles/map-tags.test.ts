import { describe, expect, it } from 'vitest'
import { mergeLines } from './map-reader.ts'
import { areaRule, lineRule, pointRule } from './map-tags.ts'

describe('what the map draws', () => {
  it('keeps streets with their kind, class and names in every language, and drops roads that are not there', () => {
    expect(lineRule({ highway: 'primary', name: 'Lamington Road', 'name:mr': 'लॅमिंग्टन रोड', ref: 'SH 1' })).toEqual({
      layer: 'roads',
      props: { kind: 'major', class: 'primary', name: 'Lamington Road', 'name:mr': 'लॅमिंग्टन रोड', ref: 'SH 1' },
      minzoom: 7,
    })
    expect(lineRule({ highway: 'footway' })).toMatchObject({ props: { kind: 'path' }, minzoom: 13 })
    expect(lineRule({ highway: 'proposed' })).toBeNull()
    expect(lineRule({ highway: 'pedestrian', area: 'yes' })).toBeNull()
  })

  it('draws railways (sidings later), rivers, and not abandoned lines', () => {
    expect(lineRule({ railway: 'rail', name: 'Western Railway' })).toMatchObject({ layer: 'transit', minzoom: 8 })
    expect(lineRule({ railway: 'rail', service: 'siding' })).toMatchObject({
      props: { service: 'siding' },
      minzoom: 13,
    })
    expect(lineRule({ railway: 'abandoned' })).toBeNull()
    expect(lineRule({ waterway: 'river', name: 'Mithi' })).toMatchObject({ layer: 'water', props: { kind: 'river' } })
  })

  it('sorts areas into water, parks, beaches and buildings, landmarks marked', () => {
    expect(areaRule({ natural: 'water' })).toMatchObject({ layer: 'water', props: { kind: 'water' } })
    expect(areaRule({ leisure: 'park', name: 'Oval Maidan' })).toMatchObject({
      layer: 'landuse',
      props: { kind: 'park' },
    })
    expect(areaRule({ natural: 'sand' })).toMatchObject({ props: { kind: 'beach' } })
    expect(areaRule({ building: 'train_station' })).toMatchObject({ layer: 'buildings', props: { major: true } })
    expect(areaRule({ building: 'yes' })?.props.major).toBeUndefined()
    expect(areaRule({ building: 'no' })).toBeNull()
    expect(areaRule({ natural: 'water', area: 'no' })).toBeNull()
  })

  it('names places, stations and stops; unnamed places are not labels', () => {
    expect(pointRule({ place: 'neighbourhood', name: 'Tardeo' })).toMatchObject({ layer: 'places', minzoom: 11 })
    expect(pointRule({ place: 'suburb' })).toBeNull()
    expect(pointRule({ railway: 'station', name: 'Grant Road' })).toMatchObject({ props: { kind: 'station' } })
    expect(pointRule({ highway: 'bus_stop', name: 'Nana Chowk' })).toMatchObject({ props: { kind: 'bus_stop' } })
    expect(pointRule({ amenity: 'police' })).toMatchObject({ props: { kind: 'police' } })
    expect(pointRule({ shop: 'bakery', name: 'Merwan' })).toBeNull()
  })
})

describe('joining and simplifying lines', () => {
  it('joins the ways of one street end to end, either way round', () => {
    // Direction does not matter on the map: a street drawn or named either way round is the same street.
    expect(
      mergeLines([
        [1, 2],
        [3, 2],
        [3, 4],
        [9, 8],
      ]),
    ).toEqual([
      [4, 3, 2, 1],
      [8, 9],
    ])
  })
})
