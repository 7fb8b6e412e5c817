import { describe, expect, it } from 'vitest'
import { excerpt, formatStoryDate, ordinal } from './format.ts'

describe('formatStoryDate', () => {
  it("formats like '5th March 2025, 10:30' (local time, 24 h)", () => {
    expect(formatStoryDate(new Date(2025, 2, 5, 10, 30))).toBe('5th March 2025, 10:30')
    expect(formatStoryDate(new Date(2024, 11, 31, 23, 5))).toBe('31st December 2024, 23:05')
    expect(formatStoryDate(new Date(2025, 0, 1, 0, 0))).toBe('1st January 2025, 00:00')
    expect(formatStoryDate(new Date(2025, 2, 5, 10, 30).toISOString())).toBe('5th March 2025, 10:30')
  })

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [31, '31st'],
  ])('day %i is %s', (day, text) => {
    expect(ordinal(day)).toBe(text)
    expect(formatStoryDate(new Date(2025, 0, day, 9, 7))).toBe(`${text} January 2025, 09:07`)
  })

  it('answers an empty text for a date it cannot read', () => {
    expect(formatStoryDate('not a date')).toBe('')
  })
})

describe('excerpt', () => {
  it('shows a short content whole', () => {
    expect(excerpt('A short story.')).toBe('A short story.')
  })

  it('keeps about the first quarter, cut at a word boundary, ended with an ellipsis', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`)
    const content = words.join(' ')
    const cut = excerpt(content)
    expect(cut.endsWith('…')).toBe(true)
    const kept = cut.slice(0, -1)
    expect(content.startsWith(kept)).toBe(true)
    // A word boundary: the next character in the content is a space.
    expect(content[kept.length]).toBe(' ')
    expect(kept.length).toBeGreaterThan(content.length / 4 - 12)
    expect(kept.length).toBeLessThanOrEqual(Math.ceil(content.length / 4))
  })

  it('never keeps more than 400 characters, and cuts a single long word where it must', () => {
    const long = 'a'.repeat(5000)
    expect(excerpt(long)).toBe(`${'a'.repeat(400)}…`)
    expect(excerpt(`${'word '.repeat(2000)}`).length).toBeLessThanOrEqual(401)
  })

  it('drops trailing punctuation before the ellipsis', () => {
    const content = `${'Hello there, '.repeat(40)}end`
    expect(excerpt(content)).toMatch(/there…$|Hello…$/)
  })
})
