import { describe, expect, it } from 'vitest'
import { Classifier, encodeIds } from './model.ts'
import { DEFAULT_OPTIONS, type Example, train } from './train.ts'

const EXAMPLES: Example[] = [
  ...['help me', 'please help', 'help help', 'someone help me now', 'i need help', 'help please now'].map((text) => ({
    text,
    label: 'cry',
  })),
  ...[
    'what a lovely day',
    'lovely weather today',
    'the day is lovely',
    'such lovely weather',
    'a lovely sunny day',
  ].map((text) => ({ text, label: 'weather' })),
  ...['how do i cook rice', 'cook dal and rice', 'rice recipe', 'how to cook rice fast', 'best rice to cook'].map(
    (text) => ({
      text,
      label: 'food',
    }),
  ),
]
const CLASSES = ['cry', 'weather', 'food']

describe('train', () => {
  it('learns classes from examples, and tells new messages apart', () => {
    const model = new Classifier(train(EXAMPLES, CLASSES))
    const best = (text: string) => {
      const p = model.probabilities(text)
      return CLASSES[p.indexOf(Math.max(...p))]
    }
    expect(best('help me please')).toBe('cry')
    expect(best('lovely day')).toBe('weather')
    expect(best('cook some rice')).toBe('food')
    const p = model.probabilities('help')
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
  })

  it('is deterministic: the same examples give the same model', () => {
    expect(train(EXAMPLES, CLASSES)).toEqual(train(EXAMPLES, CLASSES))
  })

  it('keeps at most maxFeatures features, retrained on them', () => {
    const small = train(EXAMPLES, CLASSES, { ...DEFAULT_OPTIONS, maxFeatures: 10 })
    const model = new Classifier(small)
    expect(atob(small.weights).length).toBe(10 * (CLASSES.length - 1))
    const p = model.probabilities('help me')
    expect(p[0]).toBeGreaterThan(p[1] as number)
  })

  it('refuses a label that is not a class', () => {
    expect(() => train([{ text: 'x', label: 'nope' }], CLASSES)).toThrow(/unknown class/)
  })

  it('answers the classes’ prior for a message with no known feature', () => {
    const model = new Classifier(train(EXAMPLES, CLASSES))
    const p = model.probabilities('')
    expect(Number.isFinite(p[0])).toBe(true)
  })
})

describe('encodeIds', () => {
  it('codes increasing ids as varint gaps that a model reads back', () => {
    const bytes = encodeIds([1, 2, 300, 70_000, 1_048_575])
    expect([...bytes.slice(0, 2)]).toEqual([1, 1])
    expect(bytes.length).toBe(2 + 2 + 3 + 3)
  })
})
