import { describe, expect, it } from 'vitest'
import { activeCount } from './count.ts'
import { inviteText, smsInvite, whatsappInvite } from './invite.ts'

const LINK = `https://wings.example/g/${'t'.repeat(43)}`

describe('the invitation message', () => {
  it('carries the link, what it is for, and her first name only', () => {
    const text = inviteText('Asha Maria', LINK)
    expect(text.split('\n')[0]).toBe('Asha has asked you to be one of her guardians on Wings.')
    expect(text).toContain(LINK)
    expect(text).not.toContain('Maria')
    expect(inviteText('  ', LINK).startsWith('A friend has asked you')).toBe(true)
  })

  it('is addressed to the contact’s number when it is known (wa.me wants digits only)', () => {
    expect(whatsappInvite('hi there', '+91 98765-43210')).toBe('https://wa.me/919876543210?text=hi%20there')
    expect(whatsappInvite('hi')).toBe('https://wa.me/?text=hi')
    expect(smsInvite('a&b', '+919876543210')).toBe('sms:+919876543210?body=a%26b')
    expect(smsInvite('a')).toBe('sms:?body=a')
  })

  it('counts only the guardians who will be alerted', () => {
    expect(activeCount([{ state: 'active' }, { state: 'invited' }, { state: 'stopped' }, { state: 'active' }])).toBe(2)
  })
})
