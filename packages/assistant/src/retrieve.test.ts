import { describe, expect, it } from 'vitest'
import { KNOWLEDGE } from './knowledge.ts'
import { search } from './retrieve.ts'

const top = (text: string) => search(text, 1)[0]?.entry.id

describe('search', () => {
  const questions = {
    'what is 181 for?': 'helpline-181',
    'how do I add trusted contacts': 'app-trusted-contacts',
    'what to do when someone follows me': 'followed-walking',
    'cab safety tips': 'cab-safety',
    dahej: 'dowry',
    'मेट्रो में भीड़': 'harassment-transport',
  }
  it.each(Object.entries(questions))('finds the entry a question is about: %j is about %s', (question, id) => {
    expect(top(question)).toBe(id)
  })

  it('finds each entry from its own title', () => {
    for (const entry of KNOWLEDGE) expect(top(entry.title), entry.title).toBe(entry.id)
  })

  it('answers at most k hits, best first', () => {
    const hits = search('police complaint harassment', 4)
    expect(hits.length).toBeLessThanOrEqual(4)
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]?.score).toBeGreaterThanOrEqual(hits[i]?.score as number)
  })

  it('finds nothing for a message about nothing it knows, or a word only mentioned in passing', () => {
    expect(search('tell me a joke')).toEqual([])
    expect(search('who won the cricket match')).toEqual([])
    expect(search('')).toEqual([])
  })
})
