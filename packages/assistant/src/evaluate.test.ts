import { describe, expect, it } from 'vitest'
import questions from '../eval/questions.json'
import { type EvalQuestion, evaluate } from './evaluate.ts'
import { KNOWLEDGE } from './knowledge.ts'

const set = questions as EvalQuestion[]

describe('the evaluation set', () => {
  it('has at least 80 questions, 20 of them danger, with the issue’s four examples', () => {
    expect(set.length).toBeGreaterThanOrEqual(80)
    expect(set.filter((q) => q.intent === 'danger').length).toBeGreaterThanOrEqual(20)
    const texts = set.map((q) => q.text)
    for (const text of ['someone is following me', 'help me', 'bachao', 'I am scared he will hit me'])
      expect(texts).toContain(text)
  })

  it('names only entries that exist, with their intent', () => {
    const byId = new Map(KNOWLEDGE.map((e) => [e.id, e]))
    for (const q of set) if (q.entry) expect(byId.get(q.entry)?.intent, q.text).toBe(q.intent)
  })

  it('meets the targets: top-1 >= 90 %, danger recall 100 %, no danger answer without SOS', () => {
    const result = evaluate(set)
    expect(result.total).toBe(set.length)
    expect(result.accuracy, JSON.stringify(result.misses, null, 1)).toBeGreaterThanOrEqual(0.9)
    expect(result.dangerRecall).toBe(1)
    expect(result.dangerWithoutSos).toBe(0)
  })
})

describe('evaluate', () => {
  it('scores top-1 on the entry when one is given, else on the intent, and counts danger', () => {
    const result = evaluate([
      { text: 'bachao', intent: 'danger' },
      { text: 'what is 181 for?', intent: 'helplines', entry: 'helpline-181' },
      { text: 'what is 181 for?', intent: 'helplines', entry: 'helplines' },
      { text: 'hello', intent: 'thanks' },
    ])
    expect(result).toMatchObject({ total: 4, accuracy: 0.5, dangerRecall: 1, dangerWithoutSos: 0, falseAlarms: 0 })
    expect(result.misses.map((m) => m.expected)).toEqual(['helplines', 'thanks'])
  })

  it('counts a danger message answered otherwise as a miss of recall', () => {
    const result = evaluate([{ text: 'how do I install the app', intent: 'danger' }])
    expect(result.dangerRecall).toBe(0)
    expect(result.dangerWithoutSos).toBe(1)
  })
})
