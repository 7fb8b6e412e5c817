import { EMERGENCY_NUMBER, HELPLINES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { EMERGENCY, KNOWLEDGE } from './knowledge.ts'
import { APP_SCREENS } from './screens.testing.ts'

const numbers = new Set([EMERGENCY_NUMBER, ...HELPLINES.map((h) => h.number)])
/** Old railway numbers, named only to say 139 replaced them. */
const RETIRED = new Set(['131', '182'])
/** The app's screens an answer may open. */
const SCREENS = new Set(APP_SCREENS)

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

  it("reads the app's one list of helplines (@wings/contract), 112 first", () => {
    expect(EMERGENCY).toBe(EMERGENCY_NUMBER)
    expect(HELPLINES[0]?.number).toBe('112')
    const list = KNOWLEDGE.find((e) => e.id === 'helplines')
    for (const h of HELPLINES) expect(list?.text).toContain(`${h.number} ${h.name}: ${h.purpose} (${h.area})`)
    expect(list?.numbers).toEqual(HELPLINES.map((h) => h.number))
  })

  it('has the corrected facts, not the spec’s mistakes (docs/helplines.md)', () => {
    const all = KNOWLEDGE.map((e) => `${e.title}\n${e.text}`).join('\n')
    expect(all).not.toMatch(/\b131 Railway|Disaster management|103 Traffic|Anti terror/)
    const byNumber = new Map(HELPLINES.map((h) => [h.number, h]))
    expect(byNumber.get('139')?.purpose).toContain('Rail Madad')
    expect(byNumber.get('108')?.name).toBe('Ambulance')
    expect(byNumber.get('102')?.purpose).toContain('pregnant women')
    expect(byNumber.get('103')?.area).toBe('Mumbai')
    expect(byNumber.get('1090')?.area).toBe('Uttar Pradesh')
    expect(byNumber.get('181')?.purpose).toContain('Any woman')
    for (const n of ['1930', '14416', '7827170170', '15100']) expect(byNumber.has(n), n).toBe(true)
    expect(byNumber.has('131')).toBe(false)
    expect(all).toContain('section 78')
    expect(all).toContain('section 79')
    expect(all).toContain('Zero FIR')
  })

  it('calls and names only 112 and the helplines', () => {
    for (const entry of KNOWLEDGE) {
      for (const action of entry.actions) if (action.type === 'call') expect(numbers, entry.id).toContain(action.number)
      // Every number of three digits or more in the text, but years (1961, 2005, 2013), Tele-MANAS's long form, and
      // the railway numbers the text says are gone.
      const text = `${entry.title} ${entry.text}`.replace('1-800-891-4416', '')
      for (const { 0: n, index } of text.matchAll(/\b\d{3,}\b/g)) {
        const law = /(IPC|[Ss]ection|BNSS?|was) $/.test(text.slice(0, index))
        if (!law && !/^(19|20)\d\d$/.test(n) && !(entry.id === 'helpline-railway' && RETIRED.has(n)))
          expect(numbers, `${entry.id}: ${n}`).toContain(n)
      }
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
