import { describe, expect, it } from 'vitest'
import { roundCoordinate, validateReportSearch } from './reportSearch.ts'

describe('report search params', () => {
  it('keeps lat and lon when both are numbers in range', () => {
    expect(validateReportSearch({ lat: 19.0544, lon: 72.8331 })).toEqual({ lat: 19.0544, lon: 72.8331 })
    expect(validateReportSearch({ lat: '19.0544', lon: '-72.5' })).toEqual({ lat: 19.0544, lon: -72.5 })
  })

  it('ignores anything else', () => {
    expect(validateReportSearch({})).toEqual({})
    expect(validateReportSearch({ lat: 19 })).toEqual({})
    expect(validateReportSearch({ lat: 91, lon: 72 })).toEqual({})
    expect(validateReportSearch({ lat: 19, lon: 181 })).toEqual({})
    expect(validateReportSearch({ lat: 'abc', lon: 72 })).toEqual({})
    expect(validateReportSearch({ lat: '', lon: 72 })).toEqual({})
    expect(validateReportSearch({ lat: Number.NaN, lon: 72 })).toEqual({})
    expect(validateReportSearch({ lat: [19], lon: 72 })).toEqual({})
  })

  it('rounds to 4 decimals', () => {
    expect(roundCoordinate(19.076091)).toBe(19.0761)
    expect(roundCoordinate(-72.87765)).toBe(-72.8776)
  })
})
