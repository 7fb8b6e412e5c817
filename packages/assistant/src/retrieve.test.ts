import { describe, expect, it } from 'vitest'
import { KNOWLEDGE } from './knowledge.ts'
import { search } from './retrieve.ts'

const top = (text: string) => search(text, 1)[0]?.entry.id

describe('search', () => {
  it('finds the entry a question is about', () => {
    expect(top('what is 181 for?')).toBe('helpline-181')
    expect(top('how do I add trusted contacts')).toBe('app-trusted-contacts')
    expect(top('what to do when someone follows me')).toBe('followed-walking')
    expect(top('cab safety tips')).toBe('cab-safety')
    expect(top('dahej')).toBe('dowry')
    expect(top('मेट्रो में भीड़')).toBe('harassment-transport')
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
