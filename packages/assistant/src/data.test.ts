import { describe, expect, it } from 'vitest'
import { readCorpus, readEvalSet } from '../scripts/corpus.ts'
import { APP_SCREENS } from './screens.testing.ts'
import { isSituation, type Kind, SITUATIONS } from './situations.ts'

const NOT_DANGER: readonly Kind[] = ['past', 'hypothetical', 'negated', 'question', 'support', 'harmless']
const SCREENS = new Set([...APP_SCREENS, 'sos'])
const LANGUAGES = new Set(['en', 'hinglish', 'hi', 'mr', 'mr-latn', 'bn', 'ta', 'te', 'kn', 'gu'])
/** How two texts are compared: case, spaces and punctuation aside. */
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim()

const corpus = readCorpus()
const dev = readEvalSet('dev')
const heldout = readEvalSet('heldout')

describe('the corpus', () => {
  it('has at least 2,000 labelled messages, every kind known', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(2000)
    for (const line of corpus) {
      expect(line.text.trim(), JSON.stringify(line)).not.toBe('')
      expect(isSituation(line.kind) || NOT_DANGER.includes(line.kind), line.text).toBe(true)
      expect(LANGUAGES, line.text).toContain(line.lang)
    }
  })

  it('covers every danger kind in English, Hinglish, Hindi and Marathi, and a few hundred in five more languages', () => {
    for (const lang of ['en', 'hinglish', 'hi', 'mr'])
      for (const kind of SITUATIONS)
        expect(
          corpus.filter((l) => l.lang.startsWith(lang) && l.kind === kind).length,
          `${lang} ${kind}`,
        ).toBeGreaterThanOrEqual(10)
    const others = corpus.filter((l) => ['bn', 'ta', 'te', 'kn', 'gu'].includes(l.lang) && isSituation(l.kind))
    expect(others.length).toBeGreaterThanOrEqual(300)
    for (const lang of ['bn', 'ta', 'te', 'kn', 'gu'])
      expect(others.filter((l) => l.lang === lang).length).toBeGreaterThanOrEqual(60)
  })

  it('has no message twice', () => {
    const keys = corpus.map((l) => key(l.text))
    expect(keys.length - new Set(keys).size).toBe(0)
  })
})

describe('the evaluation sets', () => {
  it('hold at least 600 questions, each well formed', () => {
    expect(dev.length + heldout.length).toBeGreaterThanOrEqual(600)
    for (const item of [...dev, ...heldout]) {
      expect(LANGUAGES, item.text).toContain(item.lang)
      expect(isSituation(item.kind) || [...NOT_DANGER, 'fact', 'howto'].includes(item.kind), item.text).toBe(true)
      if (item.kind === 'fact') expect(item.expect?.length, item.text).toBeGreaterThan(0)
      if (item.kind === 'howto') expect(SCREENS, item.text).toContain(item.screen)
    }
  })

  it('share no message with the corpus, nor with each other: what is scored was never trained on', () => {
    const trained = new Set(corpus.map((l) => key(l.text)))
    const devKeys = new Set(dev.map((q) => key(q.text)))
    expect(dev.filter((q) => trained.has(key(q.text))).map((q) => q.text)).toEqual([])
    expect(heldout.filter((q) => trained.has(key(q.text)) || devKeys.has(key(q.text))).length).toBe(0)
  })
})
