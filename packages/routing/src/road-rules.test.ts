import { describe, expect, it } from 'vitest'
import { parseMaxspeed, roadAttributes } from './road-rules.ts'

describe('road rules', () => {
  it('parses maxspeed values', () => {
    expect(parseMaxspeed('50')).toBe(50)
    expect(parseMaxspeed('30 mph')).toBe(48)
    expect(parseMaxspeed('50;30')).toBe(50)
    expect(parseMaxspeed('IN:urban')).toBe(0)
    expect(parseMaxspeed('DE:zone30')).toBe(30)
    expect(parseMaxspeed('DE:zone:20')).toBe(20)
    expect(parseMaxspeed('walk')).toBe(7)
    expect(parseMaxspeed('none')).toBe(0)
    expect(parseMaxspeed(undefined)).toBe(0)
  })

  it('applies access tags from the most specific key', () => {
    const acc = (tags: Record<string, string>) => roadAttributes({ highway: 'residential', ...tags })?.access ?? 0
    expect(acc({})).toBe(0b111111)
    expect(acc({ access: 'private' })).toBe(0)
    expect(acc({ access: 'no', foot: 'yes' })).toBe(0b001001)
    expect(acc({ motor_vehicle: 'no' })).toBe(0b011011)
    expect(acc({ vehicle: 'no', bicycle: 'designated' })).toBe(0b011011)
    expect(acc({ oneway: '-1' })).toBe(0b111001)
    expect(acc({ oneway: 'reversible' })).toBe(0b001001)
    expect(acc({ junction: 'roundabout' })).toBe(0b001111)
    expect(acc({ junction: 'roundabout', 'oneway:bicycle': 'no' })).toBe(0b011111)
    expect(roadAttributes({ highway: 'footway', bicycle: 'yes' })?.access).toBe(0b011011)
    expect(roadAttributes({ highway: 'cycleway' })?.access).toBe(0b010010)
    expect(roadAttributes({ highway: 'cycleway', foot: 'designated' })?.access).toBe(0b011011)
    expect(roadAttributes({ highway: 'trunk' })?.access).toBe(0b111111)
    expect(roadAttributes({ highway: 'trunk', motorroad: 'yes' })?.access).toBe(0b100100)
    expect(roadAttributes({ highway: 'motorway', foot: 'yes' })?.access).toBe(0b000100)
    expect(roadAttributes({ highway: 'steps', bicycle: 'yes' })?.access).toBe(0b001001)
    expect(roadAttributes({ highway: 'pedestrian', area: 'yes' })).toBeNull()
    expect(roadAttributes({ highway: 'proposed' })).toBeNull()
    expect(roadAttributes({ building: 'yes' })).toBeNull()
  })

  it('derives speeds, lighting and sidewalks', () => {
    expect(roadAttributes({ highway: 'primary' })?.carKmh).toBe(60)
    expect(roadAttributes({ highway: 'primary', maxspeed: '30' })?.carKmh).toBe(30)
    expect(roadAttributes({ highway: 'steps' })?.footKmh).toBe(3)
    expect(roadAttributes({ highway: 'residential', lit: '24/7' })?.lit).toBe(1)
    expect(roadAttributes({ highway: 'residential', lit: 'no' })?.lit).toBe(2)
    expect(roadAttributes({ highway: 'residential', 'sidewalk:left': 'yes' })?.sidewalk).toBe(2)
    expect(roadAttributes({ highway: 'residential', sidewalk: 'separate' })?.sidewalk).toBe(4)
  })
})
