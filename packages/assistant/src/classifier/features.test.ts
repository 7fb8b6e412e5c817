import { describe, expect, it } from 'vitest'
import { featureNames, features, words } from './features.ts'

describe('words', () => {
  it('keys spellings that sound alike to one word', () => {
    expect(words('peecha')).toEqual(words('pichha'))
    expect(words('maarega')).toEqual(words('marega'))
    expect(words('woh')).toEqual(words('voh'))
    expect(words('HELPPPP')).toEqual(['help'])
  })

  it('reads Devanagari and Latin Hinglish alike', () => {
    expect(words('कोई मेरा पीछा कर रहा है')).toEqual(words('koi mera pichha kar raha hai'))
    expect(words('बचाओ')).toEqual(words('bachao'))
  })

  it('drops invisible characters and reads emoji that say something', () => {
    expect(words('he\u200blp\u200d me\ufeff')).toEqual(['help', 'me'])
    expect(words('🆘🔪')).toEqual(['sos', 'knife'])
    expect(words('😀😀')).toEqual([])
  })

  it('spells out contractions and chat spellings', () => {
    expect(words("I'm scared, plz")).toEqual(['i', 'am', 'scared', 'please'])
    expect(words('dont')).toEqual(['do', 'not'])
  })
})

describe('features', () => {
  it('names words, pairs, skeletons, negated words, character n-grams and a length', () => {
    const names = featureNames('nobody is following me')
    for (const name of ['w:foloving', 'b:is foloving', 's:flvng', 'n:foloving', 'c: nob', 'c: me ', 'len:3-5'])
      expect(names, name).toContain(name)
  })

  it('answers each hashed feature once, in increasing order, the same every time', () => {
    const ids = features('someone is following me someone is following me')
    expect([...ids]).toEqual([...new Set(ids)].sort((a, b) => a - b))
    expect(features('someone is following me someone is following me')).toEqual(ids)
  })

  it('gives an empty message no word, only its length', () => {
    expect(featureNames('')).toEqual(['len:1-2'])
    expect(featureNames('\u200b \u200b')).toEqual(['len:1-2'])
  })
})
