import { describe, expect, it } from 'vitest'
import { opNeedsUser } from './sync.ts'
import { TrustedContactSaveBody } from './trusted-contacts.ts'
import {
  isPhone,
  normalizePhone,
  PHONE_PATTERN,
  TRUSTED_CONTACTS_MAX,
  TrustedContactMessages,
  trustedContactProblems,
} from './trusted-contacts-rules.ts'
import { fieldProblems, opPayloadProblem, problemOf } from './validate.ts'

const PHONE_MESSAGE = 'Phone must be a 10-digit number, e.g. 98765 43210, or start with + and the country code'
const ID = 'e'.repeat(24)

describe('normalizePhone and isPhone', () => {
  it.each([
    ['+91 98765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['(+44) 20.7946.0958', '+442079460958'],
    [' +1 (415) 555-2671 ', '+14155552671'],
    ['+91\u00a098765\u00a043210', '+919876543210'],
  ])('reads %j as %j, a phone', (raw, normalized) => {
    expect(normalizePhone(raw)).toBe(normalized)
    expect(isPhone(raw)).toBe(true)
  })

  it.each([
    ['10 digits', '9876543210'],
    ['10 digits with spaces', '98765 43210'],
    ['10 digits with dashes', '98765-43210'],
    ['a trunk 0', '098765 43210'],
    ['a trunk 0 and a dash', '0-98765-43210'],
    ['91 without +', '91 98765 43210'],
    ['91 and no space', '919876543210'],
    ['+91 and a trunk 0', '+91 0 98765 43210'],
    ['+91 in brackets', '(+91) 98765.43210'],
    ['a landline with its STD code', '022 2345 6789'],
    ['10 digits that start with 91', '91234 56789'],
  ])('reads an Indian number typed with %s as E.164', (_case, raw) => {
    expect(isPhone(raw)).toBe(true)
    expect(normalizePhone(raw)).toMatch(/^\+91[1-9][0-9]{9}$/)
  })

  it.each([
    // The national number of each Indian form is kept.
    ['022 2345 6789', '+912223456789'],
    ['91234 56789', '+919123456789'],
    ['+91 0 98765 43210', '+919876543210'],
    // A number an older version stored with a trunk 0 is normalized; other old forms stay as they were.
    ['+9109876543210', '+919876543210'],
    ['+91987654321', '+91987654321'],
    ['+442079460958', '+442079460958'],
  ])('normalizes %j to %j', (raw, normalized) => {
    expect(normalizePhone(raw)).toBe(normalized)
  })

  it.each([
    ['9 digits', '98765 4321'],
    ['11 digits', '98765 432101'],
    ['a 0 as first national digit', '+91 01234 56789'],
    ['+91 and 9 digits', '+91 98765 4321'],
    ['+91 and 11 digits', '+91 98765 432101'],
    ['00 instead of +', '0091 98765 43210'],
    ['a country code of 0', '+0 98765 43210'],
    ['too few digits abroad (7)', '+4420794'],
    ['too many digits (16)', '+4420794609581234'],
    ['a letter', '+91 98765 4321O'],
    ['words', 'call me'],
    ['a second +', '+91 +98765 43210'],
    ['a + in the middle', '98765+43210'],
    ['a slash', '+91/9876543210'],
    ['nothing', ''],
    ['only separators', ' - '],
    ['too long as typed', `+91${' '.repeat(30)}9876543210`],
  ])('refuses %s', (_case, raw) => {
    expect(isPhone(raw)).toBe(false)
  })

  it('takes 8 to 15 digits in all abroad', () => {
    expect(isPhone('+12345678')).toBe(true)
    expect(isPhone('+123456789012345')).toBe(true)
  })

  it('normalizes every phone it accepts to E.164', () => {
    for (const raw of ['98765 43210', '0 22 2345 6789', '+44 20 7946 0958', '+1 415 555 2671']) {
      expect(isPhone(raw)).toBe(true)
      expect(normalizePhone(raw)).toMatch(new RegExp(PHONE_PATTERN))
    }
  })
})

describe('trustedContactProblems', () => {
  it('finds nothing wrong with a name and a phone with its country code', () => {
    expect(trustedContactProblems({ name: ' Amma ', phone: '+91 98765 43210' })).toEqual({})
  })

  it('words each field as the server does', () => {
    expect(trustedContactProblems({ name: '  ', phone: '8765 43210' })).toEqual({
      name: 'Name is required',
      phone: PHONE_MESSAGE,
    })
    expect(trustedContactProblems({ name: 'x'.repeat(81), phone: '+919876543210' })).toEqual({
      name: 'Name must be at most 80 characters',
    })
    expect(TrustedContactMessages.tooMany).toBe(
      `You can keep at most ${TRUSTED_CONTACTS_MAX} trusted contacts. Remove one to add another.`,
    )
  })
})

describe('TrustedContactSaveBody and the trusted ops', () => {
  it('takes a phone as typed, with or without an id, and words problems like the rules', () => {
    expect(problemOf(TrustedContactSaveBody, { name: 'Amma', phone: '+91 98765-43210' })).toBeNull()
    expect(problemOf(TrustedContactSaveBody, { _id: ID, name: 'Amma', phone: '(+44) 20.7946.0958' })).toBeNull()
    for (const phone of ['98765 43210', '098765-43210', '91 98765 43210', '+91 0 98765 43210']) {
      expect(problemOf(TrustedContactSaveBody, { name: 'Amma', phone })).toBeNull()
    }
    expect(fieldProblems(TrustedContactSaveBody, { name: ' ', phone: '8765 43210' })).toEqual(
      trustedContactProblems({ name: ' ', phone: '8765 43210' }),
    )
    expect(fieldProblems(TrustedContactSaveBody, { name: 'x'.repeat(81), phone: '+91 98765 43210' })).toEqual({
      name: 'Name must be at most 80 characters',
    })
    for (const phone of [
      '+0 98765 43210',
      '+9198765',
      '+91/9876543210',
      '+91 98765 4321',
      '0091 98765 43210',
      919876543210,
    ]) {
      expect(problemOf(TrustedContactSaveBody, { name: 'Amma', phone })?.message).toBe(PHONE_MESSAGE)
    }
    expect(problemOf(TrustedContactSaveBody, { name: 'Amma' })?.message).toBe('Phone is required')
    expect(problemOf(TrustedContactSaveBody, { name: 'Amma', phone: '+919876543210', userId: ID })?.message).toBe(
      'Unknown field: userId',
    )
  })

  it('checks op payloads: the save names its contact, both need a session', () => {
    expect(opPayloadProblem('trusted.save', { _id: ID, name: 'Amma', phone: '+919876543210' })).toBeNull()
    expect(opPayloadProblem('trusted.save', { name: 'Amma', phone: '+919876543210' })).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Id is required',
    })
    expect(opPayloadProblem('trusted.delete', { _id: ID })).toBeNull()
    expect(opPayloadProblem('trusted.delete', { _id: 'nope' })?.message).toBe('Id must be 24 hexadecimal characters')
    expect(opNeedsUser('trusted.save')).toBe(true)
    expect(opNeedsUser('trusted.delete')).toBe(true)
  })
})
