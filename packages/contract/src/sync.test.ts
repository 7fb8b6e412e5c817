import { describe, expect, it } from 'vitest'
import { isOpType, opNeedsUser, PushBody } from './sync.ts'
import { opPayloadProblem, problemOf } from './validate.ts'

describe('opPayloadProblem', () => {
  it('accepts a valid payload of a known type', () => {
    expect(opPayloadProblem('profile.update', { age: 40 })).toBeNull()
    expect(opPayloadProblem('contact.send', { fullName: 'A', emailId: 'a@b.in', query: 'Hi' })).toBeNull()
  })

  it.each(['profile.delete', '', '__proto__', 'constructor', 'toString'])('calls %j an unknown type', (type) => {
    expect(opPayloadProblem(type, {})).toEqual({ code: 'UNKNOWN_OP', message: 'Unknown operation type' })
    expect(isOpType(type)).toBe(false)
    expect(opNeedsUser(type)).toBe(false)
  })

  it('words a bad payload as the REST route would', () => {
    expect(opPayloadProblem('profile.update', { userId: 'x' })).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Unknown field: userId',
    })
    expect(opPayloadProblem('contact.send', null)?.code).toBe('VALIDATION_ERROR')
  })

  it('needs a session for profile changes only', () => {
    expect(opNeedsUser('profile.update')).toBe(true)
    expect(opNeedsUser('contact.send')).toBe(false)
  })
})

describe('PushBody', () => {
  it('takes a batch of ops with any payload, checked later per op', () => {
    const op = {
      opId: '0b7e2a52-5b1a-4f0e-9a57-3f1f6f8c0d11',
      type: 'whatever',
      payload: [1, 2],
      createdAt: '2025-01-01T10:00:00.000Z',
    }
    expect(problemOf(PushBody, { clientId: '6f1c9b0e-2f55-4a43-8d2b-0f7a3c9e1b22', ops: [op] })).toBeNull()
  })
})
