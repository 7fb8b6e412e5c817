import { describe, expect, it } from 'vitest'
import { FirstName, SignupBody } from './auth.ts'
import { ContactBody } from './contact.ts'
import { StoryCreateBody } from './stories.ts'
import { cleanLine, hasVisibleText, TextMessages, textProblem, tidyText } from './text-rules.ts'
import { TrustedContactSaveBody } from './trusted-contacts.ts'
import { TRUSTED_CONTACT_NAME_MAX, trustedContactProblems } from './trusted-contacts-rules.ts'
import { problemOf } from './validate.ts'

/** Text made of nothing a person can see. */
const INVISIBLE = [
  '\u200B', // zero-width space
  '\u200C\u200D', // ZWNJ, ZWJ
  '\uFEFF', // BOM
  '\u00AD', // soft hyphen
  '\u2060\u2061', // word joiner, function application
  '\u180E', // Mongolian vowel separator
  '\u034F', // combining grapheme joiner
  '\u3164\uFFA0', // Hangul fillers
  '\u2800', // braille blank
  '\u200E\u200F\u061C', // direction marks
  '\u00A0\u3000\u2028', // no-break and ideographic spaces, line separator
  '\u0301\u0301', // combining marks with nothing to sit on
  ' \u200B \u200D\t\u2063 ',
]

/** Names as people write them, Indian scripts with their joiners included. */
const NAMES = [
  'Asha',
  'श्री', // Shri: श + virama + र + vowel sign
  'श्रीमती अनघा',
  'क्\u200Dष', // Devanagari with ZWJ (half form)
  'र\u200D्या', // Marathi eyelash ra: र + ZWJ + virama
  'अर्\u200Cजुन', // with ZWNJ
  'সুমি', // Bengali
  'ಅನುಷಾ', // Kannada
  'தமிழ்செல்வி', // Tamil
  'ഗൗരി', // Malayalam
  'ਹਰਪ੍ਰੀਤ', // Gurmukhi
  'مریم', // Urdu
  "D'Souza-Pereira",
  'Mary Anne',
]

const signup = (firstName: string) => ({
  firstName,
  lastName: 'Rao',
  age: 28,
  gender: 'female',
  email: 'asha@example.in',
  password: 'Tiger#Lily9',
})

describe('required text', () => {
  it.each(INVISIBLE)('refuses %j as empty, in every schema and plain rule', (text) => {
    expect(hasVisibleText(text)).toBe(false)
    expect(problemOf(SignupBody, signup(text))?.message).toBe('First name is required')
    expect(problemOf(StoryCreateBody, { title: text, content: 'Hello' })?.message).toBe('Title is required')
    expect(problemOf(StoryCreateBody, { title: 'Hello', content: text })?.message).toBe('Content is required')
    expect(problemOf(ContactBody, { fullName: 'Asha', emailId: 'a@b.in', query: text })?.message).toBe(
      'Query is required',
    )
    expect(trustedContactProblems({ name: text, phone: '+919876543210' }).name).toBe('Name is required')
    expect(textProblem('Title', text, 150, 'line')).toBe('Title is required')
  })

  it.each(NAMES)('takes the name %j, joiners and all', (name) => {
    expect(problemOf(SignupBody, signup(name))).toBeNull()
    expect(problemOf(StoryCreateBody, { title: name, content: `${name} लिहिते` })).toBeNull()
    expect(trustedContactProblems({ name, phone: '+919876543210' })).toEqual({})
    expect(tidyText(name)).toBe(name.normalize('NFC'))
  })

  it('takes emoji, digits and punctuation as visible', () => {
    for (const text of ['❤️', '🇮🇳', '42', '?', 'ok\u200B']) expect(hasVisibleText(text)).toBe(true)
  })
})

