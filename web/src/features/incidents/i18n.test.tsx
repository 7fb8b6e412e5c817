/** The incident report in Marathi and Hindi: the form, its problems, its toasts; the contract's rules in her words. */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ErrorCode, IncidentMessages, LANGUAGES } from '@wings/contract'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLanguage } from '../../i18n/language.ts'
import { mockGeolocation, removeGeolocation } from '../../test/geolocation.ts'
import { renderInApp } from '../../test/render.tsx'
import { clearDb, syncServer } from '../../test/sync.ts'
import { ReportForm } from './ReportForm.tsx'
import {
  CHOSEN_ON_MAP,
  CONTRACT_MESSAGES,
  type ReportValues,
  refusalMessage,
  reportProblems,
  toLocalInput,
} from './report.ts'
import { NOW, valid } from './testing.ts'

describe('the report form', () => {
  beforeEach(clearDb)
  afterEach(() => {
    removeGeolocation()
    vi.restoreAllMocks()
  })

  it('in Marathi: its labels, categories, what is wrong, the place and the offline toast', async () => {
    await setLanguage('mr')
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    syncServer()
    mockGeolocation({ lat: 19.07609123, lon: 72.87765432 })
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    expect(await screen.findByText(/^आम्ही घटनेचा प्रकार, वेळ \(फक्त तास\)/)).toBeTruthy()
    expect(screen.getByRole('form', { name: 'घटनेची तक्रार करा' })).toBeTruthy()
    const category = screen.getByLabelText('घटनेचा प्रकार') as HTMLSelectElement
    expect([...category.options].map((o) => o.textContent)).toEqual([
      'प्रकार निवडा',
      'छेडछाड',
      'पाठलाग',
      'हल्ला',
      'चोरी',
      'अपुरा उजेड',
      'निर्जन जागा',
      'असुरक्षित वाहतूक',
      'इतर',
    ])
    expect(screen.getByText('गेल्या वर्षभरातील. आम्ही फक्त तास ठेवतो.')).toBeTruthy()
    expect(screen.getByRole('group', { name: 'कुठे' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'किंवा जागा शोधा' })).toBeTruthy()
    expect(screen.getByText(/^हवे असल्यास\. 0\/500 अक्षरे\./)).toBeTruthy()

    const when = screen.getByLabelText('कधी')
    await user.clear(when)
    await user.type(when, toLocalInput(new Date(Date.now() + 3 * 60 * 60_000)))
    await user.click(screen.getByRole('button', { name: 'तक्रार पाठवा' }))
    expect(screen.getByText('घटनेचा प्रकार निवडा')).toBeTruthy()
    expect(screen.getByText('घटनेची वेळ आत्ताच्या नंतरची असू शकत नाही')).toBeTruthy()
    expect(screen.getByText('हे कुठे घडले ते निवडा: तुमचे लोकेशन वापरा किंवा जागा शोधा')).toBeTruthy()

    await user.clear(when)
    await user.type(when, toLocalInput(new Date()))
    await user.selectOptions(category, 'poor lighting')
    await user.click(screen.getByRole('button', { name: 'माझे लोकेशन वापरा' }))
    expect(await screen.findByText('जागा: तुमचे लोकेशन (19.0761, 72.8777)')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'तक्रार पाठवा' }))
    expect(await screen.findByText('तक्रार या फोनवर सेव्ह झाली: इंटरनेट आल्यावर पाठवली जाईल.')).toBeTruthy()
  })

  it('in Hindi: a place chosen on the map, and the thanks once sent', async () => {
    await setLanguage('hi')
    syncServer()
    const user = userEvent.setup()
    renderInApp(<ReportForm initialPlace={{ lat: 19.0544, lon: 72.8331, label: CHOSEN_ON_MAP }} />, '/report')
    expect(await screen.findByText('जगह: नक्शे पर चुनी गई जगह (19.0544, 72.8331)')).toBeTruthy()
    await user.selectOptions(screen.getByLabelText('घटना का प्रकार'), 'harassment')
    await user.click(screen.getByRole('button', { name: 'रिपोर्ट भेजें' }))
    expect(await screen.findByText('धन्यवाद। आपकी रिपोर्ट बिना नाम के सेव हो गई।')).toBeTruthy()
  })

  it("in Hindi: the server's refusal (too many reports) in her words", async () => {
    await setLanguage('hi')
    syncServer({
      push: () => ({ status: 'rejected', code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' }),
    })
    mockGeolocation({ lat: 19.1, lon: 72.9 })
    const user = userEvent.setup()
    renderInApp(<ReportForm />, '/report')
    await user.selectOptions(await screen.findByLabelText('घटना का प्रकार'), 'theft')
    await user.click(screen.getByRole('button', { name: 'मेरी लोकेशन लें' }))
    await screen.findByText(/^जगह: आपकी लोकेशन/)
    await user.click(screen.getByRole('button', { name: 'रिपोर्ट भेजें' }))
    // What happened, then what she can do: both in Hindi.
    expect(
      await screen.findByText('बहुत ज़्यादा रिपोर्ट भेजी गई हैं। थोड़ी देर बाद फिर से कोशिश करें। एक मिनट रुकें, फिर से कोशिश करें।'),
    ).toBeTruthy()
  })
})

