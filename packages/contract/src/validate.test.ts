import { describe, expect, it } from 'vitest'
import { LoginBody, ProfileUpdateBody, SignupBody } from './auth.ts'
import { Email } from './common.ts'
import { ContactBody } from './contact.ts'
import { isEmail } from './rules.ts'
import { ASHA_SIGNUP } from './testing.ts'
import { fieldProblems, isValid, problemOf } from './validate.ts'

const good = ASHA_SIGNUP

describe('problemOf', () => {
  it('accepts a valid signup', () => {
    expect(problemOf(SignupBody, good)).toBeNull()
  })

  it.each([
    [{ ...good, email: 'asha@example' }, 'Invalid email format'],
    [{ ...good, password: 'Sh0rt!' }, 'Password must be at least 8 characters'],
    [{ ...good, password: 'NoSymbol123' }, 'Password must contain at least 1 symbol'],
    [{ ...good, password: 'nocapital!1' }, 'Password must contain at least 1 capital letter'],
    [{ ...good, age: 12 }, 'Age must be a whole number from 13 to 120'],
    [{ ...good, age: 30.5 }, 'Age must be a whole number from 13 to 120'],
    [{ ...good, age: '30' }, 'Age must be a whole number from 13 to 120'],
    [{ ...good, gender: 'other' }, 'Gender must be one of: male, female, not to say'],
    [{ ...good, firstName: '   ' }, 'First name is required'],
    [{ ...good, lastName: 'x'.repeat(51) }, 'Last name must be at most 50 characters'],
    [{ ...good, admin: true }, 'Unknown field: admin'],
  ])('names the problem with %j', (body, message) => {
    expect(problemOf(SignupBody, body)?.message).toBe(message)
  })

  it('reports a missing field before anything else', () => {
    const { email: _omit, ...rest } = good
    expect(problemOf(SignupBody, { ...rest, age: 5 })).toMatchObject({ field: 'email', message: 'Email is required' })
  })

  it('says "Please fill all fields" for an empty login', () => {
    expect(problemOf(LoginBody, { email: '', password: 'x' })?.message).toBe('Please fill all fields')
  })

  it('rejects an empty profile update', () => {
    expect(problemOf(ProfileUpdateBody, {})?.message).toBe('Nothing to update')
    expect(problemOf(ProfileUpdateBody, { age: 40 })).toBeNull()
  })

  it('rejects a body that is not an object', () => {
    expect(problemOf(ContactBody, 'hello')).not.toBeNull()
    expect(problemOf(ContactBody, null)).not.toBeNull()
  })
})

describe('fieldProblems', () => {
  it('gives one message per field', () => {
    const problems = fieldProblems(SignupBody, { ...good, email: 'bad', password: 'short' })
    expect(problems).toEqual({ email: 'Invalid email format', password: 'Password must be at least 8 characters' })
  })
})

describe('isEmail', () => {
  it('is the Email schema rule, without the validator', () => {
    for (const value of [
      'a@b.in',
      'meera.iyer@example.co.in',
      'a b@c.d',
      'a@b',
      '@b.in',
      `${'a'.repeat(250)}@b.in`,
      '',
    ])
      expect(isEmail(value), value).toBe(isValid(Email, value))
  })
})
