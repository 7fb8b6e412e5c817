import { describe, expect, it } from 'vitest'
import { readCorpus } from '../scripts/corpus.ts'
import { detectLanguage } from './language.ts'

describe('detectLanguage', () => {
  const devanagari = {
    'मुझे डर लग रहा है': 'hi',
    'कोई मेरा पीछा कर रहा है': 'hi',
    'मला भीती वाटतेय': 'mr',
    'कोणीतरी माझा पाठलाग करतोय': 'mr',
    'नवरा मारतोय please help': 'mr',
  }
  it.each(Object.entries(devanagari))(
    'tells Hindi and Marathi in Devanagari apart by their own words: %s is %s',
    (text, lang) => {
      expect(detectLanguage(text)).toBe(lang)
    },
  )

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
