/**
 * The guardians' alert texts in every language (like web/src/i18n/catalogs.test.ts for the app): the same keys in
 * en/hi/mr, messages that compile, each translation with the English one's placeholders, and none left in English.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { LANGUAGES } from '@wings/contract'
import { describe, expect, it } from 'vitest'
import { type AlertFacts, agoOf, alertLanguage, alertMail, confirmationMail, pushPayload, sayIn } from './texts.ts'

const LOCALES = new URL('./locales/', import.meta.url)
const read = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${language}.json`, LOCALES), 'utf8'))

/** Messages that read the same in every language: names, codes and numbers, never a sentence. */
const SAME_EVERYWHERE = /^[\s\d()+·:/.,–-]*(Wings|SOS|112|\{[a-zA-Z]+\}|[\s\d()+·:/.,–-])*$/

type Compiled = ReturnType<typeof compileMessageOrThrow>
/** What a translation must keep: each argument, each plural/select with its kind and its cases' arguments. */
function shape(message: string): string[] {
  const found = new Set<string>()
  const walk = (tokens: Compiled) => {
    if (typeof tokens === 'string') return
    for (const token of tokens) {
      if (typeof token === 'string') continue
      const [arg, kind, cases] = token
      if (kind === undefined) found.add(`{${arg}}`)
      else found.add(`{${arg}, ${kind}}`)
      if (cases && typeof cases === 'object')
        for (const [key, choice] of Object.entries(cases)) {
          // A plural's `offset` is there too, undefined without one.
          if (choice === undefined || key === 'offset') continue
          if (kind === 'select') found.add(`{${arg}} case ${key}`)
          walk(choice as Compiled)
        }
    }
  }
  walk(compileMessageOrThrow(message))
  return [...found].sort()
}

const english = read('en')

describe('the alert catalogs (locales/*.json)', () => {
  it('has a file for every language', () => {
    expect(readdirSync(LOCALES).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort())
  })

  it('has English messages that compile and are not empty', () => {
    for (const [key, message] of Object.entries(english)) {
      expect(message.trim(), key).not.toBe('')
      expect(() => compileMessageOrThrow(message), key).not.toThrow()
    }
  })

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`has every message in ${language}, with the English one's placeholders, translated`, () => {
      const translated = read(language)
      expect(Object.keys(translated).sort(), 'the same keys as en.json').toEqual(Object.keys(english).sort())
      for (const [key, message] of Object.entries(english)) {
        const translation = translated[key] ?? ''
        expect(translation.trim(), `${language} ${key} is empty`).not.toBe('')
        expect(() => compileMessageOrThrow(translation), `${language} ${key}`).not.toThrow()
        expect(shape(translation), `${language} ${key}: placeholders`).toEqual(shape(message))
        if (translation === message && !SAME_EVERYWHERE.test(message))
          expect.fail(`${language} ${key} is the English message, not a translation: "${message}"`)
        // Hindi ends its sentences with ।, Marathi with a full stop.
        if (language === 'hi' && /\.$/.test(message)) expect(translation, `hi ${key}`).toMatch(/।$/)
        if (language === 'mr') expect(translation, `mr ${key}`).not.toContain('।')
      }
    })
  }
})

const NOW = new Date('2026-11-25T10:00:00Z')
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString()

function facts(over: Partial<AlertFacts>): AlertFacts {
  return {
    kind: 'checkin-missed',
    firstName: 'Asha',
    livePath: '/s/abc',
    guardianPath: '/g/xyz',
    position: { lat: 18.52, lon: 73.8567, accuracy: 8.4, at: minutesBefore(3) },
    message: null,
    deadline: minutesBefore(125),
    destination: 'Shivajinagar',
    tag: 'checkin-s1',
    now: NOW,
    language: 'en',
    ...over,
  }
}

