import { describe, expect, it } from 'vitest'
import { isLanguage, languageOf } from './language-rules.ts'

describe('languageOf', () => {
  it('takes the first supported language among the preferred ones', () => {
    expect(languageOf(['fr-FR', 'mr-IN', 'hi'])).toBe('mr')
    expect(languageOf(['hi_IN'])).toBe('hi')
    expect(languageOf(['EN-gb'])).toBe('en')
  })

  it('falls back to English for unknown, empty or malformed codes', () => {
    expect(languageOf(['ta-IN', 'xx', '', null, undefined, '<script>'])).toBe('en')
    expect(languageOf([])).toBe('en')
  })

  it('accepts only the codes it knows', () => {
    expect(isLanguage('hi')).toBe(true)
    expect(isLanguage('HI')).toBe(false)
    expect(isLanguage('hi-IN')).toBe(false)
    expect(isLanguage(undefined)).toBe(false)
  })
})
