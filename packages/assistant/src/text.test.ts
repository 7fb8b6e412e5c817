import { describe, expect, it } from 'vitest'
import { normalize, terms, tokenize } from './text.ts'

describe('normalize', () => {
  it('lowers case, drops punctuation and Latin diacritics, spells out contractions', () => {
    expect(normalize("I'm SCARED!!! Café?")).toBe('i am scared cafe')
    expect(normalize('he won’t stop')).toBe('he will not stop')
  })

  it('folds Devanagari variants: nukta, anusvara, long vowel signs', () => {
    expect(normalize('पीछा')).toBe(normalize('पिछा'))
    expect(normalize('में')).toBe(normalize('मे'))
    expect(normalize('छेड़')).toBe(normalize('छेड'))
  })

  it('counts a letter repeated three times or more once', () => {
    expect(normalize('helppp')).toBe('help')
    expect(normalize('bachaooo')).toBe('bachao')
  })
})

describe('tokenize', () => {
  it('gives English word forms one key', () => {
    expect(new Set(tokenize('follow follows followed following')).size).toBe(1)
    expect(new Set(tokenize('harass harassed harassment harassing')).size).toBe(1)
  })

  it('gives Hinglish spellings one key', () => {
    expect(new Set(tokenize('peecha pichha picha peechha')).size).toBe(1)
    expect(tokenize('maarega')).toEqual(tokenize('marega'))
    expect(tokenize('darr')).toEqual(tokenize('dar'))
    expect(tokenize('muje dar lag rha h')).toEqual(tokenize('mujhe dar lag raha hai'))
  })

  it('spells out chat forms', () => {
    expect(tokenize('plz')).toEqual(tokenize('please'))
    expect(tokenize('im scared')).toEqual(tokenize("I'm scared"))
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
