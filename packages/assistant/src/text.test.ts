import { describe, expect, it } from 'vitest'
import { normalize, terms, tokenize } from './text.ts'

describe('normalize', () => {
  it.each([
    // Lower case, no punctuation nor Latin diacritics, contractions spelled out.
    ["I'm SCARED!!! Café?", 'i am scared cafe'],
    ['he won’t stop', 'he will not stop'],
    // A letter repeated three times or more counts once.
    ['helppp', 'help'],
    ['bachaooo', 'bachao'],
  ])('writes %j as %j', (text, normal) => {
    expect(normalize(text)).toBe(normal)
  })

  it.each([
    ['पीछा', 'पिछा'],
    ['में', 'मे'],
    ['छेड़', 'छेड'],
  ])('folds Devanagari variants (nukta, anusvara, long vowel signs): %s as %s', (variant, plain) => {
    expect(normalize(variant)).toBe(normalize(plain))
  })
})

describe('tokenize', () => {
  it.each(['follow follows followed following', 'harass harassed harassment harassing', 'peecha pichha picha peechha'])(
    'gives English word forms and Hinglish spellings one key: %s',
    (forms) => {
      expect(new Set(tokenize(forms)).size).toBe(1)
    },
  )

  it.each([
    ['maarega', 'marega'],
    ['darr', 'dar'],
    ['muje dar lag rha h', 'mujhe dar lag raha hai'],
    // Chat forms spelled out.
    ['plz', 'please'],
    ['im scared', "I'm scared"],
  ])('reads %j as %j', (typed, spelled) => {
    expect(tokenize(typed)).toEqual(tokenize(spelled))
  })

  it('keeps numbers whole', () => {
    expect(tokenize('call 1091 or 112')).toContain('1091')
    expect(tokenize('call 1091 or 112')).toContain('112')
  })

  it('drops stopwords from retrieval terms, in English, Hinglish and Hindi', () => {
    expect(terms('what is the helpline number')).toEqual(tokenize('helpline number'))
    expect(terms('mujhe kya karna chahiye')).toEqual(tokenize('chahiye'))
    expect(terms('मुझे क्या करना है')).toEqual([])
    expect(terms('so scared right now')).toEqual(tokenize('scared'))
  })
})
