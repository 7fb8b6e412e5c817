import { describe, expect, it } from 'vitest'
import { belowTarget, checksOf, type EvalItem, expectedNumbers, score, share } from './scorecard.ts'
import type { AssistantAction, AssistantReply } from './types.ts'

const answer = (danger: boolean, text: string, actions: AssistantAction[]): AssistantReply => ({
  intent: danger ? 'danger' : 'unknown',
  danger,
  language: 'en',
  text,
  actions,
  entries: [],
  suggestions: [],
})
const sos: AssistantAction = { type: 'sos', label: 'Send SOS' }
const call = (number: string): AssistantAction => ({ type: 'call', label: `Call ${number}`, number })

describe('checksOf', () => {
  it('passes a danger message answered with SOS or 112 first and the situation’s numbers', () => {
    const item: EvalItem = { text: 'he is beating me', lang: 'en', kind: 'home' }
    expect(checksOf(item, answer(true, 'Call 112 or 181.', [sos, call('112')]))).toEqual([
      ['dangerFirst', true],
      ['situationNumbers', true],
    ])
    // 181 only as a button counts too; SOS third does not.
    expect(
      checksOf(item, answer(true, 'Call 112.', [call('181'), { type: 'open', label: 'x', to: '/help' }, sos])),
    ).toEqual([
      ['dangerFirst', false],
      ['situationNumbers', true],
    ])
    expect(checksOf(item, answer(false, 'Call 112 or 181.', [sos]))[0]).toEqual(['dangerFirst', false])
  })

  it('expects 112 always, the kind’s numbers, and 139 for a train', () => {
    expect(expectedNumbers({ text: 'x', lang: 'en', kind: 'selfharm' })).toEqual(['112', '14416'])
    expect(expectedNumbers({ text: 'a man is touching me in the local', lang: 'en', kind: 'transit' })).toEqual([
      '112',
      '139',
    ])
    expect(expectedNumbers({ text: 'ट्रेन में एक आदमी', lang: 'hi', kind: 'transit' })).toEqual(['112', '139'])
    expect(expectedNumbers({ text: 'a man on the bus', lang: 'en', kind: 'transit' })).toEqual(['112'])
    expect(expectedNumbers({ text: 'what is 112', lang: 'en', kind: 'fact' })).toEqual([])
  })

  it('does not take a number inside a longer one', () => {
    const item: EvalItem = { text: 'x', lang: 'en', kind: 'child' }
    expect(checksOf(item, answer(true, 'Call 112, 10985.', [sos]))[1]).toEqual(['situationNumbers', false])
  })

  it('scores facts on the text, how-tos on a button, and every other message on not being flagged', () => {
    const fact: EvalItem = { text: 'cyber number', lang: 'en', kind: 'fact', expect: ['1930'] }
    expect(checksOf(fact, answer(false, 'Call 1930.', []))).toEqual([
      ['harmlessNotFlagged', true],
      ['facts', true],
    ])
    const howto: EvalItem = { text: 'contacts', lang: 'en', kind: 'howto', screen: '/safety' }
    expect(checksOf(howto, answer(false, '', [{ type: 'open', label: 'Safety', to: '/safety' }]))[1]).toEqual([
      'howto',
      true,
    ])
    expect(checksOf({ text: 'film', lang: 'en', kind: 'harmless' }, answer(true, '', [sos]))).toEqual([
      ['harmlessNotFlagged', false],
    ])
  })
})

describe('score', () => {
  it('tallies per check, language and kind, and lists the misses', () => {
    const items: EvalItem[] = [
      { text: 'help', lang: 'en', kind: 'general' },
      { text: 'bachao', lang: 'hinglish', kind: 'general' },
      { text: 'movie', lang: 'en', kind: 'harmless' },
    ]
    const card = score(items, (text) =>
      text === 'bachao' ? answer(false, '', []) : answer(text === 'help', '112', [sos]),
    )
    expect(card.overall.dangerFirst).toEqual({ passed: 1, total: 2 })
    expect(card.byLanguage.hinglish?.dangerFirst).toEqual({ passed: 0, total: 1 })
    expect(card.byKind.harmless?.harmlessNotFlagged).toEqual({ passed: 1, total: 1 })
    expect(card.misses.map((m) => [m.text, m.check])).toEqual([
      ['bachao', 'dangerFirst'],
      ['bachao', 'situationNumbers'],
    ])
    expect(share(card.overall.dangerFirst)).toBe(0.5)
    expect(belowTarget(card.overall)).toEqual(['dangerFirst', 'situationNumbers'])
  })
})
