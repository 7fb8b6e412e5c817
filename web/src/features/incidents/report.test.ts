import { describe, expect, it } from 'vitest'
import { fromLocalInput, reportBody, reportProblems, toLocalInput } from './report.ts'
import { NOW, valid } from './testing.ts'

describe('report rules', () => {
  it('a complete report has no problems', () => {
    expect(reportProblems(valid(), NOW)).toEqual({})
  })

  it('needs a category, a time and a place', () => {
    expect(reportProblems(valid({ category: '', when: '', where: null }), NOW)).toEqual({
      category: 'Choose a category',
      when: 'Say when it happened',
      where: 'Choose where it happened: use your location or search for a place',
    })
    expect(reportProblems(valid({ category: 'burglary' }), NOW).category).toMatch(/^Category must be one of/)
  })

  it('the time is not in the future and within a year', () => {
    expect(reportProblems(valid({ when: '2026-05-10T21:34' }), NOW)).toEqual({}) // clock skew allowed
    expect(reportProblems(valid({ when: '2026-05-10T22:00' }), NOW).when).toBe(
      'The time of the incident cannot be in the future',
    )
    expect(reportProblems(valid({ when: '2025-05-11T21:30' }), NOW)).toEqual({})
    expect(reportProblems(valid({ when: '2025-05-09T21:30' }), NOW).when).toBe(
      'Incidents can be reported up to a year after they happened',
    )
    expect(reportProblems(valid({ when: 'yesterday' }), NOW).when).toBe('Enter a valid date and time')
  })

  it('the description is at most 500 characters', () => {
    expect(reportProblems(valid({ description: 'x'.repeat(500) }), NOW)).toEqual({})
    expect(reportProblems(valid({ description: 'x'.repeat(501) }), NOW).description).toBe(
      'Description must be at most 500 characters',
    )
  })

  it('the body holds only category, place, time (ISO) and a trimmed description', () => {
    expect(reportBody(valid({ description: '  dark lane, followed  ' }))).toEqual({
      category: 'harassment',
      lat: 19.0761,
      lon: 72.8777,
      occurredAt: new Date(2026, 4, 10, 20, 15).toISOString(),
      description: 'dark lane, followed',
    })
    expect(reportBody(valid({ description: '   ' }))).not.toHaveProperty('description')
  })

  it('datetime-local values round-trip in local time', () => {
    expect(toLocalInput(NOW)).toBe('2026-05-10T21:30')
    expect(fromLocalInput('2026-05-10T21:30')?.getTime()).toBe(NOW.getTime())
    expect(fromLocalInput('')).toBeNull()
  })
})
