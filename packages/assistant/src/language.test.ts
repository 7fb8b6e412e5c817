import { describe, expect, it } from 'vitest'
import { readCorpus } from '../scripts/corpus.ts'
import { detectLanguage } from './language.ts'

describe('detectLanguage', () => {
  it('answers Hindi and Marathi written in Devanagari, told apart by their own words', () => {
    expect(detectLanguage('मुझे डर लग रहा है')).toBe('hi')
    expect(detectLanguage('कोई मेरा पीछा कर रहा है')).toBe('hi')
    expect(detectLanguage('मला भीती वाटतेय')).toBe('mr')
    expect(detectLanguage('कोणीतरी माझा पाठलाग करतोय')).toBe('mr')
    expect(detectLanguage('नवरा मारतोय please help')).toBe('mr')
  })

  it('answers English for Latin letters (Hinglish too), other scripts, and nothing at all', () => {
    for (const text of ['someone is following me', 'mujhe dar lag raha hai', 'বাঁচাও', 'காப்பாத்துங்க', '', '😀', '\u200b'])
      expect(detectLanguage(text), text).toBe('en')
  })

  it('takes a message mostly in Latin letters with a Devanagari word as English', () => {
    expect(detectLanguage('please help me my husband is hitting me मदद')).toBe('en')
  })

  it('recognises the corpus’s Hindi and Marathi lines', () => {
    const lines = readCorpus()
    const share = (lang: string, expected: string) => {
      const of = lines.filter((l) => l.lang === lang)
      return of.filter((l) => detectLanguage(l.text) === expected).length / of.length
    }
    expect(share('hi', 'hi')).toBeGreaterThanOrEqual(0.97)
    expect(share('mr', 'mr')).toBeGreaterThanOrEqual(0.95)
  })
})