describe('the alert texts', () => {
  it('say how long ago in each language, with Latin digits and the right plural', () => {
    const ago = (minutes: number, language: 'en' | 'hi' | 'mr') => agoOf(minutesBefore(minutes), NOW, sayIn(language))
    expect([0, 1, 4, 60, 61, 125].map((m) => ago(m, 'en'))).toEqual([
      'less than a minute ago',
      '1 minute ago',
      '4 minutes ago',
      '1 hour ago',
      '1 hour 1 minute ago',
      '2 hours 5 minutes ago',
    ])
    expect([1, 4, 60, 125].map((m) => ago(m, 'hi'))).toEqual([
      '1 मिनट पहले',
      '4 मिनट पहले',
      '1 घंटे पहले',
      '2 घंटे 5 मिनट पहले',
    ])
    expect([1, 4, 60, 120, 125].map((m) => ago(m, 'mr'))).toEqual([
      '1 मिनिटापूर्वी',
      '4 मिनिटांपूर्वी',
      '1 तासापूर्वी',
      '2 तासांपूर्वी',
      '2 तास 5 मिनिटांपूर्वी',
    ])
  })

  it('keep the English of before, word for word', () => {
    expect(pushPayload(facts({}))).toEqual({
      kind: 'checkin-missed',
      title: 'Asha missed her check-in',
      body: 'Asha was to check in at Shivajinagar 2 hours 5 minutes ago and has not said she is safe. Her last known position is from 3 minutes ago. Tap to see where she is. Call her. If you cannot reach her, call 112.',
      url: '/s/abc',
      tag: 'checkin-s1',
    })
    expect(alertMail(facts({ kind: 'checkin-safe' }), 'maa@example.in', 'https://wings.example').text).toBe(
      'Asha has checked in: she says she is safe. You do not need to do anything more.\n\n' +
        'Live location: https://wings.example/s/abc\n\nLast known position: 18.52000, 73.85670 (within about 8 m)\n\n' +
        '--\nYou receive this because Asha chose you as a guardian in Wings.\n' +
        'To stop these alerts: https://wings.example/g/xyz?stop=1\n',
    )
    expect(confirmationMail('Asha', 'maa@example.in', 'https://l', 'https://s').subject).toBe(
      "Confirm your e-mail to receive Asha's alerts",
    )
  })

  it('write a missed check-in in Marathi and a shared location in Hindi', () => {
    expect(pushPayload(facts({ language: 'mr' }))).toMatchObject({
      title: 'Asha यांचे चेक-इन चुकले',
      body: 'Asha यांना 2 तास 5 मिनिटांपूर्वी Shivajinagar इथे पोहोचल्यावर चेक-इन करायचे होते, पण त्या सुरक्षित आहेत असे त्यांनी अजून कळवलेले नाही. त्यांचे शेवटचे लोकेशन 3 मिनिटांपूर्वीचे आहे. त्या कुठे आहेत हे पाहण्यासाठी टॅप करा. त्यांना कॉल करा. संपर्क झाला नाही तर 112 ला कॉल करा.',
    })
    const mail = alertMail(facts({ kind: 'share-started', language: 'hi' }), 'maa@example.in', 'https://w')
    expect(mail.subject).toBe('Asha अपनी लाइव लोकेशन शेयर कर रही हैं')
    expect(mail.text).toContain('Asha ने आपके साथ अपनी लाइव लोकेशन शेयर करना शुरू किया है।\n')
    expect(mail.text).toContain('लोकेशन देखते रहने के लिए नीचे दिया लिंक खोलें।')
    expect(confirmationMail('Asha', 'maa@example.in', 'https://l', 'https://s', 'mr').text).toContain(
      'हा पत्ता कन्फर्म करण्यासाठी 24 तासांच्या आत ही लिंक उघडा:\nhttps://l',
    )
  })

  it('are in the guardian’s language, else hers, else English', () => {
    expect(alertLanguage('mr', 'hi')).toBe('mr')
    expect(alertLanguage(null, 'hi')).toBe('hi')
    expect(alertLanguage(null, null)).toBe('en')
  })
})
