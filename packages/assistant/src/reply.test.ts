import { describe, expect, it } from 'vitest'
import { isDanger } from './danger.ts'
import { DANGER_LEAD, reply } from './reply.ts'
import type { AssistantAction } from './types.ts'

const kinds = (actions: AssistantAction[]) =>
  actions.map((a) => (a.type === 'sos' ? 'sos' : a.type === 'call' ? `call ${a.number}` : `open ${a.to}`))

describe('reply', () => {
  it('answers danger first: the lead line, then SOS, 112, 1091 and 181', () => {
    for (const text of ['someone is following me', 'bachao', 'मुझे डर लग रहा है', 'woh mujhe maarega']) {
      const answer = reply(text)
      expect(answer.intent, text).toBe('danger')
      expect(answer.danger).toBe(true)
      expect(answer.text.startsWith(DANGER_LEAD), text).toBe(true)
      expect(kinds(answer.actions).slice(0, 4)).toEqual(['sos', 'call 112', 'call 1091', 'call 181'])
    }
  })

  it('adds what to do in her situation after the danger lines', () => {
    const answer = reply('a man is following me')
    expect(answer.entries[0]?.id).toBe('followed-walking')
    expect(answer.text).toContain('Do not go home')
    const cab = reply('the cab driver is taking a different route')
    expect(cab.text).toContain('Ask firmly')
    expect(kinds(cab.actions)).toContain('open /report')
  })

  it('gives no situation text for a bare cry', () => {
    const answer = reply('help')
    expect(answer.danger).toBe(true)
    expect(answer.text.split('\n\n')).toHaveLength(1)
  })

  it('answers from the best entry with its buttons', () => {
    const answer = reply('help me plan a route')
    expect(answer).toMatchObject({ intent: 'app', danger: false })
    expect(answer.entries[0]?.id).toBe('app-routeplanner')
    expect(kinds(answer.actions)).toEqual(['open /routeplanner'])
    expect(kinds(reply('how do I report an incident').actions)).toContain('open /report')
    expect(kinds(reply('what is 1091 for?').actions)).toContain('call 1091')
  })

  it('greets and thanks', () => {
    expect(reply('hi').intent).toBe('greeting')
    expect(reply('Namaste Saathi').intent).toBe('greeting')
    expect(reply('thank you so much').intent).toBe('thanks')
    expect(reply('hi, how do I share my location?').intent).toBe('app')
  })

  it('offers the helplines and the main screens when it does not know', () => {
    const answer = reply('what is the capital of France')
    expect(answer.intent).toBe('unknown')
    expect(answer.entries).toEqual([])
    expect(kinds(answer.actions)).toEqual(['sos', 'call 112', 'open /help', 'open /routeplanner', 'open /report'])
    expect(answer.text).toContain('112')
  })

  it('offers three suggestions, each answered and none of them a danger message', () => {
    for (const text of ['hi', 'thanks', 'bachao', 'how does SOS work?', 'dowry', 'xyz']) {
      const { suggestions } = reply(text)
      expect(suggestions).toHaveLength(3)
      for (const suggestion of suggestions) {
        expect(isDanger(suggestion), suggestion).toBe(false)
        expect(reply(suggestion).intent, suggestion).not.toBe('unknown')
      }
    }
  })

  it('never answers danger without SOS', () => {
    for (const text of ['help me', 'he has a knife', 'I got into the wrong cab', 'मदद करो']) {
      const answer = reply(text)
      expect(
        answer.actions.some((a) => a.type === 'sos'),
        text,
      ).toBe(true)
    }
  })
})
