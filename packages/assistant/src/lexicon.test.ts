import { describe, expect, it } from 'vitest'
import { keyed, Lexicon, oneEditApart } from './lexicon.ts'

const found = (lexicon: Lexicon<string>, text: string) => lexicon.find(keyed(text)).map((f) => f.tag)
const lexicon = (words: string) => new Lexicon(words.split(',').map((w) => [w.trim(), w.trim()] as const))

describe('keyed', () => {
  it('keys every script in Latin letters and remembers which script each word was in', () => {
    const { keys, scripts } = keyed('police ka नंबर পুলিশ')
    expect(keys).toEqual(['police', 'ka', 'nanbar', 'pulish'])
    expect(scripts[0]).toBe(scripts[1])
    expect(new Set(scripts).size).toBe(3)
  })
})

describe('Lexicon', () => {
  it('finds a word with an ending glued on, in any script', () => {
    const words = lexicon('पोलिस, পুলিশ, நம்பர், ambulance')
    expect(found(words, 'पोलिसांचा नंबर')).toEqual(['पोलिस'])
    expect(found(words, 'পুলিশের নম্বর')).toEqual(['পুলিশ'])
    expect(found(words, 'நம்பருக்கு கால்')).toEqual(['நம்பர்'])
    expect(found(words, 'two ambulances')).toEqual(['ambulance'])
  })

  it('finds a word whose vowels change before an ending, in the same script only', () => {
    expect(found(lexicon('দমকল, কমিশন'), 'দমকলের নম্বর, কমিশনের')).toEqual(['দমকল', 'কমিশন'])
    // A Tamil word is not a Kannada word's stem: "மகளிர்" (women) is not "ಮಕ್ಕಳ" (children).
    expect(found(lexicon('ಮಕ್ಕಳ'), 'மகளிர் உதவி எண்')).toEqual([])
  })

  it('forgives one typo in a long word in Latin letters, but not in its first or only last letter', () => {
    const words = lexicon('ambulance, number, police, illegal')
    expect(found(words, 'ambulence numbr')).toEqual(['ambulance', 'number'])
    expect(found(words, 'polcie')).toEqual(['police'])
    expect(found(words, 'privacy policy')).toEqual([])
    expect(found(words, 'legal aid')).toEqual([])
  })

  it('matches short words only in their own script', () => {
    // Bengali কি (what) and Hindi की (of) are both "ki"; Bengali নং (no.) and Tamil நான் (I) both "nan".
    const words = lexicon('কি, নং')
    expect(found(words, 'কি নং')).toEqual(['কি', 'নং'])
    expect(found(words, 'बच्चों की हेल्पलाइन')).toEqual([])
    expect(found(words, 'நான் தனியா இருக்கேன்')).toEqual([])
    expect(found(words, 'bachon ki helpline')).toEqual([])
  })

  it('finds phrases word by word, and only whole', () => {
    const words = lexicon('rail madad, one stop centre')
    expect(found(words, 'rail madad ka number')).toEqual(['rail madad'])
    expect(found(words, 'one stop centre kya hai')).toEqual(['one stop centre'])
    expect(found(words, 'rail se madad')).toEqual([])
  })

  it('can match whole keys only', () => {
    const exact = new Lexicon([['all', 'all'] as const], true)
    expect(exact.find(keyed('all helplines')).length).toBe(1)
    expect(exact.find(keyed('allowed')).length).toBe(0)
  })
})

describe('oneEditApart', () => {
  it('allows one insertion, deletion, replacement or swap', () => {
    expect(oneEditApart('numbr', 'number')).toBe(true)
    expect(oneEditApart('nmuber', 'number')).toBe(true)
    expect(oneEditApart('numbar', 'number')).toBe(true)
    expect(oneEditApart('nmbr', 'number')).toBe(false)
    expect(oneEditApart('policy', 'police')).toBe(false)
  })
})