/** Every problem the form can show: the values that make it, its field and its English (the form's or the contract's). */
const PROBLEMS: Array<[string, Partial<ReportValues>, keyof ReportValues, string]> = [
  ['no category', { category: '' }, 'category', 'Choose a category'],
  ['unknown category', { category: 'burglary' }, 'category', IncidentMessages.category],
  ['no time', { when: '' }, 'when', 'Say when it happened'],
  ['a time that is not one', { when: 'yesterday' }, 'when', 'Enter a valid date and time'],
  ['a time in the future', { when: '2026-05-10T22:00' }, 'when', IncidentMessages.inFuture],
  ['a time over a year ago', { when: '2025-05-09T21:30' }, 'when', IncidentMessages.tooOld],
  ['no place', { where: null }, 'where', 'Choose where it happened: use your location or search for a place'],
  ['a long description', { description: 'x'.repeat(501) }, 'description', IncidentMessages.description],
]

describe("the report's rules (packages/contract incidents-rules.ts) in every language", () => {
  for (const [name, over, field, english] of PROBLEMS) {
    it(`${name}: English as the contract says it, translated in Hindi and Marathi`, async () => {
      expect(reportProblems(valid(over), NOW)[field]).toBe(english)
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        await setLanguage(language)
        const translated = reportProblems(valid(over), NOW)[field] ?? ''
        expect(translated.trim(), `${language}: ${name}`).not.toBe('')
        expect(translated, `${language}: ${name}`).not.toBe(english)
      }
    })
  }

  it('the numbers and categories a rule names stay in the translation', async () => {
    await setLanguage('hi')
    expect(reportProblems(valid({ description: 'x'.repeat(501) }), NOW).description).toContain('500')
    expect(reportProblems(valid({ category: 'burglary' }), NOW).category).toContain('छेड़छाड़, पीछा करना')
  })

  it("every contract message the server may answer for a report is said in the form's words", async () => {
    for (const message of CONTRACT_MESSAGES.keys()) {
      const outcome = { code: ErrorCode.validation, message }
      expect(refusalMessage(outcome)).toBe(message)
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        await setLanguage(language)
        expect(refusalMessage(outcome), `${language}: ${message}`).not.toBe(message)
      }
      await setLanguage('en')
    }
    await setLanguage('mr')
    expect(refusalMessage({ code: 'INTERNAL_ERROR', message: 'Something went wrong.' })).toBe(
      'तुमची तक्रार सेव्ह होऊ शकली नाही. पुन्हा प्रयत्न करा.',
    )
  })
})