describe('names and titles', () => {
  const refused: [string, string][] = [
    ['Asha\u202ERao', TextMessages.direction('First name')], // right-to-left override
    ['\u202Dasha', TextMessages.direction('First name')], // left-to-right override
    ['Asha\u202A', TextMessages.direction('First name')],
    ['Asha\u2066Rao\u2069', TextMessages.direction('First name')], // isolates
    ['Asha\u2067', TextMessages.direction('First name')],
    ['Asha\u0000', TextMessages.lineControls('First name')], // NUL
    ['As\u0007ha', TextMessages.lineControls('First name')],
    ['Asha\u001B[31m', TextMessages.lineControls('First name')], // terminal escape
    ['Asha\u0085', TextMessages.lineControls('First name')], // C1
    ['Asha\u007F', TextMessages.lineControls('First name')],
    ['Asha\nRao', TextMessages.lineControls('First name')],
    ['Asha\tRao', TextMessages.lineControls('First name')],
    ['Asha\u2028Rao', TextMessages.lineControls('First name')],
  ]

  it.each(refused)('refuses %j in a name, saying why', (name, message) => {
    expect(problemOf(FirstName, name)?.message).toBe(message)
    expect(problemOf(SignupBody, signup(name))?.message).toBe(message)
    expect(textProblem('First name', name, 50, 'line')).toBe(message)
  })

  it('refuses them in story titles, contact names and the support form, with the field named', () => {
    expect(problemOf(StoryCreateBody, { title: 'Safe\u202Egnissorc', content: 'x' })?.message).toBe(
      TextMessages.direction('Title'),
    )
    expect(problemOf(StoryCreateBody, { title: 'Safe\u0000', content: 'x' })?.message).toBe(
      TextMessages.lineControls('Title'),
    )
    expect(trustedContactProblems({ name: 'Amma\u202E', phone: '+919876543210' }).name).toBe(
      TextMessages.direction('Name'),
    )
    expect(problemOf(ContactBody, { fullName: 'Asha\u2066', emailId: 'a@b.in', query: 'Hi' })?.message).toBe(
      TextMessages.direction('Full name'),
    )
  })

  it('lets spaces and line breaks around a name pass (the server trims them)', () => {
    for (const name of [' Asha ', 'Asha\n', '\tAsha Rao\r\n', 'Mrs.  Asha\u00A0Rao']) {
      expect(problemOf(FirstName, name)).toBeNull()
    }
  })

  it('refuses NUL and escapes in free text but keeps its line breaks, tabs and direction marks', () => {
    expect(problemOf(StoryCreateBody, { title: 'T', content: 'line\nline\r\n\ttab\fpage' })).toBeNull()
    expect(problemOf(StoryCreateBody, { title: 'T', content: 'مریم \u202Bقول\u202C' })).toBeNull()
    expect(problemOf(StoryCreateBody, { title: 'T', content: 'a\u0000b' })?.message).toBe(
      TextMessages.controls('Content'),
    )
    expect(problemOf(StoryCreateBody, { title: 'T', content: '\u001B[2J' })?.message).toBe(
      TextMessages.controls('Content'),
    )
  })

  it('words every problem the same in the plain rule and the schema', () => {
    const samples = ['', ' ', '\u200B', 'ok', 'a'.repeat(81), '😀'.repeat(80), 'a\u202E', 'a\u0000', 'a\nb', 'श्री']
    for (const value of samples) {
      const name = problemOf(TrustedContactSaveBody.properties.name, value)?.message ?? null
      expect(textProblem('Name', value, TRUSTED_CONTACT_NAME_MAX, 'line'), JSON.stringify(value)).toBe(name)
      const query = problemOf(ContactBody.properties.query, value)?.message ?? null
      expect(textProblem('Query', value, 5000, 'text'), JSON.stringify(value)).toBe(query)
    }
  })
})

describe('tidyText', () => {
  const tidied = {
    '  Asha\u200B\uFEFF ': 'Asha',
    '\u200B\u2060Asha Rao\u00AD': 'Asha Rao',
    // NFD to NFC
    'Zoe\u0308': 'Zoë',
    'क्\u200D': 'क्\u200D',
    'I ❤️': 'I ❤️',
    'a\u200Bb': 'a\u200Bb',
  }
  it.each(Object.entries(tidied))(
    'stores NFC without blanks and invisible characters around, keeping joiners and emoji selectors: %j as %j',
    (text, stored) => {
      expect(tidyText(text)).toBe(stored)
    },
  )

  it('cleans a line instead of refusing it', () => {
    expect(cleanLine(' Dadar\u202E station\n')).toBe('Dadar station')
    expect(cleanLine('Dadar\u0000West')).toBe('Dadar West')
    expect(cleanLine('\u200B')).toBe('')
    expect(problemOf(FirstName, cleanLine('Asha\u2066\tRao\u0000'))).toBeNull()
  })

  it('runs in linear time on long hostile input', () => {
    const started = Date.now()
    const long = `a${' '.repeat(200_000)}\u0001`
    problemOf(FirstName, long)
    textProblem('Name', long, 50, 'line')
    tidyText(`a${'\u200B'.repeat(200_000)}b`)
    expect(Date.now() - started).toBeLessThan(1000)
  })
})
