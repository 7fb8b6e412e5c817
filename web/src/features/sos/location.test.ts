import { describe, expect, it } from 'vitest'
import { LocationText, locationProblemOf } from './location.ts'
import { SOS_NO_GEOLOCATION, SOS_NO_LOCATION } from './sos.ts'

describe('location problems', () => {
  it('tells denied, timed out and unavailable apart, each with what to do', () => {
    expect(locationProblemOf({ code: 1 })).toBe('denied')
    expect(locationProblemOf({ code: 2 })).toBe('unavailable')
    expect(locationProblemOf({ code: 3 })).toBe('timeout')
    expect(locationProblemOf(new Error('odd'))).toBe('unavailable')
    expect(LocationText.denied.startsWith(SOS_NO_LOCATION)).toBe(true)
    expect(LocationText.denied).toContain('Site settings')
    expect(LocationText.timeout).toContain('near a window or outdoors')
    expect(LocationText.unavailable).toContain('Turn on location (GPS)')
    expect(LocationText.unsupported).toBe(SOS_NO_GEOLOCATION)
  })
})
