import { describe, expect, it } from 'vitest'
import { EMERGENCY_NUMBER, HELPLINES } from '../../contract/src/helplines.ts'
import { EMERGENCY, HELPLINE_NUMBERS, KNOWLEDGE } from './knowledge.ts'

const numbers = new Set([EMERGENCY_NUMBER, ...HELPLINES.map((h) => h.number)])
/** The app's screens an answer may open. */
const SCREENS = new Set([
  '/routeplanner',
  '/routes',
  '/routescorer',
  '/routecalculation',
  '/report',
  '/help',
  '/safety',
  '/blog',
  '/signup',
  '/login',
  '/privacy',
])

describe('the knowledge base', () => {
  it('has at least 40 entries with unique ids and every field filled', () => {
    expect(KNOWLEDGE.length).toBeGreaterThanOrEqual(40)
    expect(new Set(KNOWLEDGE.map((e) => e.id)).size).toBe(KNOWLEDGE.length)
    for (const entry of KNOWLEDGE) {
      expect(entry.title.trim(), entry.id).not.toBe('')
      expect(entry.text.trim(), entry.id).not.toBe('')
      expect(entry.keywords.length, entry.id).toBeGreaterThan(0)
      // Only an answer about a button that is not a screen (Quick exit, Download Our App) has no button of its own.
      if (entry.intent !== 'app') expect(entry.actions.length, entry.id).toBeGreaterThan(0)
    }
  })

  it("copies the app's helplines exactly (@wings/contract)", () => {
    expect(HELPLINE_NUMBERS).toEqual(HELPLINES.map((h) => h.number))
    expect(EMERGENCY).toBe(EMERGENCY_NUMBER)
  })

  it('calls and names only 112 and the helplines', () => {
    for (const entry of KNOWLEDGE) {
      for (const action of entry.actions) if (action.type === 'call') expect(numbers, entry.id).toContain(action.number)
      // Every number of three digits or more in the text, but years (1961, 2005, 2013).
      for (const [n] of `${entry.title} ${entry.text}`.matchAll(/\b\d{3,}\b/g))
        if (!/^(19|20)\d\d$/.test(n)) expect(numbers, `${entry.id}: ${n}`).toContain(n)
    }
  })

  it('describes every helpline', () => {
    const all = KNOWLEDGE.map((e) => e.text).join('\n')
    for (const n of numbers) expect(all).toMatch(new RegExp(`\\b${n}\\b`))
  })

  it('opens only screens the app has', () => {
    for (const entry of KNOWLEDGE)
      for (const action of entry.actions) if (action.type === 'open') expect(SCREENS, entry.id).toContain(action.to)
  })

  it('gives the spec’s four tips', () => {
    const tips = KNOWLEDGE.find((e) => e.id === 'tips-four')?.text ?? ''
    for (const tip of [
      'Stick to well-lit, busy streets and avoid isolated shortcuts.',
      'Share your route with a friend or family member.',
      'Keep your phone accessible and fully charged.',
      'Trust your instincts and seek help if you feel unsafe.',
    ])
      expect(tips).toContain(tip)
  })

  it('answers every situation with SOS or 112 at hand', () => {
    for (const entry of KNOWLEDGE.filter((e) => ['followed', 'cab', 'home', 'survivor'].includes(e.intent)))
      expect(
        entry.actions.some(
          (a) => a.type === 'sos' || (a.type === 'call' && (a.number === '112' || a.number === '181')),
        ),
        entry.id,
      ).toBe(true)
  })
})
