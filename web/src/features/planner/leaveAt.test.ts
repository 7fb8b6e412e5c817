import { describe, expect, it } from 'vitest'
import { nextAt, scoredForText } from './leaveAt.ts'

describe('leaving at a time', () => {
  const now = new Date(2025, 2, 1, 14, 5)
  it('a time still to come today is today; a time already past is tomorrow', () => {
    expect(nextAt('22:30', now)).toEqual(new Date(2025, 2, 1, 22, 30))
    expect(nextAt('06:30', now)).toEqual(new Date(2025, 2, 2, 6, 30))
  })
  it('refuses what is not hours and minutes', () => {
    for (const bad of ['', ' ', '24:00', '7:5', '22:30:00', 'tonight', '12:60']) expect(nextAt(bad, now)).toBeNull()
  })
  it('says the hour and its period as the model reads it', () => {
    expect(scoredForText(new Date(2025, 2, 1, 22, 30).toISOString())).toBe('Scored for 22:30, after dark')
    expect(scoredForText(new Date(2025, 2, 1, 12, 30).toISOString())).toBe('Scored for 12:30, in daylight')
    expect(scoredForText(new Date(2025, 2, 1, 19, 0).toISOString())).toBe('Scored for 19:00, at dusk or dawn')
    expect(scoredForText('not a time')).toBeNull()
  })
})
