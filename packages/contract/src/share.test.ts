import { describe, expect, it } from 'vitest'
import {
  isCheckInMissed,
  SHARE_DURATIONS,
  ShareCheckInBody,
  ShareCreateBody,
  ShareMessages,
  SharePositionBody,
  ShareTokenParams,
} from './share.ts'
import { problemOf } from './validate.ts'

const KEY = 'k'.repeat(43)

describe('share schemas', () => {
  it('accept exactly the listed durations', () => {
    const literals = (ShareCreateBody.properties.durationMinutes as unknown as { anyOf: { const: number }[] }).anyOf
    expect(literals.map((s) => s.const)).toEqual([...SHARE_DURATIONS])
    for (const durationMinutes of SHARE_DURATIONS) expect(problemOf(ShareCreateBody, { durationMinutes })).toBeNull()
    expect(problemOf(ShareCreateBody, { durationMinutes: 30 })?.message).toBe(ShareMessages.duration)
  })

  it('tell a person what is wrong', () => {
    const good = { writeKey: KEY, lat: 18.94, lon: 72.83, accuracy: 8 }
    expect(problemOf(SharePositionBody, good)).toBeNull()
    expect(problemOf(SharePositionBody, { ...good, lat: -91 })?.message).toBe(ShareMessages.lat)
    expect(problemOf(SharePositionBody, { ...good, accuracy: 100_001 })?.message).toBe(ShareMessages.accuracy)
    expect(problemOf(SharePositionBody, { ...good, writeKey: `${KEY}=` })?.message).toBe(ShareMessages.writeKey)
    expect(problemOf(ShareTokenParams, { token: 'abc' })?.message).toBe(ShareMessages.token)
    expect(problemOf(ShareCheckInBody, { writeKey: KEY, deadline: 'tonight' })?.message).toBe(ShareMessages.deadline)
    expect(
      problemOf(ShareCheckInBody, { writeKey: KEY, deadline: '2025-03-08T18:30:00Z', destination: '' })?.message,
    ).toBe('Destination is required')
  })
})

describe('isCheckInMissed', () => {
  const deadline = '2025-03-08T18:30:00.000Z'
  it('is missed from the deadline on, unless she tapped "I\'m safe"', () => {
    expect(isCheckInMissed(deadline, undefined, new Date('2025-03-08T18:29:59.999Z'))).toBe(false)
    expect(isCheckInMissed(deadline, undefined, new Date(deadline))).toBe(true)
    expect(isCheckInMissed(deadline, null, new Date('2025-03-08T19:00:00Z'))).toBe(true)
    expect(isCheckInMissed(deadline, '2025-03-08T18:40:00.000Z', new Date('2025-03-08T19:00:00Z'))).toBe(false)
  })
})
