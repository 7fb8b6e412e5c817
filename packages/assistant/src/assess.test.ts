import { describe, expect, it } from 'vitest'
import { assess, createAssessor } from './assess.ts'
import type { StoredModel } from './classifier/model.ts'
import { trainModel } from './classifier/train.ts'
import type { Kind } from './situations.ts'

// A model that knows too little, to see what the rules and thresholds do around it.
const lines: { text: string; kind: Kind }[] = [
  ...['he is following me', 'a man follows me home', 'someone is following me now'].map((text) => ({
    text,
    kind: 'followed' as const,
  })),
  ...['my husband is beating me', 'he is hitting me now'].map((text) => ({ text, kind: 'home' as const })),
  ...['how do i plan a route', 'what is the police number', 'how do i add contacts'].map((text) => ({
    text,
    kind: 'question' as const,
  })),
  ...['nice weather today', 'a good film tonight'].map((text) => ({ text, kind: 'harmless' as const })),
]
const model: StoredModel = { source: 'test', ...trainModel(lines) }

describe('createAssessor', () => {
  it('flags what the model finds likely danger, with its situations most likely first', () => {
    const a = createAssessor(model, { danger: 0.5, rulesFloor: 1 })
    const result = a('someone is following me')
    expect(result.danger).toBe(true)
    expect(result.situations[0]?.situation).toBe('followed')
    expect(result.situations.map((s) => s.probability)).toEqual(
      [...result.situations.map((s) => s.probability)].sort((x, y) => y - x),
    )
    expect(a('how do i plan a route').danger).toBe(false)
  })

  it('lets the rules flag a cry the model is unsure of, but not one it is sure is not danger', () => {
    const text = 'bachao'
    const unsure = createAssessor(model, { danger: 1.01, rulesFloor: 0 })
    expect(unsure(text).danger).toBe(true)
    const sure = createAssessor(model, { danger: 1.01, rulesFloor: 1.01 })
    expect(sure(text).danger).toBe(false)
  })

  it('never takes greetings or thanks for danger', () => {
    const eager = createAssessor(model, { danger: 0, rulesFloor: 0 })
    for (const text of ['hi', 'hello saathi', 'thank you so much', 'ok bye'])
      expect(eager(text).danger, text).toBe(false)
    expect(eager('hi help').danger).toBe(true)
  })
})

describe('assess (the trained model)', () => {
  it('reads the end of a very long message, where a plea for help often is', () => {
    expect(
      assess(`${'We had dinner and talked about the weather. '.repeat(150)} he is hitting me please help`).danger,
    ).toBe(true)
  })

  it('judges a question for a number without the question: danger only if what is left is', () => {
    for (const text of ['ambulance ka number kya hai', 'போலீஸ் நம்பர் என்ன', 'ಮಹಿಳಾ ಸಹಾಯವಾಣಿ ಸಂಖ್ಯೆ', 'stalking ki dhara'])
      expect(assess(text).danger, text).toBe(false)
    for (const text of ['he is following me what is the police number', 'कोई दरवाज़ा तोड़ रहा है पुलिस नंबर'])
      expect(assess(text).danger, text).toBe(true)
    expect(assess('ambulance ka number kya hai').facts[0]?.fact.number).toBe('108')
  })

  it('answers for any input without throwing', () => {
    for (const text of ['', '\u200b', '😭', 'a'.repeat(10_000), '\u0000'])
      expect(Number.isFinite(assess(text).probability), JSON.stringify(text.slice(0, 5))).toBe(true)
  })
})
